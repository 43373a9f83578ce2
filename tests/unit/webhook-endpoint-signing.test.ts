import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { openDatabase, type Database } from "@/lib/db/connect";
import { parseSchemeId, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from "@/lib/signing";
import { signForEndpoint } from "@/lib/webhooks/server/endpoint-signing";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { lockScheme } from "@/lib/webhooks/server/receipt-store";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { freshPostgresUrl, storageTargets } from "../support/databases";

/**
 * POST /api/webhooks/endpoints/:id/sign's work (`project-console trigger --endpoint`): the headers the
 * service would send, signed with the endpoint's secret in the scheme its receiver detected, and nothing of
 * the secret in the answer.
 */

const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);
const settings = { envSecret: "env-secret-of-the-default-endpoint", box };
const body = Buffer.from(
  '{"event":"task.created","data":{"title":"Fix the roof"},"timestamp":"2026-11-26T10:00:00Z"}',
);

function signatureOf(headers: [string, string][], name: string) {
  return headers.find(([header]) => header === name)?.[1];
}

for (const { name, label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`signing for an endpoint (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      // A database of its own: the default endpoint is shared, and other files' deliveries lock its scheme.
      database = await openDatabase(
        name === "postgres" ? { kind: "postgres", url: await freshPostgresUrl() } : target(),
      );
    });
    afterAll(() => database?.close());

    it("signs in the endpoint's detected scheme, verifiable with its secret, the secret nowhere in the answer", async () => {
      const endpoint = await createEndpoint(database.db, box, {
        name: "signing",
        secret: "whsec-endpoint-secret",
      });
      await lockScheme(database.db, endpoint.id, "timestamp.body/base64/sha256=/raw");
      const signed = await signForEndpoint(database.db, settings, endpoint.id, body);
      expect(signed.scheme).toBe("timestamp.body/base64/sha256=/raw");
      expect(signed.headers.map(([name]) => name)).toEqual([
        "content-type",
        "user-agent",
        TIMESTAMP_HEADER,
        SIGNATURE_HEADER,
      ]);
      const matches = verifySignature({
        body,
        secret: "whsec-endpoint-secret",
        signatureHeader: signatureOf(signed.headers, SIGNATURE_HEADER)!,
        timestamps: [signatureOf(signed.headers, TIMESTAMP_HEADER)],
      });
      expect(matches.map((match) => match.scheme)).toContainEqual(parseSchemeId(signed.scheme));
      expect(JSON.stringify(signed)).not.toContain("whsec-endpoint-secret");
    });

    it("signs in the default scheme before one was detected, with the environment's secret for the default endpoint", async () => {
      const signed = await signForEndpoint(database.db, settings, "default", body);
      expect(signed.scheme).toBe("body/hex/none/raw");
      const matches = verifySignature({
        body,
        secret: settings.envSecret,
        signatureHeader: signatureOf(signed.headers, SIGNATURE_HEADER)!,
        schemes: [parseSchemeId(signed.scheme)!],
      });
      expect(matches).toHaveLength(1);
    });

    it("refuses an endpoint without a secret (409) and one that does not exist (404)", async () => {
      const bare = await createEndpoint(database.db, box, { name: "no secret" });
      await expect(signForEndpoint(database.db, settings, bare.id, body)).rejects.toMatchObject(
        new ApiError(
          "no_secret",
          "This endpoint has no secret to sign a sample event with. Set its secret first.",
        ),
      );
      await expect(
        signForEndpoint(database.db, settings, "ep_missing", body),
      ).rejects.toMatchObject({
        status: 404,
      });
    });
  });
}
