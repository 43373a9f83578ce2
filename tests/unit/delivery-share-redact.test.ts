import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedDeliveryHtml } from "@/lib/webhooks/server/share/shared-page-html";
import {
  MASK,
  parseMaskPath,
  BODY_FINDING_HIDDEN,
  redactDelivery,
  type ShareSource,
} from "@/lib/webhooks/shared/share/redact";

/**
 * What a shared page shows of a JSON body, for arbitrary bodies and arbitrary masked paths: the HTML the
 * page is made of (sharedDeliveryHtml of redactDelivery) holds no value under a masked path, in any
 * spelling, and still holds every value outside them (so the check can fail).
 */

function source(body: unknown, extra: Partial<ShareSource> = {}): ShareSource {
  return {
    receivedAt: "2026-11-26T10:00:00.000Z",
    method: "POST",
    endpointId: "default",
    contentType: "application/json",
    size: 100,
    event: null,
    query: "",
    headers: [["content-type", "application/json"]],
    verification: { result: "verified", scheme: null },
    response: { status: 200 },
    attempt: { number: 1 },
    findings: [],
    body: { encoding: "utf8", content: JSON.stringify(body) },
    ...extra,
  };
}

/** A leaf value with a unique id: hostile characters around an alphanumeric core that no escaping changes. */
const marker = (id: number) =>
  fc
    .constantFrom("", "<script>", '"', "\\", "&amp;", "\u2028", "\u202e", "'", "é")
    .map((noise) => `${noise}leaf${id}x7q${noise}`);

const core = (id: number) => `leaf${id}x7q`;

/** An arbitrary JSON tree whose leaves are markers (strings) or arbitrary other values, keys arbitrary. */
const tree = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(fc.constant("LEAF"), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("node"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("__proto__", "a", "b", "0", "*")),
      tie("node"),
      { maxKeys: 4 },
    ),
  ),
})).node;

