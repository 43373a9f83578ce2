import "server-only";
import type { z } from "@/lib/zod";
import type { signBodySchema } from "@/lib/webhooks/shared/api-schemas";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { DEFAULT_SCHEME, parseSchemeId, schemeId } from "@/lib/signing";
import { getEndpointOrThrow, resolveSecret, type EndpointSettings } from "./endpoint-store";
import { signedHeaders } from "./sender";
import { webhookContext } from "./server-context";

/**
 * The sign route's JSON limit in characters: the base64 of a 1 MiB body (4/3 of it) and room to spare, so that
 * `project-console check --endpoint` can have its large-body case signed (lib/check/bodies.ts LARGE_BODY_BYTES).
 */
export const SIGN_BODY_LIMIT = 1536 * 1024;

export interface SignedBody {
  /** The scheme id it was signed in: the endpoint's detected (locked) scheme, else the default. */
  scheme: string;
  /** The headers the service would send with this body, in order: content type, user agent, signature(s). */
  headers: [string, string][];
}

/**
 * An endpoint and the secret it signs with, for whatever the server signs in its name (a test delivery, a
 * sample event): 404 when there is no such endpoint, 409 when it has no secret (`purpose` says for what).
 */
export async function endpointSigningSecret(
  db: Db,
  settings: Pick<EndpointSettings, "envSecret" | "box">,
  id: string,
  purpose: string,
) {
  const endpoint = await getEndpointOrThrow(db, id);
  const { secret } = resolveSecret(endpoint, settings);
  if (!secret) {
    throw new ApiError(
      "no_secret",
      `This endpoint has no secret to sign ${purpose} with. Set its secret first.`,
    );
  }
  return { endpoint, secret };
}

/**
 * Signs a body as the service would for this endpoint, for `project-console trigger --endpoint`: with the
 * endpoint's secret, in the scheme its receiver detected (else the default), through the sender's own
 * header builder. The secret never leaves the server; the answer holds only what a real delivery carries
 * in clear. Anyone who may send the endpoint a test delivery may do this, and nothing more: a signature
 * lets them call their own handler, which a test delivery to the receiver already allows.
 */
export async function signForEndpoint(
  db: Db,
  settings: Pick<EndpointSettings, "envSecret" | "box">,
  id: string,
  body: Buffer,
): Promise<SignedBody> {
  const { endpoint, secret } = await endpointSigningSecret(db, settings, id, "a sample event");
  const scheme = (endpoint.lockedScheme && parseSchemeId(endpoint.lockedScheme)) || DEFAULT_SCHEME;
  return { scheme: schemeId(scheme), headers: Object.entries(signedHeaders(body, secret, scheme)) };
}

/** The route's work: the app's database and secret settings. */
export async function signBodyForEndpoint(
  id: string,
  input: z.infer<typeof signBodySchema>,
): Promise<SignedBody> {
  const { db, settings } = await webhookContext();
  return signForEndpoint(db, settings, id, Buffer.from(input.bodyBase64, "base64"));
}
