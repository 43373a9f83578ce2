import { createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sign as octokitSign } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { analyzeBody } from "@/lib/webhooks/server/analyze";
import {
  diagnoseSignature,
  type SignatureDiagnosis,
} from "@/lib/webhooks/server/diagnose/diagnose-signature";
import type { PreviousSecret } from "@/lib/webhooks/server/previous-secret";
import { allSchemes, sign, type SignatureScheme } from "@/lib/signing";
import { verifyDelivery } from "@/lib/webhooks/server/verify";

/**
 * Each diagnosis from a crafted delivery: the receiver's own verification decides the stored verdict and
 * findings, then the diagnosis runs on what was stored, as the console does. Every output is also checked
 * for the secrets and for any signature that would be valid for the body.
 */
const SECRET = "endpoint-secret-for-diagnosis";
const NOW = new Date("2026-11-23T10:00:00.000Z");
const NOW_S = String(Math.floor(NOW.getTime() / 1000));
const ENVELOPE = {
  event: "task.completed",
  data: {
    task_id: "t_1",
    project_id: "p_1",
    title: "Pour the slab",
    completed_at: "2026-11-23T09:59:58Z",
  },
  timestamp: "2026-11-23T09:59:59Z",
};
const BODY = Buffer.from(JSON.stringify(ENVELOPE));
const HEX = (key: Buffer | string, ...parts: (Buffer | string)[]) => {
  const mac = createHmac("sha256", key);
  for (const part of parts) mac.update(part);
  return mac.digest("hex");
};

interface Crafted {
  body?: Buffer;
  headers?: Record<string, string>;
  /** Header lines as they arrived (a name may repeat, in any case), stored as the raw pairs. */
  lines?: [string, string][];
  secret?: string | null;
  previous?: PreviousSecret | null;
  /** The secret the diagnosis sees, when it changed after receipt. */
  secretNow?: string | null;
  /** Valid signatures in a provider's own form, which the output must not hold either. */
  valid?: string[];
}

function receive(crafted: Crafted) {
  const body = crafted.body ?? BODY;
  const headers = new Headers({ "content-type": "application/json", ...crafted.headers });
  for (const [name, value] of crafted.lines ?? []) headers.append(name, value);
  const stored: [string, string][] = crafted.lines
    ? [["Content-Type", "application/json"], ...crafted.lines]
    : [...headers.entries()];
  const secret = crafted.secret === undefined ? SECRET : crafted.secret;
  const analysis = analyzeBody(body, headers.get("content-type"), headers.get("content-encoding"));
  const verification = verifyDelivery({
    body,
    headers,
    secret,
    lockedScheme: null,
    envelopeTimestamp: analysis.envelopeTimestamp,
    now: NOW,
    previousSecret: crafted.previous ?? null,
    decodedBody: analysis.decodedBody,
  });
  const findings = [...analysis.findings, ...verification.findings];
  const diagnosis = diagnoseSignature({
    body,
    headers: stored,
    receivedAt: NOW,
    verification,
    findings,
    decodedBody: analysis.decodedBody,
    envelopeTimestamp: analysis.envelopeTimestamp,
    secret: crafted.secretNow === undefined ? secret : crafted.secretNow,
    previousSecret: crafted.previous ?? null,
  });
  assertNothingSecret(
    diagnosis,
    body,
    [secret, crafted.secretNow, crafted.previous?.secret],
    headers,
  );
  for (const signature of crafted.valid ?? []) {
    expect(JSON.stringify(diagnosis)).not.toContain(
      signature.replace(/^(v1,|v0=|sha256=|v1=)/, ""),
    );
  }
  return { verification, findings, diagnosis };
}

/** Every string that would be a valid signature of `body` with one of the secrets, in any known form. */
function validSignatures(body: Buffer, secrets: string[], headers: Headers): string[] {
  const timestamps = [NOW_S, ENVELOPE.timestamp, headers.get("x-webhook-timestamp")].filter(
    (t): t is string => Boolean(t),
  );
  const out: string[] = [];
  for (const secret of secrets) {
    for (const scheme of allSchemes()) {
      if (scheme.keyForm === "whsec-base64" && !secret.startsWith("whsec_")) continue;
      for (const t of timestamps) out.push(sign(body, secret, scheme, t));
    }
    const keys = [Buffer.from(secret), Buffer.from(secret, "base64"), Buffer.from(secret, "hex")];
    for (const key of keys.filter((k) => k.length > 0)) {
      for (const content of [[body], ...timestamps.map((t) => [Buffer.from(`${t}.`), body])]) {
        const mac = createHmac("sha256", key);
        for (const part of content) mac.update(part);
        const digest = mac.digest();
        out.push(digest.toString("hex"), digest.toString("base64"), digest.toString("base64url"));
      }
    }
  }
  return out;
}

