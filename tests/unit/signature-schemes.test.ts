import { createHmac } from "node:crypto";
import { sign as octokitSign } from "@octokit/webhooks-methods";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  allSchemes,
  verifySignature,
  parseSchemeId,
  schemeId,
  sign,
  type SignatureScheme,
} from "@/lib/signing";
import { ageSeconds, timestampMs } from "@/lib/signing";
import { diagnoseSignature } from "@/lib/webhooks/server/diagnose/diagnose-signature";
import { verifyDelivery } from "@/lib/webhooks/server/verify";

const body = Buffer.from(
  JSON.stringify({
    event: "task.completed",
    data: {
      task_id: "t_1",
      project_id: "p_1",
      title: "Pour slab",
      completed_at: "2026-03-01T10:00:00Z",
    },
    timestamp: "2026-03-01T10:00:01Z",
  }),
);
const RAW_SECRET = "s3cret-for-tests";
// A whsec_ secret whose remainder is base64 key bytes (the Svix/Standard Webhooks convention).
const WHSEC_SECRET = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
const TIMESTAMP = "1767225600";

function secretFor(scheme: SignatureScheme): string {
  return scheme.keyForm === "whsec-base64" ? WHSEC_SECRET : RAW_SECRET;
}

function headersFor(signature: string | null, scheme?: SignatureScheme): Headers {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("x-webhook-signature", signature);
  if (scheme?.content === "timestamp.body") headers.set("x-webhook-timestamp", TIMESTAMP);
  return headers;
}

function verify(signature: string | null, scheme: SignatureScheme | undefined, secret: string) {
  return verifyDelivery({
    body,
    headers: headersFor(signature, scheme),
    secret,
    lockedScheme: null,
    envelopeTimestamp: "2026-03-01T10:00:01Z",
    now: new Date("2026-03-01T10:00:02Z"),
  });
}

describe("every signature scheme", () => {
  it("covers 36 distinct schemes whose ids round-trip", () => {
    const ids = allSchemes().map(schemeId);
    expect(new Set(ids).size).toBe(36);
    for (const id of ids) expect(schemeId(parseSchemeId(id)!)).toBe(id);
    expect(parseSchemeId("body/hex/none/nope")).toBeNull();
  });

  for (const scheme of allSchemes()) {
    const id = schemeId(scheme);
    describe(id, () => {
      const secret = secretFor(scheme);
      const signature = sign(body, secret, scheme, TIMESTAMP);

      it("verifies a valid signature and records this scheme", () => {
        const result = verify(signature, scheme, secret);
        expect(result.result).toBe("verified");
        expect(result.scheme).toBe(id);
        expect(result.signedTimestamp).toBe(scheme.content === "timestamp.body" ? TIMESTAMP : null);
      });

      it("rejects the same signature over a body changed by one byte", () => {
        const tampered = Buffer.from(body);
        const at = tampered.length - 3;
        tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
        const result = verifyDelivery({
          body: tampered,
          headers: headersFor(signature, scheme),
          secret,
          lockedScheme: null,
          envelopeTimestamp: null,
          now: new Date(),
        });
        expect(result.result).toBe("invalid_signature");
      });

      it("rejects it under another secret", () => {
        const other =
          scheme.keyForm === "raw"
            ? "another-secret"
            : `whsec_${Buffer.from("x".repeat(32)).toString("base64")}`;
        expect(verify(signature, scheme, other).result).toBe("invalid_signature");
      });

      it(
        scheme.encoding === "hex"
          ? "verifies the same MAC in uppercase hex (hex is case-insensitive)"
          : `refuses the same MAC with its letters' case changed (${scheme.encoding} is case-sensitive)`,
        () => {
          const prefix = scheme.prefix;
          const swapped = prefix + signature.slice(prefix.length).toUpperCase();
          const result = verify(swapped, scheme, secret);
          if (scheme.encoding === "hex") {
            expect(result).toMatchObject({ result: "verified", scheme: id });
            expect(result.findings.map((f) => f.code)).toContain("signature_hex_case");
          } else {
            expect(result.result).toBe("invalid_signature");
          }
        },
      );

      it("reports a missing signature header as missing", () => {
        expect(verify(null, scheme, secret).result).toBe("missing_signature");
        expect(verify("   ", scheme, secret).result).toBe("missing_signature");
      });
    });
  }

  it("finds the envelope's own timestamp when no timestamp header is sent", () => {
    const scheme = parseSchemeId("timestamp.body/base64/none/raw")!;
    const signature = sign(body, RAW_SECRET, scheme, "2026-03-01T10:00:01Z");
    const result = verifyDelivery({
      body,
      headers: new Headers({ "x-webhook-signature": signature }),
      secret: RAW_SECRET,
      lockedScheme: null,
      envelopeTimestamp: "2026-03-01T10:00:01Z",
      now: new Date("2026-03-01T10:00:02Z"),
    });
    expect(result).toMatchObject({ result: "verified", scheme: "timestamp.body/base64/none/raw" });
    expect(result.signedTimestamp).toBe("2026-03-01T10:00:01Z");
  });

  it("says no_secret when the endpoint has no secret, whatever the headers", () => {
    expect(verify("sha256=abc", undefined, "").result).toBe("no_secret");
  });

  it("accepts one valid signature among several (key rotation)", () => {
    const good = sign(body, RAW_SECRET, allSchemes()[0]!);
    const header = `${"0".repeat(64)}, ${good}`;
    expect(verify(header, undefined, RAW_SECRET).result).toBe("verified");
  });
});

