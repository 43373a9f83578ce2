import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { printfFormat, shellQuote } from "@/lib/text/escape";
import { forwardedHeaders } from "@/lib/webhooks/shared/replay/forwarded-headers";
import { toCurl, toFetch, type CopySource } from "@/lib/webhooks/shared/replay/copy-as";
import { hostileBytes, hostileText, INJECTIONS } from "../support/hostile";
import {
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from "../support/recording-server";

/**
 * "Copy as curl" and "Copy as fetch" are run for real (the system's curl through bash and sh, the fetch
 * snippet in Node) in an empty scratch folder against a loopback server, which must receive exactly the
 * stored bytes, while the folder stays empty: nothing of the delivery ever runs.
 */

let receiver: RecordingServer;
let url: string;
let scratch: string;
let seen: RecordedRequest[];

beforeAll(async () => {
  receiver = await startRecordingServer();
  seen = receiver.seen;
  url = `${receiver.origin}/api/webhooks/receive`;
  scratch = await mkdtemp(path.join(tmpdir(), "copy-as-"));
});

afterAll(async () => {
  await receiver.close();
  await rm(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  seen.length = 0;
});

/** bash, and sh (dash on Debian and Ubuntu) and zsh where installed; each shell program once. */
const SHELLS = [
  ...new Map(
    ["bash", "sh", "dash", "zsh"]
      .map((shell) => path.join("/bin", shell))
      .filter((file) => existsSync(file))
      .map((file) => [realpathSync(file), path.basename(file)]),
  ).values(),
];

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program in the scratch folder, with it as HOME too (so no ~/.curlrc), and never rejects. */
function runIn(file: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd: scratch,
        env: { PATH: process.env.PATH, HOME: scratch, NODE_ENV: "test" },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function scratchFiles(): Promise<string[]> {
  return readdir(scratch);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const latin1 = (bytes: number[]) => Buffer.from(bytes).toString("latin1");

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

function header(request: RecordedRequest, name: string): string | undefined {
  return pairs(request.rawHeaders).find(([n]) => n.toLowerCase() === name)?.[1];
}

// ---------------------------------------------------------------------------------------------------------
// What HTTP allows, so what a stored delivery can hold

/** RFC 9110 `tchar`: every character a header name may hold. */
const TCHAR = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split(
  "",
);

/** Header names: random tokens, and tokens that are shell code if written unquoted. */
const headerName = fc.oneof(
  fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength: 16 }),
  fc.constantFrom(
    "x'`sh`'y",
    "`touch`pwned`",
    "'`touch`'pwned",
    "x|sh",
    "a&&touch",
    "$HOME",
    "!!",
    "#",
    "-o",
    "~",
  ),
);

/**
 * Header values as Node and fetch store them: one character per byte received. Any field-content byte
 * (HTAB, SP, visible ASCII, obs-text 0x80–0xFF), shell code among them, without the surrounding whitespace
 * that HTTP parsers strip.
 */
const headerValue = fc
  .array(
    fc.oneof(
      fc.array(
        fc.oneof(
          fc.constantFrom(0x09, 0x20),
          fc.integer({ min: 0x21, max: 0x7e }),
          fc.integer({ min: 0x80, max: 0xff }),
        ),
        { maxLength: 8 },
      ),
      fc
        .constantFrom(...INJECTIONS.filter((s) => !/[\r\n\u0080-\uffff]/.test(s)))
        .map((s) => [...Buffer.from(s)]),
    ),
    { maxLength: 4 },
  )
  .map((parts) => latin1(parts.flat()).replace(/^[ \t]+|[ \t]+$/g, ""));

const delivery: fc.Arbitrary<Omit<CopySource, "url">> = fc.record({
  method: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
  headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 6 }),
  body: hostileBytes(),
});

const asSource = (d: Omit<CopySource, "url">): CopySource => ({ ...d, url });

