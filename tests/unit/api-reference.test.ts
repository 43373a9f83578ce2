import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import {
  apiReferenceContent,
  type ReferenceOperation,
  type ReferenceSource,
} from "@/lib/api/openapi/reference";
import { hostileText } from "../support/hostile";

/**
 * The API reference page's content (lib/api/openapi/reference.ts), read from the console's own OpenAPI
 * document: every route once, under its tag, with what a reader needs (parameters, body, answers, errors,
 * scope), and a curl line that a POSIX shell runs as exactly that request, whatever the path or body holds.
 */

const document = openApiDocument();
const content = apiReferenceContent(document);
const operations = content.groups.flatMap((group) => group.operations);
const byId = (id: string) => operations.find((o) => o.id === id)!;

/** The arguments `sh` hands curl for a curl line, with `$CONSOLE` and `$TOKEN` set. */
function curlArguments(line: string): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${line}`;
  const out = execFileSync("sh", ["-c", script], {
    env: { ...process.env, CONSOLE: "http://console.test", TOKEN: "pct_test" },
  });
  return out.toString("utf8").split("\0").slice(0, -1);
}

describe("the API reference", () => {
  it("holds every route of the document once, under its first tag, with unique anchors", () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {}).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        tag: (op as { tags: string[] }).tags[0],
      })),
    );
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(
      documented.map((d) => d.key).sort(),
    );
    for (const { key, tag } of documented) {
      const home = content.groups.find((t) =>
        t.operations.some((o) => `${o.method} ${o.path}` === key),
      );
      expect(home?.name, key).toBe(tag);
    }
    // Each route's anchor is its operationId, an identifier (a code generator names a function after it).
    for (const operation of operations) expect(operation.id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    const anchors = [...operations.map((o) => o.id), ...content.schemas.map((s) => s.id)];
    expect(new Set(anchors).size).toBe(anchors.length);
    // One page per group, in the document's order, each at its own path (none is "schemas", the schemas' page).
    expect(content.groups.map((g) => g.name)).toEqual(
      (document.tags ?? [])
        .map((t) => t.name)
        .filter((name) => content.groups.some((g) => g.name === name)),
    );
    const slugs = content.groups.map((g) => g.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/);
    expect(slugs).not.toContain("schemas");
    expect(content.groups.find((g) => g.name === "Access tokens")?.slug).toBe("access-tokens");
  });

  it("reads a route's parameters, answer and errors as a person reads them", () => {
    const list = byId("getWebhooksDeliveries");
    expect(list).toMatchObject({ method: "GET", path: "/api/webhooks/deliveries", scope: "read" });
    expect(list.summary).toBe("List deliveries");
    const limit = list.parameters.find((p) => p.name === "limit")!;
    expect(limit).toMatchObject({ in: "query", type: "integer", required: false });
    expect(limit.notes).toEqual(["1–200", "default 50"]);
    // An integer's own bounds, not the safe-integer range zod writes for every integer.
    const summary = content.schemas.find((s) => s.name === "DeliverySummary")!;
    expect(summary.fields.find((f) => f.name === "size")).toMatchObject({
      type: "integer",
      notes: [],
    });
    expect(list.parameters.find((p) => p.name === "verification")!.type).toBe(
      '"verified" | "invalid_signature" | "missing_signature" | "no_secret"',
    );
    const ok = list.answers.find((a) => a.status === "200")!;
    expect(ok.contentType).toBe("application/json");
    const deliveries = ok.fields.find((f) => f.name === "deliveries")!;
    expect(deliveries).toMatchObject({
      type: "DeliverySummary[]",
      schemaRef: "DeliverySummary",
      required: true,
    });
    expect(ok.fields.find((f) => f.name === "nextCursor")!.type).toBe("string | null");
    // Every schema a field links to has its own section.
    const linked = operations.flatMap((o) =>
      [...o.parameters, ...(o.body?.fields ?? []), ...o.answers.flatMap((a) => a.fields)]
        .map((f) => f.schemaRef)
        .filter(Boolean),
    );
    expect(linked.length).toBeGreaterThan(5);
    for (const name of linked) expect(content.schemas.map((s) => s.name)).toContain(name);
    const unauthorized = list.answers.find((a) => a.status === "401")!;
    expect(unauthorized.codes).toEqual(["unauthorized", "invalid_authorization", "invalid_token"]);
    expect(unauthorized.fields).toEqual([]);
    expect(ok.codes).toEqual([]);
  });

  it("explains every error code once, with the statuses it comes with", () => {
    const codes = content.errors.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const operation of operations) {
      for (const answer of operation.answers.filter((a) => Number(a.status) >= 400)) {
        expect(answer.codes.length, `${operation.id} ${answer.status}`).toBeGreaterThan(0);
        for (const code of answer.codes) {
          expect(content.errors.find((e) => e.code === code)?.statuses).toContain(answer.status);
        }
      }
    }
    expect(content.errors.find((e) => e.code === "rate_limited")).toEqual({
      code: "rate_limited",
      message: "Too many requests. Try again later.",
      statuses: ["429"],
    });
  });

  it("writes out a body's fields, nested objects included, and marks the required ones", () => {
    const create = byId("postWebhooksEndpoints");
    expect(create.scope).toBe("write");
    expect(create.body?.contentType).toBe("application/json");
    const names = create.body!.fields.map((f) => `${f.name}${f.required ? "!" : ""}`);
    expect(names).toEqual(["name!", "secret", "acceptInvalidSignatures", "rateLimitPerMinute"]);
    expect(create.body!.fields.find((f) => f.name === "rateLimitPerMinute")!.type).toBe(
      "integer | null",
    );
    // The curl line's body: the required fields, each with its first allowed value or one of its type.
    expect(create.curl).toContain(`--data '{"name":"..."}'`);
    expect(byId("patchAlertsIssuesById").curl).toContain(`--data '{"status":"acknowledged"}'`);
    const change = byId("patchWebhooksEndpointsById");
    const script = change.body!.fields.find((f) => f.name === "script")!;
    expect(script.type).toBe("object | null");
    expect(script.fields.length).toBeGreaterThan(0);
  });

  it("says which routes are public, and gives them no token", () => {
    const receive = operations.filter((o) => o.path.startsWith("/api/webhooks/receive"));
    expect(receive.length).toBe(2);
    for (const operation of receive) {
      expect(operation.scope).toBeNull();
      expect(operation.curl).not.toContain("TOKEN");
      expect(operation.body?.contentType).toBe("*/*");
    }
  });

  it("gives every route a curl line the shell runs as that request", () => {
    for (const operation of operations) {
      const args = curlArguments(operation.curl);
      expect(args.at(-1), operation.id).toBe(`http://console.test${operation.path}`);
      expect(args.includes("-X"), operation.id).toBe(operation.method !== "GET");
      if (operation.method !== "GET") expect(args[args.indexOf("-X") + 1]).toBe(operation.method);
      expect(args.includes("Authorization: Bearer pct_test"), operation.id).toBe(
        operation.scope !== null,
      );
      if (operation.body?.contentType === "application/json") {
        const body = JSON.parse(args[args.indexOf("--data") + 1]!) as Record<string, unknown>;
        const required = operation.body.fields.filter((f) => f.required).map((f) => f.name);
        expect(Object.keys(body).sort(), operation.id).toEqual(required.sort());
      }
    }
  });

  it("hands the shell exactly the path and body, whatever bytes a document holds", () => {
    // A body field's name and its one allowed value (the example) are hostile too: the value goes into
    // the JSON as the document has it, whatever it holds.
    // An argument cannot hold NUL, and command substitution drops trailing line feeds (lib/text/escape.ts).
    const text = hostileText(6).filter((t) => !t.includes("\0") && !t.endsWith("\n"));
    fc.assert(
      fc.property(text, text, text, (path, fieldName, value) => {
        const source: ReferenceSource = {
          info: {},
          paths: {
            [path]: {
              post: {
                security: [{ accessToken: ["write"] }],
                requestBody: {
                  content: {
                    "application/json": {
                      schema: {
                        type: "object",
                        properties: { [fieldName]: { type: "string", enum: [value] } },
                        required: [fieldName],
                      },
                    },
                  },
                },
              },
            },
          },
        };
        const [operation] = apiReferenceContent(source).groups[0]!.operations as [
          ReferenceOperation,
        ];
        const args = curlArguments(operation.curl);
        const utf8 = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));
        expect(args.at(-1)).toBe(utf8(`http://console.test${path}`));
        expect(JSON.parse(args[args.indexOf("--data") + 1]!)).toEqual({ [fieldName]: value });
      }),
      { numRuns: 150 },
    );
  });
});
