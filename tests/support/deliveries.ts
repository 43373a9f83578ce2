import { createHash, randomBytes } from "node:crypto";
import type { NewDelivery } from "@/lib/webhooks/server/delivery-store";
import type { AnswerStep } from "@/lib/webhooks/shared/answer-sequence";

/** An answer-sequence step as the API stores it: a status (null: the normal answer) and a delay. */
export function answerStep(status: number | null, delaySeconds = 0): AnswerStep {
  return { status, delaySeconds, headers: [], body: null };
}

/**
 * A verified `task.created` delivery ready for `insertDelivery`, with a body of its own (so no two are
 * numbered as retries of each other) whose SHA-256 and preview match it. Tests override what they look at.
 */
export function newDelivery(endpointId: string, overrides: Partial<NewDelivery> = {}): NewDelivery {
  const body =
    overrides.body ??
    Buffer.from(`{"event":"task.created","n":"${randomBytes(4).toString("hex")}"}`);
  return {
    endpointId,
    receivedAt: new Date(),
    method: "POST",
    query: "",
    headers: [["content-type", "application/json"]],
    clientAddress: "203.0.113.9",
    contentType: "application/json",
    body,
    bodySha256: createHash("sha256").update(body).digest("hex"),
    bodyIsText: true,
    bodyIsJson: true,
    preview: body.toString("utf8").slice(0, 160),
    event: "task.created",
    verification: "verified",
    scheme: "body/hex/none/raw",
    schemeMismatch: false,
    signedTimestamp: null,
    findings: [],
    responseStatus: 200,
    scripted: false,
    hangSeconds: null,
    answerStep: null,
    answerSteps: null,
    ...overrides,
  };
}
