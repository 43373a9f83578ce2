import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  allEventBodies,
  bodyContext,
  changeOneByte,
  LARGE_BODY_BYTES,
  largeBody,
  malformedJson,
  reserialise,
  sampleBody,
  UNKNOWN_EVENT,
  unknownEventBody,
  wrongSignature,
} from "@/lib/check/bodies";
import { CHECK_CASES } from "@/lib/check/cases";
import { secretSigner } from "@/lib/check/run";
import {
  allSchemes,
  schemeId,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from "@/lib/signing";
import { WEBHOOK_EVENTS, isWebhookEvent } from "@/lib/webhooks/shared/events";

/**
 * What each case of "Check a handler" sends, built without I/O (lib/check/bodies.ts): each body is what its
 * case says it is, and every signature verifies with the signing core, or, for case 2, does not.
 */

const context = () => bodyContext(42, Date.UTC(2026, 10, 26, 12, 0, 7));
const parse = (body: Buffer): unknown => JSON.parse(body.toString("utf8"));

describe("the cases", () => {
  it("are numbered 1 to 11 as in the issue, each with a why and a fix; only 11 is informational", () => {
    expect(CHECK_CASES.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(new Set(CHECK_CASES.map((c) => c.id)).size).toBe(11);
    expect(CHECK_CASES.filter((c) => !c.required).map((c) => c.number)).toEqual([11]);
    for (const c of CHECK_CASES) {
      expect(c.why).toMatch(/\.$/);
      expect(c.fix).toMatch(/\.$/);
    }
  });
});

describe("case bodies", () => {
  it("are the sample payloads of the nine events, in the sender's envelope, the same for the same seed and clock", () => {
    const bodies = allEventBodies(context());
    expect(bodies.map((b) => b.event)).toEqual(WEBHOOK_EVENTS);
    for (const { event, body } of bodies) {
      const envelope = parse(body) as { event: string; data: object; timestamp: string };
      expect(Object.keys(envelope)).toEqual(["event", "data", "timestamp"]);
      expect(envelope.event).toBe(event);
      expect(envelope.timestamp).toBe("2026-11-26T12:00:07Z");
      // Compact, as JSON.stringify writes it: the bytes a real delivery carries.
      expect(body.toString("utf8")).toBe(JSON.stringify(envelope));
    }
    expect(allEventBodies(context()).map((b) => b.body.toString())).toEqual(
      bodies.map((b) => b.body.toString()),
    );
    expect(sampleBody("task.completed", context()).toString()).not.toBe(
      sampleBody("task.completed", bodyContext(43, Date.UTC(2026, 10, 26))).toString(),
    );
  });

  it("re-serialised: the same JSON value, other bytes; without reordering, JSON.stringify gives back the signed bytes", () => {
    for (const { body } of allEventBodies(context())) {
      const spaced = reserialise(body, { reorderKeys: false });
      const reordered = reserialise(body, { reorderKeys: true });
      for (const other of [spaced, reordered]) {
        expect(isDeepStrictEqual(parse(other), parse(body))).toBe(true);
        expect(other.equals(body)).toBe(false);
      }
      expect(JSON.stringify(parse(spaced))).toBe(body.toString("utf8"));
      expect(JSON.stringify(parse(reordered))).not.toBe(body.toString("utf8"));
      expect(Object.keys(parse(reordered) as object)).toEqual(["timestamp", "data", "event"]);
    }
  });

  it("changed by one byte: differs from the original in exactly one byte and still parses with the same keys", () => {
    const bodies = [
      ...allEventBodies(context()).map((b) => b.body),
      Buffer.from('{"event":"x","data":{"note":"Zz"}}'),
    ];
    for (const body of bodies) {
      const changed = changeOneByte(body);
      expect(changed.length).toBe(body.length);
      expect([...changed].filter((byte, i) => byte !== body[i])).toHaveLength(1);
      expect(Object.keys(parse(changed) as object)).toEqual(Object.keys(parse(body) as object));
    }
  });

  it("malformed JSON does not parse; the unknown event is well formed and not one of the nine", () => {
    expect(() => parse(malformedJson(sampleBody("task.updated", context())))).toThrow(SyntaxError);
    const unknown = parse(unknownEventBody(context())) as { event: string };
    expect(unknown.event).toBe(UNKNOWN_EVENT);
    expect(isWebhookEvent(unknown.event)).toBe(false);
  });

  it("the large body is exactly 1 MiB of a valid comment.created", () => {
    const body = largeBody(context());
    expect(body.length).toBe(LARGE_BODY_BYTES);
    expect((parse(body) as { event: string }).event).toBe("comment.created");
  });
});

describe("signatures", () => {
  const secrets = {
    raw: "s3cret-for-the-check",
    "whsec-base64": "whsec_c2VjcmV0LWtleS1ieXRlcy0xMjM0NTY=",
  };

  it("verify with the signing core in every scheme of the catalogue; the wrong one, same form, does not", async () => {
    const body = sampleBody("task.completed", context());
    for (const scheme of allSchemes()) {
      const secret = secrets[scheme.keyForm];
      const { headers } = await secretSigner(secret, schemeId(scheme))(body);
      const named = new Map(headers);
      const signature = named.get(SIGNATURE_HEADER)!;
      const timestamps = [named.get(TIMESTAMP_HEADER)];
      const verify = (signatureHeader: string, bytes = body) =>
        verifySignature({ body: bytes, secret, signatureHeader, timestamps, schemes: [scheme] });
      expect(verify(signature), schemeId(scheme)).toHaveLength(1);
      const wrong = wrongSignature(signature);
      expect(wrong).not.toBe(signature);
      expect(wrong.length).toBe(signature.length);
      expect(wrong.startsWith(scheme.prefix)).toBe(true);
      expect(verify(wrong), schemeId(scheme)).toHaveLength(0);
      // The signature is over the original bytes only.
      expect(verify(signature, changeOneByte(body))).toHaveLength(0);
      expect(verify(signature, reserialise(body, { reorderKeys: false }))).toHaveLength(0);
    }
  });

  it("a secret that cannot sign in the scheme is refused at once, without the secret in the message", () => {
    expect(() => secretSigner("not-a-whsec-secret", "body/hex/none/whsec-base64")).toThrow();
    try {
      secretSigner("not-a-whsec-secret", "body/hex/none/whsec-base64");
    } catch (error) {
      expect(String(error)).not.toContain("not-a-whsec-secret");
    }
    expect(() => secretSigner("s", "body/rot13/none/raw")).toThrow(/Unknown signature scheme/);
  });
});