/** Anything at all in every field (the URL still ours, so that whatever is sent comes here). */
const anything = fc
  .record({
    method: hostileText(),
    urlTail: hostileText(),
    headers: fc.array(fc.tuple(hostileText(), hostileText()), { maxLength: 4 }),
    body: hostileBytes(),
  })
  .map(({ urlTail, ...rest }): CopySource => ({ ...rest, url: `${url}/${urlTail}` }));

/**
 * Starting a shell, curl or Node costs far more than checking a delivery, so each run of a property checks
 * a batch of five, one after the other in one shell script or Node process: RUNS × 5 deliveries in all.
 */
const batch = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 5, maxLength: 5 });
const RUNS = 20;
const HOSTILE_RUNS = 12;

/** Copied commands run one after the other, as if pasted one after the other. */
const script = (commands: string[]) => commands.join("");

/** What fetch sends for a header list: one line per name (case-insensitive), repeated values joined. */
function combined(headers: [string, string][]): [string, string][] {
  const byName = new Map<string, string[]>();
  for (const [name, value] of headers) {
    const values = byName.get(name.toLowerCase()) ?? [];
    values.push(value);
    byName.set(name.toLowerCase(), values);
  }
  // The server strips the whitespace around a field value, as it would around any other.
  return [...byName].map(([name, values]) => [
    name,
    values.join(", ").replace(/^[ \t]+|[ \t]+$/g, ""),
  ]);
}

const sorted = (list: [string, string][]) =>
  [...list].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));

/** Headers an HTTP client computes itself, and fetch's defaults, which are not the delivery's. */
const CLIENT_HEADERS = new Set([
  "host",
  "content-length",
  "connection",
  "accept",
  "accept-language",
  "sec-fetch-mode",
  "user-agent",
  "accept-encoding",
]);

const PLAIN_ASCII = /^[\n\x20-\x7e]*$/;

/** Each source arrived, in order, with its method and exact body, and its headers as `expectHeaders` checks. */
function expectReceived(
  sources: CopySource[],
  expectHeaders: (received: RecordedRequest, source: CopySource) => void,
): void {
  expect(seen).toHaveLength(sources.length);
  sources.forEach((source, i) => {
    const received = seen[i]!;
    expect(received.method).toBe(source.method);
    expect(sha256(received.body)).toBe(sha256(source.body));
    expectHeaders(received, source);
  });
}

describe("the reproduction from issue 24", () => {
  it.each(SHELLS)(
    "a header named x'`sh`'y with a non-ASCII value, Copy as curl, run by %s: nothing runs, the delivery is sent",
    async (shell) => {
      // What the receiver stores for `x'`sh`'y: café` sent as UTF-8: one character per byte.
      const value = Buffer.from("café ☕", "utf8").toString("latin1");
      const body = Buffer.from("touch pwned\nid > pwned\n");
      const command = toCurl({
        url,
        method: "POST",
        headers: [["x'`sh`'y", value]],
        body,
      });
      expect(command).toMatch(PLAIN_ASCII);
      const ran = await runIn(shell, ["-c", command]);
      expect(ran.stderr).toBe("");
      expect(ran.code).toBe(0);
      expect(await scratchFiles()).toEqual([]);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.body.equals(body)).toBe(true);
      expect(header(seen[0]!, "x'`sh`'y")).toBe(value);
      expect(Buffer.from(header(seen[0]!, "x'`sh`'y")!, "latin1").toString("utf8")).toBe("café ☕");
    },
  );
});

