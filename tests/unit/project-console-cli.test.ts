import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closedPort,
  headerPairs,
  localHandler,
  runTool,
  TOOL_BIN,
} from "../support/project-console-tool";
import { eventMatcher } from "@/lib/listen/event-glob";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import { parseSchemeId, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from "@/lib/signing";
import {
  configFile,
  loadConfig,
  removeConfig,
  saveConfig,
} from "../../packages/project-console/src/config";
import {
  forwardWithRetries,
  headersToSend,
  sendOnce,
} from "../../packages/project-console/src/forward";
import { sinceOption } from "../../packages/project-console/src/listen";
import {
  forwardUrl,
  parseForwardRule,
  routeFor,
  streamedEvents,
} from "../../packages/project-console/src/routes";
import { applySet } from "../../packages/project-console/src/trigger";

/**
 * The command-line tool's own behaviour, with real processes where it matters: a real local HTTP server
 * (header order, duplicates, exact bytes), the real tool as a child process (errors, trigger), real files
 * (the config's mode). What needs the console itself is in tests/e2e/listen-*.spec.ts.
 */

const run = runTool;
const pairsOf = headerPairs;

describe("event globs and --forward-to rules", () => {
  it("routes with the stream's glob rule: dots separate, ** crosses them", () => {
    const taskEvents = eventMatcher(["task.*"]);
    expect(WEBHOOK_EVENTS.filter(taskEvents)).toEqual([
      "task.created",
      "task.updated",
      "task.completed",
    ]);
    expect(WEBHOOK_EVENTS.filter(eventMatcher(["*.created", "client.invited"]))).toEqual([
      "task.created",
      "project.created",
      "client.invited",
      "comment.created",
    ]);
    expect(eventMatcher(["task.created"])("taskXcreated")).toBe(false);
    expect(WEBHOOK_EVENTS.filter(eventMatcher(["**"]))).toEqual(WEBHOOK_EVENTS);
  });

  it("routes by the first matching rule; a bare URL catches the rest", () => {
    const rules = [
      "task.*=http://localhost:3000/tasks",
      "project.completed=http://localhost:3000/done",
      "http://localhost:3000/other",
    ].map(parseForwardRule);
    expect(routeFor(rules, "task.updated")?.url.href).toBe("http://localhost:3000/tasks");
    expect(routeFor(rules, "project.completed")?.url.href).toBe("http://localhost:3000/done");
    expect(routeFor(rules, "file.uploaded")?.url.href).toBe("http://localhost:3000/other");
    expect(routeFor(rules, null)?.url.href).toBe("http://localhost:3000/other");
    expect(streamedEvents(rules)).toBeNull();
    expect(
      routeFor([parseForwardRule("file.*,client.*=http://localhost:3000/x")], "client.invited"),
    ).not.toBeNull();
    const onlyTasks = [parseForwardRule("task.*=http://localhost:3000/tasks")];
    expect(routeFor(onlyTasks, "file.uploaded")).toBeNull();
    expect(streamedEvents(onlyTasks)).toBe("task.*");
  });

  it("keeps a URL whose query holds '=' a bare URL, and rejects what is not http(s)", () => {
    expect(parseForwardRule("http://localhost:3000/hooks?a=b").glob).toBeNull();
    expect(() => parseForwardRule("localhost:3000")).toThrow(/neither a URL nor GLOB=URL/);
    expect(() => parseForwardRule("task.*=ftp://localhost/x")).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseForwardRule("task.*=not a url")).toThrow(/not a URL/);
  });

  it("appends the delivery's path suffix and query to the rule's URL", () => {
    const target = new URL("http://localhost:3000/hooks/?x=1");
    expect(forwardUrl(target, "/github", "y=2&y=3").href).toBe(
      "http://localhost:3000/hooks/github?x=1&y=2&y=3",
    );
    expect(forwardUrl(new URL("http://localhost:3000/hooks"), "", "").href).toBe(
      "http://localhost:3000/hooks",
    );
  });

  it("reads --since as a time span or time, anything else as a cursor", () => {
    expect(sinceOption("1h")).toEqual({ since: "1h" });
    expect(sinceOption("30m")).toEqual({ since: "30m" });
    expect(sinceOption("2026-11-26T10:00:00Z")).toEqual({ since: "2026-11-26T10:00:00Z" });
    expect(sinceOption("c_00000042")).toEqual({ after: "c_00000042" });
    expect(sinceOption("12345")).toEqual({ after: "12345" });
  });
});

