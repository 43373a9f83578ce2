import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { webhookEndpoints } from "@/lib/db/schema";
import { DEFAULT_ENDPOINT_ID, receiverPath } from "@/lib/webhooks/shared/constants";
import { NO_PREVIOUS_SECRET, previousAfterChange, previousSecretView } from "./previous-secret";
import type { SecretBox } from "./secret-box";
import { forgetAnswerPositions } from "./answer-sequence-store";
import type { AnswerSequence } from "@/lib/webhooks/shared/answer-sequence";

/**
 * Receiver endpoints in the database. The default endpoint ("default", /api/webhooks/receive) is created on
 * first use and falls back to WEBHOOK_SECRET until a secret is set in the console; it cannot be deleted.
 */
export {
  DEFAULT_ENDPOINT_ID,
  ENDPOINT_ID_PATTERN,
  receiverPath,
} from "@/lib/webhooks/shared/constants";

export interface EndpointSettings {
  /** WEBHOOK_SECRET: the default endpoint's secret unless one was set in the console. */
  envSecret: string | null;
  /** WEBHOOK_RATE_LIMIT_PER_MINUTE, unless the endpoint overrides it. */
  rateLimitPerMinute: number;
  box: SecretBox;
}

export interface EndpointView {
  id: string;
  name: string;
  /** Path of its receiver URL, to be prefixed with the app's origin. */
  path: string;
  secret: { set: boolean; source: "console" | "environment" | null; fingerprint: string | null };
  /** The replaced secret, still accepted until `expiresAt` (24 h after the replacement); null otherwise. */
  previousSecret: { fingerprint: string | null; replacedAt: string; expiresAt: string } | null;
  lockedScheme: string | null;
  lockedAt: string | null;
  acceptInvalidSignatures: boolean;
  rateLimitPerMinute: number;
  rateLimitOverride: number | null;
  /** The answers given by attempt within each retry group; null: every delivery is answered normally. */
  answerSequence: AnswerSequence | null;
  createdAt: string;
  updatedAt: string;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The secret an endpoint verifies with, and where it comes from. Never leaves the server. */
export function resolveSecret(
  row: Pick<EndpointRow, "id" | "secretCiphertext">,
  settings: Pick<EndpointSettings, "envSecret" | "box">,
): { secret: string | null; source: "console" | "environment" | null; unreadable: boolean } {
  if (row.secretCiphertext) {
    const secret = settings.box.decrypt(row.secretCiphertext, row.id);
    return { secret, source: "console", unreadable: secret === null };
  }
  if (row.id === DEFAULT_ENDPOINT_ID && settings.envSecret) {
    return { secret: settings.envSecret, source: "environment", unreadable: false };
  }
  return { secret: null, source: null, unreadable: false };
}

export function toEndpointView(
  row: EndpointRow,
  settings: EndpointSettings,
  now = new Date(),
): EndpointView {
  const { source } = resolveSecret(row, settings);
  const fingerprint =
    source === "console"
      ? row.secretFingerprint
      : source === "environment" && settings.envSecret
        ? settings.box.fingerprint(settings.envSecret)
        : null;
  return {
    id: row.id,
    name: row.name,
    path: receiverPath(row.id),
    secret: { set: source !== null, source, fingerprint },
    previousSecret: previousSecretView(row, now),
    lockedScheme: row.lockedScheme,
    lockedAt: row.lockedAt?.toISOString() ?? null,
    acceptInvalidSignatures: row.acceptInvalidSignatures,
    rateLimitPerMinute: row.rateLimitPerMinute ?? settings.rateLimitPerMinute,
    rateLimitOverride: row.rateLimitPerMinute,
    answerSequence: row.answerSequence
      ? { steps: row.answerSequence.steps, afterLast: row.answerSequence.afterLast }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function ensureDefaultEndpoint(db: Db): Promise<void> {
  await db
    .insert(webhookEndpoints)
    .values({ id: DEFAULT_ENDPOINT_ID, name: "Default" })
    .onConflictDoNothing();
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  await ensureDefaultEndpoint(db);
  // The default endpoint first, then the others in creation order.
  return db
    .select()
    .from(webhookEndpoints)
    .orderBy(
      sql`${webhookEndpoints.id} <> ${DEFAULT_ENDPOINT_ID}`,
      asc(webhookEndpoints.createdAt),
      asc(webhookEndpoints.id),
    );
}

export async function getEndpoint(db: Db, id: string): Promise<EndpointRow | null> {
  if (id === DEFAULT_ENDPOINT_ID) await ensureDefaultEndpoint(db);
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

/** The 404 of every console call that names an endpoint that is not there. */
export function endpointNotFound(): ApiError {
  return new ApiError("not_found", "No webhook endpoint with this id.");
}

/** getEndpoint for a console call: an unknown id is the API's 404 `not_found`. */
export async function getEndpointOrThrow(db: Db, id: string): Promise<EndpointRow> {
  const row = await getEndpoint(db, id);
  if (!row) throw endpointNotFound();
  return row;
}

function newEndpointId(): string {
  return `ep_${randomBytes(8).toString("hex")}`;
}

export async function createEndpoint(
  db: Db,
  box: SecretBox,
  input: {
    name: string;
    secret?: string | null;
    acceptInvalidSignatures?: boolean;
    rateLimitPerMinute?: number | null;
  },
): Promise<EndpointRow> {
  const id = newEndpointId();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      name: input.name,
      secretCiphertext: input.secret ? box.encrypt(input.secret, id) : null,
      secretFingerprint: input.secret ? box.fingerprint(input.secret) : null,
      acceptInvalidSignatures: input.acceptInvalidSignatures ?? false,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    })
    .returning();
  return row!;
}

export interface EndpointPatch {
  name?: string;
  /** A new secret, or null to remove the console's secret (the default endpoint then uses WEBHOOK_SECRET). */
  secret?: string | null;
  acceptInvalidSignatures?: boolean;
  rateLimitPerMinute?: number | null;
  /** The answer sequence; null clears it. Setting or clearing it starts every retry group again. */
  answerSequence?: AnswerSequence | null;
  /** Forget the locked scheme; the next verified delivery locks one again. */
  resetSchemeLock?: boolean;
  /**
   * Stop accepting the previous secret now instead of at the end of its 24 h; with `secret`, the secret it
   * replaces is not kept at all.
   */
  forgetPreviousSecret?: boolean;
}

export async function updateEndpoint(
  db: Db,
  box: SecretBox,
  id: string,
  patch: EndpointPatch,
  /** WEBHOOK_SECRET: the default endpoint's secret before (or after) one is set here; kept as previous too. */
  options: { envSecret?: string | null; now?: Date } = {},
): Promise<EndpointRow | null> {
  if (id === DEFAULT_ENDPOINT_ID) await ensureDefaultEndpoint(db);
  const now = options.now ?? new Date();
  const values: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.acceptInvalidSignatures !== undefined)
    values.acceptInvalidSignatures = patch.acceptInvalidSignatures;
  if (patch.rateLimitPerMinute !== undefined) values.rateLimitPerMinute = patch.rateLimitPerMinute;
  if (patch.forgetPreviousSecret) Object.assign(values, NO_PREVIOUS_SECRET);
  if (patch.secret !== undefined) {
    values.secretCiphertext = patch.secret ? box.encrypt(patch.secret, id) : null;
    values.secretFingerprint = patch.secret ? box.fingerprint(patch.secret) : null;
    // Given with a new secret, forgetPreviousSecret replaces it at once (a leaked secret): nothing is kept.
    const current = patch.forgetPreviousSecret ? null : await getEndpoint(db, id);
    if (current) {
      const settings = { envSecret: options.envSecret ?? null, box };
      const before = resolveSecret(current, settings).secret;
      const after = resolveSecret(
        { id, secretCiphertext: values.secretCiphertext },
        settings,
      ).secret;
      const previous = previousAfterChange(id, before, after, box, now);
      if (previous) Object.assign(values, previous);
    }
  }
  // A new secret may come with a new sender configuration (another key form): learn the scheme again.
  if (patch.resetSchemeLock || patch.secret !== undefined) {
    values.lockedScheme = null;
    values.lockedAt = null;
  }
  if (patch.answerSequence !== undefined) {
    values.answerSequence = patch.answerSequence && {
      ...patch.answerSequence,
      id: randomBytes(8).toString("hex"),
    };
    await forgetAnswerPositions(db, id);
  }
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row ?? null;
}

/** Deletes an endpoint and, by cascade, its deliveries. The default endpoint cannot be deleted. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}