describe("signatures made by independent implementations", () => {
  it("@octokit/webhooks-methods (GitHub's sha256=<hex> of the raw body) verifies", async () => {
    const header = await octokitSign(RAW_SECRET, body.toString("utf8"));
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    const result = verify(header, undefined, RAW_SECRET);
    expect(result).toMatchObject({ result: "verified", scheme: "body/hex/sha256=/raw" });
  });

  it("an @octokit signature made with another secret is invalid", async () => {
    const header = await octokitSign("not-the-secret", body.toString("utf8"));
    expect(verify(header, undefined, RAW_SECRET).result).toBe("invalid_signature");
  });

  it("stripe's t=..,v1=<hex of t.body> header verifies, the timestamp taken from the header", () => {
    const stripe = new Stripe("sk_test_not_used");
    const secret = "whsec_stripe_style_secret";
    const header = stripe.webhooks.generateTestHeaderString({
      payload: body.toString("utf8"),
      secret,
      timestamp: Number(TIMESTAMP),
    });
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const result = verifyDelivery({
      body,
      headers: new Headers({ "x-webhook-signature": header }),
      secret,
      lockedScheme: null,
      envelopeTimestamp: null,
      now: new Date(Number(TIMESTAMP) * 1000),
    });
    // Stripe keys the HMAC with the whole whsec_ string's bytes, i.e. the raw key form.
    expect(result).toMatchObject({
      result: "verified",
      scheme: "timestamp.body/hex/v1=/raw",
      signedTimestamp: TIMESTAMP,
    });
  });

  it("a stripe header with a tampered timestamp is invalid", () => {
    const stripe = new Stripe("sk_test_not_used");
    const header = stripe.webhooks
      .generateTestHeaderString({
        payload: body.toString("utf8"),
        secret: RAW_SECRET,
        timestamp: 1000,
      })
      .replace("t=1000", "t=1001");
    expect(verify(header, undefined, RAW_SECRET).result).toBe("invalid_signature");
  });

  it("agrees with a plain node:crypto HMAC for the default scheme", () => {
    const expected = createHmac("sha256", RAW_SECRET).update(body).digest("hex");
    expect(sign(body, RAW_SECRET, allSchemes()[0]!)).toBe(expected);
  });
});