describe("toCurl", () => {
  it("is plain ASCII, notes which credentials were left out, and quotes for a shell", () => {
    const command = toCurl({
      url,
      method: "POST",
      headers: [
        ["x-webhook-signature", "sha256=abc'def"],
        ["authorization", "[redacted]"],
        ["x-token`id`", "[redacted]"],
      ],
      body: Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    });
    expect(command).toMatch(PLAIN_ASCII);
    // A `:` command, not a `#` comment (zsh without interactive_comments), its argument quoted.
    expect(command).toContain(
      `: 'Redacted when stored, so left out: authorization, x-token\`id\`'\n`,
    );
    expect(command).not.toContain("[redacted]");
    expect(command).toContain("--data-binary @-");
    expect(command).toContain(`--header 'x-webhook-signature: sha256=abc'\\''def'`);
    expect(command).toContain(`--url '${url}'`);
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(printfFormat(Buffer.from("50%\\\0\n"))).toBe(`'50%%\\\\\\000\n'`);
    // A leading `-` is no option; a digit after an escape is no fourth digit; `'` and `!` are octal.
    expect(printfFormat(Buffer.from("-1\u00001'!"))).toBe(`'\\055\\061\\000\\061\\047\\041'`);
  });

  /** A POST of `{}` with these headers, as Copy as curl writes it. */
  const curlWithHeaders = (headers: [string, string][]) =>
    toCurl({ url, method: "POST", headers, body: Buffer.from("{}") });

  it("leaves out what no HTTP client can send as one header, and says how many", async () => {
    const command = curlWithHeaders([
      ["@/etc/passwd", "x"],
      ["x-split", "a\r\nx-injected: 1"],
      ["x-nul", "a\u0000b"],
      ["x-kept", "1"],
    ]);
    expect(command).toContain(
      ": 'Left out, not an HTTP header (a name that is not a token, or NUL, CR or LF in the value): 3'",
    );
    expect(command).not.toContain("passwd");
    await runIn("bash", ["-c", command]);
    expect(pairs(seen[0]!.rawHeaders).map(([n]) => n)).toEqual([
      "Host",
      "x-kept",
      "Content-Length",
    ]);
  });

  it("sends an empty header value as empty (curl drops `Name:`), and repeated headers each", async () => {
    const command = curlWithHeaders([
      ["x-empty", ""],
      ["x-twice", "1"],
      ["x-twice", "2"],
    ]);
    await runIn("bash", ["-c", command]);
    expect(pairs(seen[0]!.rawHeaders)).toEqual([
      ["Host", expect.any(String)],
      ["x-empty", ""],
      ["x-twice", "1"],
      ["x-twice", "2"],
      ["Content-Length", "2"],
    ]);
  });

  it.each(SHELLS)(
    "property, %s: any delivery HTTP allows is sent byte for byte, and nothing of it runs",
    async (shell) => {
      await fc.assert(
        fc.asyncProperty(batch(delivery), async (deliveries) => {
          seen.length = 0;
          const sources = deliveries.map(asSource);
          const commands = sources.map(toCurl);
          for (const command of commands) expect(command).toMatch(PLAIN_ASCII);
          const ran = await runIn(shell, ["-c", script(commands)]);
          expect(ran.stderr).toBe("");
          expect(ran.code).toBe(0);
          expect(await scratchFiles()).toEqual([]);
          expectReceived(sources, (received, source) => {
            const sent = pairs(received.rawHeaders).filter(
              ([name]) => !["host", "content-length"].includes(name.toLowerCase()),
            );
            expect(sent).toEqual(forwardedHeaders(source.headers).headers);
          });
        }),
        { numRuns: RUNS },
      );
    },
    300_000,
  );

  it.each(SHELLS)(
    "property, %s: any stored text at all in the method, URL and header names and values runs nothing",
    async (shell) => {
      await fc.assert(
        fc.asyncProperty(batch(anything), async (sources) => {
          const commands = sources.map(toCurl);
          for (const command of commands) expect(command).toMatch(PLAIN_ASCII);
          const ran = await runIn(shell, ["-c", script(commands)]);
          expect(ran.stderr).not.toMatch(
            /syntax|unexpected|unterminated|bad substitution|not found/i,
          );
          expect(await scratchFiles()).toEqual([]);
          expect(seen.length).toBeLessThanOrEqual(sources.length);
          seen.length = 0;
        }),
        { numRuns: HOSTILE_RUNS },
      );
    },
    300_000,
  );
});

