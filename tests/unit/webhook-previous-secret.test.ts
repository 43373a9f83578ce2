import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import {
  createEndpoint,
  DEFAULT_ENDPOINT_ID,
  getEndpoint,
  resolveSecret,
  toEndpointView,
  updateEndpoint,
} from "@/lib/webhooks/server/endpoint-store";
import {
  PREVIOUS_SECRET_GRACE_MS,
  pruneExpiredPreviousSecrets,
  resolvePreviousSecret,
} from "@/lib/webhooks/server/previous-secret";
import { countAtEndpoint } from "@/lib/webhooks/server/receipt-store";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { windowOf } from "@/lib/rate-limit/window";
import { storageTargets } from "../support/databases";

const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);
const settings = { envSecret: "env-secret-value", rateLimitPerMinute: 100, box };

for (const { name, label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`an endpoint's previous secret (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(target());
    }, 120_000);
    afterAll(async () => {
      await database?.close();
    });

    it("is kept encrypted for 24 h after a replacement, shown by fingerprint, and read by the receiver", async () => {
      const { db } = database;
      const created = await createEndpoint(db, box, {
        name: `prev ${name}`,
        secret: "first-secret-value",
      });
      const now = new Date();
      const row = (await updateEndpoint(
        db,
        box,
        created.id,
        { secret: "second-secret-value" },
        { now },
      ))!;
      expect(row.previousSecretCiphertext).not.toContain("first-secret-value");
      expect(row.previousSecretExpiresAt!.getTime() - now.getTime()).toBe(PREVIOUS_SECRET_GRACE_MS);
      expect(resolvePreviousSecret(row, box, now)?.secret).toBe("first-secret-value");
      expect(resolveSecret(row, settings).secret).toBe("second-secret-value");

      const view = toEndpointView(row, settings, now);
      expect(view.previousSecret).toEqual({
        fingerprint: box.fingerprint("first-secret-value"),
        replacedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS).toISOString(),
      });
      expect(JSON.stringify(view)).not.toContain("first-secret-value");
      // After its 24 h it is neither shown nor used, even before pruning removes it.
      const later = new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS + 1);
      expect(toEndpointView(row, settings, later).previousSecret).toBeNull();
      expect(resolvePreviousSecret(row, box, later)).toBeNull();

      const snapshot = await countAtEndpoint(db, created.id, windowOf("receiver", now).start);
      expect(resolvePreviousSecret(snapshot!, box, now)?.secret).toBe("first-secret-value");
    });

    it("setting the same secret again keeps things as they are; a third secret drops the first", async () => {
      const { db } = database;
      const created = await createEndpoint(db, box, {
        name: `same ${name}`,
        secret: "first-secret-value",
      });
      const same = (await updateEndpoint(db, box, created.id, { secret: "first-secret-value" }))!;
      expect(same.previousSecretCiphertext).toBeNull();
      await updateEndpoint(db, box, created.id, { secret: "second-secret-value" });
      const third = (await updateEndpoint(db, box, created.id, { secret: "third-secret-value" }))!;
      expect(resolvePreviousSecret(third, box, new Date())?.secret).toBe("second-secret-value");
    });

    it("the default endpoint's WEBHOOK_SECRET becomes the previous secret when one is set in the console", async () => {
      const { db } = database;
      const row = (await updateEndpoint(
        db,
        box,
        DEFAULT_ENDPOINT_ID,
        { secret: "console-secret-value" },
        { envSecret: settings.envSecret },
      ))!;
      expect(resolvePreviousSecret(row, box, new Date())?.secret).toBe("env-secret-value");
    });

    it("can be forgotten at once, and retention clears expired ones only", async () => {
      const { db } = database;
      const a = await createEndpoint(db, box, { name: `a ${name}`, secret: "first-secret-value" });
      const b = await createEndpoint(db, box, { name: `b ${name}`, secret: "first-secret-value" });
      await updateEndpoint(db, box, a.id, { secret: "second-secret-value" });
      const forgotten = (await updateEndpoint(db, box, a.id, { forgetPreviousSecret: true }))!;
      expect(forgotten.previousSecretCiphertext).toBeNull();
      expect(forgotten.previousSecretExpiresAt).toBeNull();

      const replacedLongAgo = new Date(Date.now() - PREVIOUS_SECRET_GRACE_MS - 60_000);
      await updateEndpoint(
        db,
        box,
        b.id,
        { secret: "second-secret-value" },
        { now: replacedLongAgo },
      );
      await updateEndpoint(db, box, a.id, { secret: "third-secret-value" });
      await pruneExpiredPreviousSecrets(db, new Date());
      expect((await getEndpoint(db, b.id))!.previousSecretCiphertext).toBeNull();
      expect((await getEndpoint(db, a.id))!.previousSecretCiphertext).not.toBeNull();
    });
  });
}
