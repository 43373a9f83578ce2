import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import {
  countDeliveries,
  insertDelivery,
  listDeliveries,
  listRetryGroup,
  getDelivery,
  type NewDelivery,
} from "@/lib/webhooks/server/delivery-store";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { storageTargets } from "../support/databases";

/** What the inspector asks of the store beyond the list: "unknown" events, facet counts, retry groups. */
const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);

function delivery(endpointId: string, overrides: Partial<NewDelivery> = {}): NewDelivery {
  const body = overrides.body ?? Buffer.from(`{"n":"${randomBytes(4).toString("hex")}"}`);
  return {
    endpointId,
    receivedAt: new Date(),
    method: "POST",
    headers: [["content-type", "application/json"]],
    clientAddress: null,
    contentType: "application/json",
    body,
    bodySha256: randomBytes(32).toString("hex"),
    bodyIsText: true,
    preview: null,
    event: "task.created",
    verification: "verified",
    scheme: "body/hex/none/raw",
    schemeMismatch: false,
    signedTimestamp: null,
    findings: [],
    responseStatus: 200,
    scripted: false,
    hangSeconds: null,
    ...overrides,
  };
}

for (const { name, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`inspector queries (${name})`, () => {
    let database: Database;
    let endpointId: string;

    beforeAll(async () => {
      database = await openDatabase(target());
      endpointId = (await createEndpoint(database.db, box, { name: "inspector" })).id;
      const add = (overrides: Partial<NewDelivery>) =>
        insertDelivery(database.db, delivery(endpointId, overrides), 3600);
      await add({ event: "task.created" });
      await add({ event: "task.created", verification: "invalid_signature" });
      await add({ event: "project.created", body: Buffer.from('{"note":"Needle in it"}') });
      await add({ event: "invoice.paid" });
      await add({ event: null, verification: "missing_signature" });
    });
    afterAll(async () => {
      await database?.close();
    });

    it('event "unknown" lists every delivery whose event is none of the nine, or missing', async () => {
      const { rows } = await listDeliveries(database.db, {
        endpointId,
        event: "unknown",
        limit: 50,
      });
      expect(rows.map((row) => row.event).sort()).toEqual(["invoice.paid", null]);
    });

    it("counts each facet with the other filters applied", async () => {
      const all = await countDeliveries(database.db, { endpointId });
      expect(all.total).toBe(5);
      expect(all.events).toMatchObject({ "task.created": 2, "project.created": 1, unknown: 2 });
      expect(all.events["file.uploaded"]).toBe(0);
      expect(all.verification).toEqual({
        verified: 3,
        invalid_signature: 1,
        missing_signature: 1,
        no_secret: 0,
      });

      const tasks = await countDeliveries(database.db, { endpointId, event: "task.created" });
      expect(tasks.total).toBe(2);
      // The event facet ignores the event filter; the verification facet applies it.
      expect(tasks.events.unknown).toBe(2);
      expect(tasks.verification).toMatchObject({ verified: 1, invalid_signature: 1 });

      const invalid = await countDeliveries(database.db, {
        endpointId,
        verification: "invalid_signature",
      });
      expect(invalid.total).toBe(1);
      expect(invalid.events["task.created"]).toBe(1);

      const searched = await countDeliveries(database.db, { endpointId, q: "needle" });
      expect(searched.total).toBe(1);
      expect(searched.events["project.created"]).toBe(1);
    });

    it("a retry group holds every attempt of the same body, oldest first", async () => {
      const body = Buffer.from('{"event":"task.updated","same":true}');
      const sha = randomBytes(32).toString("hex");
      const first = await insertDelivery(
        database.db,
        delivery(endpointId, { body, bodySha256: sha, responseStatus: 503 }),
        3600,
      );
      const second = await insertDelivery(
        database.db,
        delivery(endpointId, { body, bodySha256: sha }),
        3600,
      );
      expect(second.attempt).toBe(2);
      const row = (await getDelivery(database.db, second.id))!;
      const group = await listRetryGroup(database.db, row);
      expect(group.map((member) => [member.id, member.attempt, member.responseStatus])).toEqual([
        [first.id, 1, 503],
        [second.id, 2, 200],
      ]);
      // Seen from the first attempt, the group is the same.
      const fromFirst = await listRetryGroup(
        database.db,
        (await getDelivery(database.db, first.id))!,
      );
      expect(fromFirst.map((member) => member.id)).toEqual([first.id, second.id]);
    });
  });
}