describe("forwarding to a real local server", () => {
  let handler: Awaited<ReturnType<typeof localHandler>>;
  beforeAll(async () => {
    handler = await localHandler();
  });
  afterAll(() => handler.close());

  it("sends the exact bytes and the headers in order with duplicates, without hop-by-hop, host or redacted ones", async () => {
    // Bytes no re-serialisation keeps: odd spacing, escapes, a lone high byte, a BOM.
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{ "event":"task.created" ,"data":{"title":"caf\\u00e9 \u00e9"}}  \n'),
      Buffer.from([0xff]),
    ]);
    const headers: [string, string][] = [
      ["Host", "console.example.com"],
      ["X-Webhook-Signature", "abc"],
      ["content-type", "application/json"],
      ["X-Dup", "one"],
      ["Connection", "keep-alive, X-Per-Hop"],
      ["X-Per-Hop", "dropped"],
      ["Transfer-Encoding", "chunked"],
      ["Authorization", "[redacted]"],
      ["x-dup", "two"],
      ["Content-Length", "999"],
      ["X-Webhook-Timestamp", "1700000000"],
    ];
    const answer = await sendOnce({
      url: new URL(`${handler.url}/hooks/github?a=1&a=2`),
      method: "PUT",
      headers,
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers).toContainEqual(["x-handled", "yes"]);
    expect(answer.bodyHead?.toString()).toBe("handled");
    const got = handler.received.at(-1)!;
    expect(got.method).toBe("PUT");
    expect(got.url).toBe("/hooks/github?a=1&a=2");
    expect(createHash("sha256").update(got.body).digest("hex")).toBe(
      createHash("sha256").update(body).digest("hex"),
    );
    const arrived = pairsOf(got.rawHeaders).filter(([name]) => !/^(host|connection)$/i.test(name!));
    expect(arrived).toEqual([
      ["X-Webhook-Signature", "abc"],
      ["content-type", "application/json"],
      ["X-Dup", "one"],
      ["x-dup", "two"],
      ["Content-Length", String(body.length)],
      ["X-Webhook-Timestamp", "1700000000"],
    ]);
    expect(pairsOf(got.rawHeaders).find(([name]) => name === "Host")?.[1]).toBe(
      new URL(handler.url).host,
    );
  });

  it("adds a Content-Length when the stored headers had none (the sender sent it chunked)", () => {
    const raw = headersToSend({
      url: new URL("http://localhost:3000/"),
      method: "POST",
      headers: [["Transfer-Encoding", "chunked"]],
      body: Buffer.from("abc"),
    });
    expect(raw).toEqual(["Host", "localhost:3000", "Content-Length", "3"]);
  });
});

describe("retries like the service: 3 attempts for a down or failing handler", () => {
  const quick = { backoffBaseMs: 10 };

  it("tries a handler that is down 3 times, the last one final, with the connection error", async () => {
    const url = new URL(await closedPort());
    const reported: { attempt: number; error?: string; final: boolean }[] = [];
    const last = await forwardWithRetries(
      { url, method: "POST", headers: [], body: Buffer.from("{}") },
      {
        ...quick,
        onAttempt: async (answer, final) =>
          void reported.push({ attempt: answer.attempt, error: answer.error, final }),
      },
    );
    expect(reported).toEqual([
      { attempt: 1, error: "ECONNREFUSED", final: false },
      { attempt: 2, error: "ECONNREFUSED", final: false },
      { attempt: 3, error: "ECONNREFUSED", final: true },
    ]);
    expect(last.status).toBeUndefined();
  });

  it("retries a 5xx until it succeeds, and takes a 4xx as the handler's verdict", async () => {
    const flaky = await localHandler([503, 500, 200, 400]);
    try {
      const statuses: [number | undefined, boolean][] = [];
      const onAttempt = async (answer: { status?: number }, final: boolean) =>
        void statuses.push([answer.status, final]);
      const request = {
        url: new URL(flaky.url),
        method: "POST",
        headers: [],
        body: Buffer.from("{}"),
      };
      await forwardWithRetries(request, { ...quick, onAttempt });
      await forwardWithRetries(request, { ...quick, onAttempt });
      expect(statuses).toEqual([
        [503, false],
        [500, false],
        [200, true],
        [400, true],
      ]);
    } finally {
      await flaky.close();
    }
  });
});