describe("toFetch", () => {
  /**
   * Snippets as a user runs them: Node in the scratch folder, as a module (top-level await), each in a
   * block of its own and one after the other, so one process runs a batch.
   */
  const runFetch = (snippets: string[]) =>
    runIn(process.execPath, [
      "--input-type=module",
      "-e",
      snippets.map((code) => `{\n${code}}\n`).join(""),
    ]);
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => () => Promise<void>;

  it("reproduces the exact bytes, as a string when they are UTF-8 and as base64 when not", async () => {
    for (const body of [
      Buffer.from('{"name":"\u202Etxt.exe \u2028 \u{1F680} caf\u00e9"}'),
      Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, 0x27, 0x25, 0x5c]),
    ]) {
      seen.length = 0;
      const code = toFetch({ url, method: "POST", headers: [["x-note", "it's"]], body });
      expect(code).toMatch(PLAIN_ASCII);
      const log = console.log;
      console.log = () => {};
      try {
        await new AsyncFunction(code)();
      } finally {
        console.log = log;
      }
      expect(seen[0]!.body.equals(body)).toBe(true);
      expect(header(seen[0]!, "x-note")).toBe("it's");
      // The body is bytes, so fetch adds no text/plain of its own.
      expect(header(seen[0]!, "content-type")).toBeUndefined();
    }
  });

  it("says that fetch joins a repeated header, which curl sends line by line", () => {
    const headers: [string, string][] = [
      ["X-Dup", "a"],
      ["x-once", "1"],
      ["x-dup", "b"],
    ];
    const body = Buffer.from("{}");
    expect(toFetch({ url, method: "POST", headers, body })).toContain(
      '// fetch sends a repeated header as one line, its values joined by ", ": x-dup\n',
    );
    expect(toFetch({ url, method: "POST", headers: headers.slice(0, 2), body })).not.toMatch(
      /repeated/,
    );
  });

  it("sends a header named __proto__, which Node's fetch would leave out, in another casing and says so", async () => {
    seen.length = 0;
    const source = asSource({
      method: "POST",
      headers: [
        ["__proto__", "x"],
        ["x-kept", "1"],
      ],
      body: Buffer.from("{}"),
    });
    const code = toFetch(source);
    expect(code).toContain(
      "// __proto__ is written __PROTO__: Node's fetch leaves out a header named exactly __proto__, and names are case-insensitive\n",
    );
    expect(await runFetch([code])).toMatchObject({ stderr: "" });
    expect(header(seen[0]!, "__proto__")).toBe("x");
    expect(header(seen[0]!, "x-kept")).toBe("1");
    expect(toFetch({ ...source, headers: [["__Proto__", "x"]] })).not.toMatch(/PROTO|written/);
  });

  it("property: any delivery HTTP allows is sent byte for byte by the snippet run in Node", async () => {
    await fc.assert(
      fc.asyncProperty(batch(delivery), async (deliveries) => {
        seen.length = 0;
        const sources = deliveries.map(asSource);
        const snippets = sources.map(toFetch);
        for (const code of snippets) expect(code).toMatch(PLAIN_ASCII);
        const ran = await runFetch(snippets);
        expect(ran.stderr).toBe("");
        expect(await scratchFiles()).toEqual([]);
        expectReceived(sources, (received, source) => {
          const expected = combined(forwardedHeaders(source.headers).headers);
          const names = new Set(expected.map(([name]) => name));
          const sent = combined(pairs(received.rawHeaders)).filter(
            ([name]) => names.has(name) || !CLIENT_HEADERS.has(name),
          );
          expect(sorted(sent)).toEqual(sorted(expected));
        });
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it("property: any stored text at all is a string literal: the snippet parses and runs nothing", async () => {
    await fc.assert(
      fc.asyncProperty(batch(anything), async (sources) => {
        const snippets = sources.map(toFetch);
        for (const code of snippets) {
          expect(code).toMatch(PLAIN_ASCII);
          // Compiles (not run here): every field stayed inside its literal.
          expect(() => new AsyncFunction(code)).not.toThrow();
        }
        await runFetch(snippets);
        expect(await scratchFiles()).toEqual([]);
        seen.length = 0;
      }),
      { numRuns: HOSTILE_RUNS },
    );
  }, 300_000);
});