/** Numbers each "LEAF" (a marker to be), and lists every node's path with the leaf ids below it. */
function planted(root: unknown, noises: string[]) {
  let next = 0;
  const paths: { path: string[]; ids: number[] }[] = [];
  const walk = (value: unknown, path: string[]): { value: unknown; ids: number[] } => {
    if (value === "LEAF") {
      const id = next++;
      const text = `${noises[id % noises.length]}${core(id)}${noises[(id + 1) % noises.length]}`;
      paths.push({ path, ids: [id] });
      return { value: text, ids: [id] };
    }
    if (value === null || typeof value !== "object") {
      paths.push({ path, ids: [] });
      return { value, ids: [] };
    }
    const ids: number[] = [];
    const entries = Object.entries(value).map(([key, child]) => {
      const walked = walk(child, [...path, key]);
      ids.push(...walked.ids);
      return [key, walked.value] as const;
    });
    const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    for (const [key, child] of entries) {
      Object.defineProperty(out, key, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    paths.push({ path, ids });
    return { value: out, ids };
  };
  const walked = walk(root, []);
  return { body: walked.value, paths, count: next };
}

describe("shared page redaction (property)", () => {
  it("never shows a value under a masked path, and shows every other one", () => {
    fc.assert(
      fc.property(
        tree,
        fc.array(
          marker(0).map((text) => text.replace(core(0), "")),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.tuple(fc.nat(), fc.array(fc.boolean(), { maxLength: 8 })), { maxLength: 4 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 2 }),
        (root, noises, picks, randomPaths) => {
          const { body, paths, count } = planted(root, noises);
          // Nameable paths only (parseMaskPath refuses empty segments; a key with a dot cannot be named).
          const nameable = paths.filter(
            ({ path }) =>
              path.length > 0 && path.every((key) => key.trim() !== "" && !key.includes(".")),
          );
          const chosen = nameable.length
            ? picks.map(([index, stars]) => {
                const { path } = nameable[index % nameable.length]!;
                return path.map((key, i) => (stars[i] ? "*" : key)).join(".");
              })
            : [];
          const maskedPaths = [...chosen, ...randomPaths].filter(
            (text) => typeof parseMaskPath(text) !== "string",
          );
          const masks = maskedPaths.map((text) => text.split("."));
          const matches = (path: string[]) =>
            masks.some(
              (mask) =>
                mask.length <= path.length &&
                mask.every((segment, i) => segment === "*" || segment === path[i]),
            );
          const hidden = new Set(
            paths.filter(({ path }) => matches(path)).flatMap(({ ids }) => ids),
          );

          const allCores = Array.from({ length: count }, (_, id) => core(id)).join(" ");
          const shared = redactDelivery(
            source(body, {
              // The event and a finding quote every leaf, as a finding citing the body would.
              event: count > 0 ? `${noises[0]}${core(0)}` : null,
              findings: [{ code: "quoted", message: `Values: ${allCores}` }],
            }),
            { maskSignatures: true, maskedPaths, maskBody: false },
          );
          const html = sharedDeliveryHtml(shared, "2026-11-27T10:00:00.000Z");
          for (let id = 0; id < count; id++) {
            if (hidden.has(id)) expect(html).not.toContain(core(id));
            else expect(html).toContain(core(id));
          }
          if (hidden.size > 0) {
            expect(html).toContain(MASK);
            expect(shared.findings[0]!.message).toBe(BODY_FINDING_HIDDEN);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("keeps the keys of masked values and masks whole subtrees", () => {
    const shared = redactDelivery(
      source({
        data: {
          client: { email: "ann@example.test", name: "Ann" },
          items: [{ email: "a@x" }, { email: "b@x" }],
        },
      }),
      {
        maskSignatures: true,
        maskedPaths: ["data.client.email", "data.items.*.email"],
        maskBody: false,
      },
    );
    expect(shared.body).toMatchObject({
      kind: "json",
      value: {
        data: { client: { email: MASK, name: "Ann" }, items: [{ email: MASK }, { email: MASK }] },
      },
    });
    expect(shared.redactions.unmatchedPaths).toEqual([]);
  });

  it("masks signature and credential headers by the receiver's own lists, and only when asked", () => {
    const headers: [string, string][] = [
      ["X-Webhook-Signature", "sha256=abc123"],
      ["X-Custom-Hmac", "def456"],
      ["X-Api-Key", "[redacted]"],
      ["User-Agent", "svc/1.0"],
    ];
    const masked = redactDelivery(source({}, { headers }), {
      maskSignatures: true,
      maskedPaths: [],
      maskBody: false,
    });
    expect(masked.headers).toEqual([
      ["X-Webhook-Signature", MASK],
      ["X-Custom-Hmac", MASK],
      ["X-Api-Key", MASK],
      ["User-Agent", "svc/1.0"],
    ]);
    const shown = redactDelivery(source({}, { headers }), {
      maskSignatures: false,
      maskedPaths: [],
      maskBody: false,
    });
    expect(shown.headers).toEqual(headers);
  });

  it("says path masking does not apply to a body that is not JSON, and hides it whole when asked", () => {
    const text = source(null, { body: { encoding: "utf8", content: "email=ann@example.test" } });
    const shown = redactDelivery(text, {
      maskSignatures: true,
      maskedPaths: ["email"],
      maskBody: false,
    });
    expect(shown.redactions).toMatchObject({ bodyNotJson: true, unmatchedPaths: ["email"] });
    expect(shown.body).toEqual({ kind: "text", text: "email=ann@example.test" });
    const hidden = redactDelivery(text, { maskSignatures: true, maskedPaths: [], maskBody: true });
    expect(hidden.body).toEqual({ kind: "hidden" });
    expect(sharedDeliveryHtml(hidden, "2026-11-27T10:00:00.000Z")).not.toContain(
      "ann@example.test",
    );
  });

  it("refuses paths it cannot read, with a sentence", () => {
    expect(parseMaskPath("data.client.email")).toEqual(["data", "client", "email"]);
    expect(parseMaskPath("data..email")).toMatch(/no empty segment/);
    expect(parseMaskPath("")).toMatch(/no empty segment/);
    expect(parseMaskPath("a.".repeat(40) + "a")).toMatch(/at most 32 segments/);
  });
});
