import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { members } from "@/lib/db/schema";
import type { CaseResult } from "@/lib/check/types";
import {
  finishCheckRun,
  getCheckRunOrThrow,
  listCheckRuns,
  startCheckRun,
} from "@/lib/webhooks/server/check/check-store";
import { storageTargets } from "../support/databases";

/** A case result whose handler answered bytes PostgreSQL cannot hold as they are (NUL, a lone surrogate). */
function hostileResult(): CaseResult {
  return {
    number: 2,
    id: "wrong-signature",
    title: "Wrong signature",
    expected: "4xx",
    got: "200",
    verdict: "fail",
    fix: "Verify the signature before anything else.",
    exchanges: [
      {
        label: "task.created",
        request: {
          method: "POST",
          headers: [["X-Webhook-Signature", "00"]],
          bodyBytes: 2,
          bodySha256: "ab",
        },
        answer: {
          status: 200,
          headers: [["X-\u0000", "\ud800"]],
          bodyHead: "ok\u0000\ud800",
          durationMs: 3,
        },
        error: null,
      },
    ],
  };
}

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`handler check runs (${label})`, () => {
    let database: Database;
    let memberId: string;
    const db = () => database.db;
    const targetUrl = `https://handler-${randomBytes(4).toString("hex")}.example/hook`;

    beforeAll(async () => {
      database = await openDatabase(target());
      const [member] = await db()
        .insert(members)
        .values({ email: `check-${randomBytes(4).toString("hex")}@example.test`, name: "Ada" })
        .returning({ id: members.id });
      memberId = member!.id;
    });
    afterAll(async () => {
      await database?.close();
    });

    it("keeps a run from its start to its end, hostile answers included, and lists a target's runs newest first", async () => {
      const first = await startCheckRun(db(), {
        target: targetUrl,
        endpointId: "default",
        scheme: "body/hex/none/raw",
        memberId,
      });
      expect(first).toMatchObject({
        target: targetUrl,
        by: "Ada",
        finishedAt: null,
        summary: null,
      });

      const summary = { passed: 0, warned: 0, failed: 1, info: 0, ok: false };
      const finished = await finishCheckRun(db(), first.id, [hostileResult()], summary);
      expect(finished.finishedAt).not.toBeNull();
      expect(finished.summary).toEqual(summary);

      const second = await startCheckRun(db(), {
        target: targetUrl,
        endpointId: "default",
        scheme: "body/hex/none/raw",
        memberId,
      });
      await startCheckRun(db(), {
        target: `${targetUrl}/other`,
        endpointId: "default",
        scheme: "body/hex/none/raw",
        memberId,
      });

      const history = await listCheckRuns(db(), targetUrl);
      expect(history.map((run) => run.id)).toEqual([second.id, first.id]);
      expect(history[1]).toMatchObject({ summary, by: "Ada" });
      expect(history[1]!.finishedAt).not.toBeNull();

      const stored = await getCheckRunOrThrow(db(), first.id);
      const answer = stored.results[0]!.exchanges[0]!.answer!;
      expect(answer.bodyHead).toBe("ok\uFFFD\uFFFD");
      expect(answer.headers).toEqual([["X-\uFFFD", "\uFFFD"]]);
      expect(stored.results[0]!.verdict).toBe("fail");
    });

    it("answers 404 for a run that does not exist", async () => {
      await expect(
        getCheckRunOrThrow(db(), "00000000-0000-4000-8000-000000000000"),
      ).rejects.toMatchObject({ code: "not_found" });
    });
  });
}