describe("configuration", () => {
  it("stores the URL and token with mode 0600 in the user's config folder, env wins, logout removes", async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "pc-config-"));
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = home;
    try {
      const file = await saveConfig({ url: "http://localhost:4000", token: "pct_example" });
      expect(file).toBe(path.join(home, "project-console", "config.json"));
      expect(configFile()).toBe(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
        url: "http://localhost:4000",
        token: "pct_example",
      });
      expect(await loadConfig({})).toEqual({
        url: "http://localhost:4000",
        token: "pct_example",
      });
      expect(
        await loadConfig({
          PROJECT_CONSOLE_URL: "https://c.example.com/x",
          PROJECT_CONSOLE_TOKEN: "pct_env",
        }),
      ).toEqual({ url: "https://c.example.com", token: "pct_env" });
      expect(await removeConfig()).toBe(true);
      await expect(loadConfig({})).rejects.toThrow(/Not logged in/);
      expect(await removeConfig()).toBe(false);
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before;
    }
  });
});

describe("--set", () => {
  it("sets a field, parsing JSON values, and never reaches a prototype whatever the path", () => {
    const envelope: Record<string, unknown> = { event: "task.created", data: { title: "x" } };
    applySet(envelope, "data.title=Fix the roof");
    applySet(envelope, "data.size_bytes=12");
    applySet(envelope, 'data.code="12"');
    applySet(envelope, "data.meta.deep=true");
    expect(envelope.data).toEqual({
      title: "Fix the roof",
      size_bytes: 12,
      code: "12",
      meta: { deep: true },
    });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("__proto__", "constructor", "prototype", "data", "a", ""), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.string(),
        (keys, value) => {
          const target: Record<string, unknown> = { data: {} };
          try {
            applySet(target, `${keys.join(".")}=${value}`);
          } catch {
            // Refused with a message: fine.
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
          expect(Object.keys(Object.prototype)).toEqual([]);
        },
      ),
    );
  });
});

describe("the tool as a child process", () => {
  it("runs from a clone through its bin, as npx project-console does", async () => {
    const result = await run(["--help"], {}, TOOL_BIN);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: project-console/);
    for (const command of ["login", "logout", "listen", "trigger"])
      expect(result.stdout).toContain(command);
  });

  it("ends an unknown option, a bad URL and a missing login with one line and a non-zero exit", async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "pc-none-"));
    const env = { XDG_CONFIG_HOME: home };
    for (const [args, message] of [
      [["listen", "--forward-to", "http://localhost:3000", "--bogus"], /unknown option '--bogus'/],
      [["listen", "--forward-to", "localhost:3000"], /is neither a URL nor GLOB=URL/],
      [["listen", "--forward-to", "http://localhost:3000"], /Not logged in/],
      [["login", "--url", "not a url", "--token", "pct_x"], /is not a URL/],
      [
        ["trigger", "task.exploded", "--forward-to", "http://localhost:3000", "--secret", "s"],
        /Unknown event "task.exploded"/,
      ],
    ] as const) {
      const result = await run([...args], env);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });

  it("says the console cannot be reached, in one line, without the token", async () => {
    const console = await closedPort();
    const result = await run(["listen", "--forward-to", "http://localhost:3000"], {
      PROJECT_CONSOLE_URL: console,
      PROJECT_CONSOLE_TOKEN: "pct_secret_value_never_printed",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `project-console: Cannot reach the console at ${console} (ECONNREFUSED). Check the URL and that it is running.`,
    );
    expect(result.stderr + result.stdout).not.toContain("pct_secret_value_never_printed");
  });

  it("trigger --secret sends every event, signed so that the local server verifies it", async () => {
    const handler = await localHandler();
    try {
      for (const [event, scheme] of WEBHOOK_EVENTS.map(
        (event, i) =>
          [event, i % 2 ? "timestamp.body/base64/sha256=/raw" : "body/hex/none/raw"] as const,
      )) {
        const result = await run([
          "trigger",
          event,
          "--forward-to",
          `${handler.url}/local`,
          "--secret",
          "whsec-local-secret",
          "--scheme",
          scheme,
          "--set",
          "data.title=Fix the roof",
          "--json",
        ]);
        expect(result.stderr).toBe("");
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout)).toMatchObject({
          type: "trigger",
          event,
          status: 200,
          scheme,
        });
        const got = handler.received.at(-1)!;
        const envelope = JSON.parse(got.body.toString());
        expect(envelope.event).toBe(event);
        expect(envelope.data.title).toBe("Fix the roof");
        const headers = Object.fromEntries(
          pairsOf(got.rawHeaders).map(([n, v]) => [n!.toLowerCase(), v]),
        );
        const matches = verifySignature({
          body: got.body,
          secret: "whsec-local-secret",
          signatureHeader: headers[SIGNATURE_HEADER]!,
          timestamps: [headers[TIMESTAMP_HEADER]],
          schemes: [parseSchemeId(scheme)!],
        });
        expect(matches).toHaveLength(1);
      }
    } finally {
      await handler.close();
    }
  });
});