function assertNothingSecret(
  diagnosis: SignatureDiagnosis,
  body: Buffer,
  secrets: (string | null | undefined)[],
  headers: Headers,
) {
  const text = JSON.stringify(diagnosis);
  const known = secrets.filter((s): s is string => Boolean(s));
  for (const secret of known) expect(text).not.toContain(secret);
  for (const signature of validSignatures(body, known, headers)) {
    expect(text).not.toContain(signature);
  }
}

describe("diagnoses of deliveries that do not verify", () => {
  it("a base64 secret the sender decoded: secret_encoding, naming base64", () => {
    const secret = Buffer.from("thirty-two bytes of key material").toString("base64");
    const signature = HEX(Buffer.from(secret, "base64"), BODY);
    const { verification, diagnosis } = receive({
      secret,
      headers: { "x-webhook-signature": signature },
    });
    expect(verification.result).toBe("invalid_signature");
    expect(diagnosis.cause).toBe("secret_encoding");
    expect(diagnosis.sentence).toMatch(/decoded from base64/);
    expect(diagnosis.checks.find((c) => c.code === "secret_encoding")?.outcome).toBe("explains");
  });

  it("a hex secret the sender decoded: secret_encoding, naming hex", () => {
    const secret = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const signature = `sha256=${HEX(Buffer.from(secret, "hex"), BODY)}`;
    const { diagnosis } = receive({ secret, headers: { "x-webhook-signature": signature } });
    expect(diagnosis.cause).toBe("secret_encoding");
    expect(diagnosis.sentence).toMatch(/decoded from hex/);
  });

  it("signed over timestamp.body with no timestamp header: timestamp_missing", () => {
    const scheme: SignatureScheme = {
      content: "timestamp.body",
      encoding: "hex",
      prefix: "",
      keyForm: "raw",
    };
    const sentAt = String(Number(NOW_S) - 2);
    const signature = sign(BODY, SECRET, scheme, sentAt);
    const { verification, diagnosis } = receive({ headers: { "x-webhook-signature": signature } });
    expect(verification.result).toBe("invalid_signature");
    expect(diagnosis.cause).toBe("timestamp_missing");
    expect(diagnosis.sentence).toContain(sentAt);
    expect(diagnosis.sentence).toContain("X-Webhook-Timestamp");
  });

  it("the timestamp under another header name is named", () => {
    const scheme: SignatureScheme = {
      content: "timestamp.body",
      encoding: "base64",
      prefix: "v1=",
      keyForm: "raw",
    };
    const signature = sign(BODY, SECRET, scheme, NOW_S);
    const { diagnosis } = receive({
      headers: { "x-webhook-signature": signature, "x-request-timestamp": NOW_S },
    });
    expect(diagnosis.cause).toBe("timestamp_missing");
    expect(diagnosis.sentence).toMatch(/timestamp in x-request-timestamp/);
  });

  it("a body re-encoded after signing (signed compact, sent pretty): body_changed", () => {
    const pretty = Buffer.from(JSON.stringify(ENVELOPE, null, 2));
    const signature = HEX(SECRET, BODY);
    const { diagnosis } = receive({ body: pretty, headers: { "x-webhook-signature": signature } });
    expect(diagnosis.cause).toBe("body_changed");
    expect(diagnosis.sentence).toMatch(/the same JSON without whitespace/);
  });

  it("a body signed the way Python's json.dumps writes it: body_changed, naming Python", () => {
    const python = JSON.stringify(ENVELOPE)
      .replace(/","/g, '", "')
      .replace(/":/g, '": ')
      .replace(/\},"/g, '}, "');
    const signature = HEX(SECRET, python);
    const { diagnosis } = receive({ headers: { "x-webhook-signature": signature } });
    expect(diagnosis.cause).toBe("body_changed");
    expect(diagnosis.sentence).toMatch(/Python's json.dumps/);
  });

  it("a trailing newline added in transit: body_changed", () => {
    const signature = HEX(SECRET, BODY);
    const { diagnosis } = receive({
      body: Buffer.concat([BODY, Buffer.from("\n")]),
      headers: { "x-webhook-signature": signature },
    });
    expect(diagnosis.cause).toBe("body_changed");
    expect(diagnosis.sentence).toMatch(/without its trailing newline/);
  });

  it("the previous secret within its 24 h: accepted, and diagnosed as previous_secret", () => {
    const previous = {
      secret: "the-old-secret-value",
      replacedAt: new Date(NOW.getTime() - 3_600_000),
      expiresAt: new Date(NOW.getTime() + 23 * 3_600_000),
    };
    const { verification, findings, diagnosis } = receive({
      previous,
      headers: { "x-webhook-signature": HEX(previous.secret, BODY) },
    });
    expect(verification.result).toBe("verified");
    expect(verification.previousSecret).toBe(true);
    expect(findings.map((f) => f.code)).toContain("previous_secret");
    expect(diagnosis.cause).toBe("previous_secret");
    expect(diagnosis.sentence).toMatch(/previous secret.*accepted until 2026-11-24T09:00:00.000Z/);
  });

  it("a previous secret never recognised once forgotten: wrong_secret", () => {
    const { verification, diagnosis } = receive({
      headers: { "x-webhook-signature": HEX("the-old-secret-value", BODY) },
    });
    expect(verification.result).toBe("invalid_signature");
    expect(diagnosis.cause).toBe("wrong_secret");
  });

  it("a stale signed timestamp: verified, diagnosed as stale_timestamp", () => {
    const scheme: SignatureScheme = {
      content: "timestamp.body",
      encoding: "hex",
      prefix: "",
      keyForm: "raw",
    };
    const old = String(Number(NOW_S) - 2 * 3600);
    const { verification, diagnosis } = receive({
      headers: {
        "x-webhook-signature": sign(BODY, SECRET, scheme, old),
        "x-webhook-timestamp": old,
      },
    });
    expect(verification.result).toBe("verified");
    expect(diagnosis.cause).toBe("stale_timestamp");
    expect(diagnosis.sentence).toMatch(/2\.0 h old/);
  });

  it("several signatures in one header, none matching: several_signatures", () => {
    const header = [HEX("rotating-secret-a", BODY), HEX("rotating-secret-b", BODY)].join(",");
    const { diagnosis } = receive({ headers: { "x-webhook-signature": header } });
    expect(diagnosis.cause).toBe("several_signatures");
    expect(diagnosis.sentence).toMatch(/2 signatures/);
  });

  it("a signature header sent twice, in two cases: verified from either line, both read and explained", () => {
    const good = HEX(SECRET, BODY);
    const bad = HEX("another-secret", BODY);
    const { verification, diagnosis } = receive({
      lines: [
        ["X-Webhook-Signature", bad],
        ["x-webhook-signature", good],
      ],
      valid: [good],
    });
    expect(verification.result).toBe("verified");
    expect(diagnosis.cause).toBe("verified");
    expect(diagnosis.headers.map((h) => h.name)).toEqual([
      "X-Webhook-Signature",
      "x-webhook-signature",
    ]);
    for (const reading of diagnosis.headers) expect(reading.note).toMatch(/sent 2 times/);
  });

  it("a signature header sent twice, neither matching: diagnosed like two signatures in one header", () => {
    const { verification, diagnosis } = receive({
      lines: [
        ["X-WEBHOOK-SIGNATURE", HEX("rotating-secret-a", BODY)],
        ["x-webhook-signature", HEX("rotating-secret-b", BODY)],
      ],
    });
    expect(verification.result).toBe("invalid_signature");
    expect(diagnosis.cause).toBe("several_signatures");
    expect(diagnosis.sentence).toMatch(/2 signatures/);
  });

  it("a wrong secret, when nothing else explains it: wrong_secret, every test run and reported", () => {
    const { diagnosis } = receive({
      headers: { "x-webhook-signature": HEX("another-secret", BODY) },
    });
    expect(diagnosis.cause).toBe("wrong_secret");
    const outcomes = Object.fromEntries(diagnosis.checks.map((c) => [c.code, c.outcome]));
    expect(outcomes).toMatchObject({
      current_secret: "no_match",
      previous_secret: "not_applicable",
      secret_encoding: "no_match",
      timestamp_missing: "no_match",
      body_changed: "no_match",
    });
    const reading = diagnosis.headers.find((h) => h.name === "x-webhook-signature")!;
    expect(reading).toMatchObject({ role: "signature", length: 64, value: null });
    expect(reading.parts[0]).toMatchObject({ encoding: "hex", bytes: 32, prefix: null });
  });

  for (const [algorithm, name, encoding, length] of [
    ["sha1", "HMAC-SHA1", "hex", 40],
    ["sha512", "HMAC-SHA512", "hex", 128],
    ["sha512", "HMAC-SHA512", "base64", 88],
  ] as const) {
    it(`an ${name} in ${encoding} (${length} characters) with the endpoint's secret: wrong_algorithm, named`, () => {
      const signature = createHmac(algorithm, SECRET).update(BODY).digest(encoding);
      expect(signature).toHaveLength(length);
      const { verification, diagnosis } = receive({
        headers: { "x-webhook-signature": signature },
        valid: [signature],
      });
      expect(verification.result).toBe("invalid_signature");
      expect(diagnosis.cause).toBe("wrong_algorithm");
      expect(diagnosis.sentence).toContain(`holds an ${name} of the body`);
      expect(diagnosis.sentence).toMatch(/sign with SHA-256/);
      expect(diagnosis.checks.find((c) => c.code === "algorithm")).toMatchObject({
        outcome: "explains",
        note: `${name} of the body`,
      });
    });
  }

  it("an HMAC-SHA1 over <timestamp>.<body> is named with what it covers", () => {
    const signature = createHmac("sha1", SECRET).update(`${NOW_S}.`).update(BODY).digest("hex");
    const { diagnosis } = receive({
      headers: { "x-webhook-signature": signature, "x-webhook-timestamp": NOW_S },
    });
    expect(diagnosis.cause).toBe("wrong_algorithm");
    expect(diagnosis.sentence).toContain(`an HMAC-SHA1 of ${NOW_S}.body`);
  });

  it("an HMAC-SHA1 with another secret, or no MAC at all: malformed_signature, with its size", () => {
    const sha1 = createHmac("sha1", "another-secret").update(BODY).digest("hex");
    const other = receive({ headers: { "x-webhook-signature": sha1 } }).diagnosis;
    expect(other.cause).toBe("malformed_signature");
    expect(other.sentence).toMatch(
      /40 characters, the size of an HMAC-SHA1, but not one of this body/,
    );
    expect(other.checks.find((c) => c.code === "algorithm")?.outcome).toBe("no_match");
    const text = receive({
      headers: { "x-webhook-signature": "not a signature at all" },
    }).diagnosis;
    expect(text.cause).toBe("malformed_signature");
    expect(text.checks.map((c) => c.code)).not.toContain("algorithm");
  });

  it("an HMAC-SHA256 in uppercase hex: verified, the casing named in a finding", () => {
    for (const [signature, casing] of [
      [HEX(SECRET, BODY).toUpperCase(), "uppercase"],
      [`sha256=${HEX(SECRET, BODY).toUpperCase()}`, "uppercase"],
      [HEX(SECRET, BODY).replace(/[a-f]/, (c) => c.toUpperCase()), "mixed-case"],
    ] as const) {
      const { verification, findings, diagnosis } = receive({
        headers: { "x-webhook-signature": signature },
      });
      expect(verification.result).toBe("verified");
      expect(verification.scheme).toBe(
        signature.startsWith("sha256=") ? "body/hex/sha256=/raw" : "body/hex/none/raw",
      );
      const finding = findings.find((f) => f.code === "signature_hex_case");
      expect(finding?.message).toContain(`The signature is ${casing} hex`);
      expect(diagnosis.cause).toBe("verified");
    }
    // Lowercase hex, the usual form, has no such finding.
    const lower = receive({ headers: { "x-webhook-signature": HEX(SECRET, BODY) } });
    expect(lower.findings.map((f) => f.code)).not.toContain("signature_hex_case");
  });

  it("uppercase hex with another secret is a wrong secret, not a malformed signature", () => {
    const { diagnosis } = receive({
      headers: { "x-webhook-signature": HEX("another-secret", BODY).toUpperCase() },
    });
    expect(diagnosis.cause).toBe("wrong_secret");
  });

  it("the secret used with a whsec_ prefix as the key's text: secret_encoding, naming the prefix", () => {
    const secret = Buffer.from("thirty-two bytes of key material").toString("base64");
    const signature = HEX(`whsec_${secret}`, BODY);
    const { verification, diagnosis } = receive({
      secret,
      headers: { "x-webhook-signature": signature },
    });
    expect(verification.result).toBe("invalid_signature");
    expect(diagnosis.cause).toBe("secret_encoding");
    expect(diagnosis.sentence).toMatch(/with a whsec_ prefix in front as the key/);
    expect(diagnosis.sentence).toMatch(/set this endpoint's secret to it, prefix included/);
    // Done as the sentence says, the same signature verifies.
    const fixed = receive({
      secret: `whsec_${secret}`,
      headers: { "x-webhook-signature": signature },
    });
    expect(fixed.verification).toMatchObject({ result: "verified", scheme: "body/hex/none/raw" });
  });

  it("a whsec_ secret used without its prefix as the key's text: secret_encoding", () => {
    const secret = "whsec_plain-text-secret!";
    const { diagnosis } = receive({
      secret,
      headers: { "x-webhook-signature": HEX("plain-text-secret!", BODY) },
    });
    expect(diagnosis.cause).toBe("secret_encoding");
    expect(diagnosis.sentence).toMatch(/without its whsec_ prefix/);
  });

  it("a secret set after the delivery arrived: secret_changed", () => {
    const { verification, diagnosis } = receive({
      secret: "the-secret-at-the-time",
      secretNow: SECRET,
      headers: { "x-webhook-signature": HEX(SECRET, BODY) },
    });
    expect(verification.result).toBe("invalid_signature");
    expect(diagnosis.cause).toBe("secret_changed");
  });

  it("a delivery with no signature at all, and one with no secret", () => {
    expect(receive({}).diagnosis.cause).toBe("missing_signature");
    expect(receive({ secret: null }).diagnosis.cause).toBe("no_secret");
  });

  it("a signature under a header of the sender's own naming is tested and named", () => {
    const { diagnosis } = receive({ headers: { "x-signature": HEX(SECRET, BODY) } });
    expect(diagnosis.cause).toBe("signature_in_other_header");
    expect(diagnosis.sentence).toMatch(/x-signature and matches/);
  });
});

describe("other providers' conventions", () => {
  const expectNamed = (
    result: ReturnType<typeof receive>,
    name: string,
    signedWith: "current" | null = "current",
  ) => {
    expect(result.verification.result).toBe("missing_signature");
    const finding = result.findings.find((f) => f.code === "other_provider_signature");
    expect(finding?.message).toContain(`Signed the ${name} way`);
    expect(finding?.message).toContain("this service signs in X-Webhook-Signature");
    expect(result.diagnosis.cause).toBe("other_provider");
    expect(result.diagnosis.conventions[0]).toMatchObject({ name, signedWith });
  };

  it("Standard Webhooks (webhook-id, webhook-timestamp, v1,<base64>, whsec_ secret)", () => {
    const secret = `whsec_${Buffer.from("standard-webhooks-key-bytes-0123").toString("base64")}`;
    const signature = new StandardWebhook(secret).sign("msg_1", NOW, BODY.toString());
    const result = receive({
      secret,
      headers: {
        "webhook-id": "msg_1",
        "webhook-timestamp": NOW_S,
        "webhook-signature": signature,
      },
      valid: [signature],
    });
    expectNamed(result, "Standard Webhooks");
    expect(result.diagnosis.sentence).toContain("Signed the Standard Webhooks way");
  });

  it("GitHub X-Hub-Signature-256", async () => {
    const signature = await octokitSign(SECRET, BODY.toString());
    expectNamed(
      receive({ headers: { "x-hub-signature-256": signature }, valid: [signature] }),
      "GitHub",
    );
  });

  it("GitHub signed with another secret is named, not matched", async () => {
    const signature = await octokitSign("not-the-endpoints", BODY.toString());
    expectNamed(receive({ headers: { "x-hub-signature-256": signature } }), "GitHub", null);
  });

  it("Stripe-Signature t=…,v1=…, and a stale t= is reported", () => {
    const stripe = new Stripe("sk_test_not_used");
    const old = Number(NOW_S) - 3600;
    const header = stripe.webhooks.generateTestHeaderString({
      payload: BODY.toString(),
      secret: SECRET,
      timestamp: old,
    });
    const v1 = header.split(",").filter((p) => p.startsWith("v1="));
    expect(v1.length).toBeGreaterThan(0);
    const result = receive({ headers: { "stripe-signature": header }, valid: v1 });
    expectNamed(result, "Stripe");
    expect(result.diagnosis.conventions[0]!.problems.join(" ")).toMatch(/1\.0 h old/);
  });

  it("Shopify X-Shopify-Hmac-Sha256 (base64)", () => {
    const signature = createHmac("sha256", SECRET).update(BODY).digest("base64");
    expectNamed(
      receive({ headers: { "x-shopify-hmac-sha256": signature }, valid: [signature] }),
      "Shopify",
    );
  });

  it("Slack X-Slack-Signature (v0:ts:body)", () => {
    const signature = `v0=${HEX(SECRET, `v0:${NOW_S}:`, BODY)}`;
    expectNamed(
      receive({
        headers: { "x-slack-signature": signature, "x-slack-request-timestamp": NOW_S },
        valid: [signature],
      }),
      "Slack",
    );
  });
});

describe("findings the analysis adds", () => {
  it("a gzip body: decoded for analysis, and which bytes the signature covers", () => {
    const gz = gzipSync(BODY);
    const decoded = receive({
      body: gz,
      headers: { "content-encoding": "gzip", "x-webhook-signature": HEX(SECRET, BODY) },
    });
    expect(decoded.verification.result).toBe("verified");
    expect(decoded.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(["gzip_body", "gzip_signature"]),
    );
    expect(decoded.findings.find((f) => f.code === "gzip_signature")!.message).toMatch(
      /decoded body/,
    );
    const analysis = analyzeBody(gz, "application/json", "gzip");
    expect(analysis.event).toBe("task.completed");
    expect(analysis.isText).toBe(false);
    expect(analysis.preview).toContain("task.completed");

    const compressed = receive({
      body: gz,
      headers: { "content-encoding": "gzip", "x-webhook-signature": HEX(SECRET, gz) },
    });
    expect(compressed.findings.find((f) => f.code === "gzip_signature")!.message).toMatch(
      /as they arrived/,
    );
  });

  it("a gzip bomb is not decoded past the cap; a body that is not gzip says so", () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(analyzeBody(bomb, "application/json", "gzip").findings.map((f) => f.code)).toContain(
      "gzip_too_large",
    );
    expect(analyzeBody(BODY, "application/json", "gzip").findings.map((f) => f.code)).toContain(
      "gzip_invalid",
    );
  });

  it("duplicated JSON keys: which value JSON.parse keeps", () => {
    const text =
      '{"event":"task.completed","data":{"status":"open","items":[{"id":1,"id":2}],"st\\u0061tus":"done"},"timestamp":"2026-11-23T09:59:59Z"}';
    const findings = analyzeBody(Buffer.from(text), "application/json").findings.filter(
      (f) => f.code === "duplicate_key",
    );
    expect(findings.map((f) => f.message)).toEqual([
      "data.items[0].id appears 2 times; JSON.parse keeps the last, 2, and drops 1 (some parsers keep the first instead)",
      'data.status appears 2 times; JSON.parse keeps the last, "done", and drops "open" (some parsers keep the first instead)',
    ]);
  });

  it("a UTF-8 byte-order mark: parsed after it, and said so", () => {
    const analysis = analyzeBody(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), BODY]),
      "application/json",
    );
    const codes = analysis.findings.map((f) => f.code);
    expect(codes).toContain("utf8_bom");
    expect(codes).not.toContain("invalid_json");
    expect(analysis.event).toBe("task.completed");
  });

  it("an envelope timestamp far from receipt, only when the signature has no timestamp of its own", () => {
    const old = Buffer.from(JSON.stringify({ ...ENVELOPE, timestamp: "2026-11-23T07:00:00Z" }));
    const unsigned = receive({ body: old, headers: { "x-webhook-signature": HEX(SECRET, old) } });
    expect(unsigned.findings.find((f) => f.code === "envelope_timestamp_skew")?.message).toMatch(
      /3\.0 h old/,
    );
    const scheme: SignatureScheme = {
      content: "timestamp.body",
      encoding: "hex",
      prefix: "",
      keyForm: "raw",
    };
    const signed = receive({
      body: old,
      headers: {
        "x-webhook-signature": sign(old, SECRET, scheme, NOW_S),
        "x-webhook-timestamp": NOW_S,
      },
    });
    expect(signed.verification.result).toBe("verified");
    expect(signed.findings.map((f) => f.code)).not.toContain("envelope_timestamp_skew");
  });
});