describe("scheme locking", () => {
  const hexScheme = parseSchemeId("body/hex/none/raw")!;
  const base64Scheme = parseSchemeId("body/base64/none/raw")!;

  it("a delivery matching only another scheme than the locked one is verified but flagged", () => {
    const result = verifyDelivery({
      body,
      headers: headersFor(sign(body, RAW_SECRET, base64Scheme)),
      secret: RAW_SECRET,
      lockedScheme: schemeId(hexScheme),
      envelopeTimestamp: null,
      now: new Date(),
    });
    expect(result).toMatchObject({
      result: "verified",
      scheme: "body/base64/none/raw",
      schemeMismatch: true,
    });
    expect(result.findings.map((f) => f.code)).toContain("scheme_changed");
  });

  it("a delivery in the locked scheme is not flagged", () => {
    const result = verifyDelivery({
      body,
      headers: headersFor(sign(body, RAW_SECRET, hexScheme)),
      secret: RAW_SECRET,
      lockedScheme: schemeId(hexScheme),
      envelopeTimestamp: null,
      now: new Date(),
    });
    expect(result).toMatchObject({ result: "verified", schemeMismatch: false, findings: [] });
  });

  it("flags a signed timestamp far from the time of receipt", () => {
    const scheme = parseSchemeId("timestamp.body/hex/none/raw")!;
    const result = verifyDelivery({
      body,
      headers: new Headers({
        "x-webhook-signature": sign(body, RAW_SECRET, scheme, TIMESTAMP),
        "x-webhook-timestamp": TIMESTAMP,
      }),
      secret: RAW_SECRET,
      lockedScheme: null,
      envelopeTimestamp: null,
      now: new Date((Number(TIMESTAMP) + 3600) * 1000),
    });
    expect(result.result).toBe("verified");
    expect(result.findings.map((f) => f.code)).toEqual(["signed_timestamp_skew"]);
  });
});

describe("verifySignature on hostile headers", () => {
  it("finds nothing in garbage, huge or empty headers, without throwing", () => {
    for (const header of ["", ",,, ,", "t=", "sha256=", "x".repeat(100_000), "\u0000\u00ff"]) {
      expect(verifySignature({ body, secret: RAW_SECRET, signatureHeader: header })).toEqual([]);
    }
  });
});

describe("timestamps: one rule for seconds, milliseconds and ISO 8601", () => {
  it("reads up to 11 digits as seconds, 12 or 13 as milliseconds, and ISO times", () => {
    expect(timestampMs(TIMESTAMP)).toBe(Number(TIMESTAMP) * 1000);
    expect(timestampMs(`${TIMESTAMP}000`)).toBe(Number(TIMESTAMP) * 1000);
    expect(timestampMs("176722560000")).toBe(176_722_560_000);
    expect(timestampMs("2026-01-01T00:00:00Z")).toBe(Date.parse("2026-01-01T00:00:00Z"));
    for (const odd of ["12345678", "12345678901234", "Thu, 01 Jan 2026 00:00:00 GMT", ""]) {
      expect(timestampMs(odd)).toBeNull();
    }
  });

  it("the receiver and the diagnosis give a 12-digit signed timestamp the same age", () => {
    const scheme = parseSchemeId("timestamp.body/hex/none/raw")!;
    const twelve = "176722560000"; // milliseconds: 1975, so decades old; read as seconds it would be year 7570
    const now = new Date(Number(TIMESTAMP) * 1000);
    const headers = new Headers({
      "x-webhook-signature": sign(body, RAW_SECRET, scheme, twelve),
      "x-webhook-timestamp": twelve,
    });
    const verification = verifyDelivery({
      body,
      headers,
      secret: RAW_SECRET,
      lockedScheme: null,
      envelopeTimestamp: null,
      now,
    });
    const age = ageSeconds(twelve, now)!;
    expect(age).toBe(Number(TIMESTAMP) - 176_722_560);
    expect(verification.result).toBe("verified");
    expect(verification.findings.find((f) => f.code === "signed_timestamp_skew")?.message).toBe(
      `The signed timestamp is ${age} s old (a replay, a retry, or a clock off)`,
    );
    const diagnosis = diagnoseSignature({
      body,
      headers: [...headers.entries()],
      receivedAt: now,
      verification,
      findings: verification.findings,
      decodedBody: null,
      envelopeTimestamp: null,
      secret: RAW_SECRET,
      previousSecret: null,
    });
    expect(diagnosis.cause).toBe("stale_timestamp");
    expect(diagnosis.sentence).toMatch(/\d+\.\d d old/);
  });
});
