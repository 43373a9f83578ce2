import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printfFormat, shellQuote, toCurl, toFetch } from "@/lib/webhooks/replay/copy-as";

/**
 * "Copy as curl" and "Copy as fetch" are run for real (the system's curl through bash and sh, the fetch
 * snippet in this Node) against a loopback server, which must receive exactly the stored bytes.
 */

const run = promisify(execFile);
type Seen = { rawHeaders: string[]; body: Buffer };
let server: http.Server;
let url: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({ rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/receive`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const odd: Record<string, Buffer> = {
  json: Buffer.from('{"event":"task.completed","data":{"title":"Pour the slab"}}'),
  "quotes, percent and backslashes": Buffer.from(
    `{"a":"it's \\"50%\\" \\\\n %s %d %b \\x41 \\0101"}`,
  ),
  "newlines, CR and a trailing newline": Buffer.from('{\r\n  "a": 1\n}\n\n'),
  "NUL and every control byte": Buffer.from(Array.from({ length: 32 }, (_, i) => i).concat([127])),
  "UTF-8 with bidi overrides and emoji": Buffer.from(
    '{"name":"\u202Etxt.exe \u05e9\u05dc\u05d5\u05dd \u{1F680} caf\u00e9"}',
  ),
  "bytes that are not UTF-8": Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, 0x27, 0x25, 0x5c]),
  "every byte value": Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  empty: Buffer.alloc(0),
};

const headers: [string, string][] = [
  ["host", "console.example"],
  ["content-type", "application/json"],
  ["user-agent", "ProjectService-Webhooks/1.0"],
  ["x-webhook-signature", "sha256=abc'def"],
  ["x-webhook-timestamp", "1767225600"],
  ["content-length", "12"],
  ["authorization", "[redacted]"],
  ["x-note", `it's a "quote" $HOME \`id\``],
];

function header(seenRequest: Seen, name: string): string | undefined {
  const i = seenRequest.rawHeaders.findIndex((h) => h.toLowerCase() === name);
  return i < 0 ? undefined : seenRequest.rawHeaders[i + 1];
}

describe("toCurl", () => {
  it("is plain ASCII, says which credentials were left out, and quotes for a shell", () => {
    const command = toCurl({ url, method: "POST", headers, body: odd["every byte value"]! });
    expect(command).toMatch(/^[\x0a\x20-\x7e]*$/);
    expect(command).toContain("# Redacted when stored, so left out: authorization");
    expect(command).not.toContain("[redacted]");
    expect(command).toContain("--data-binary @-");
    expect(command).toContain(`--header 'x-webhook-signature: sha256=abc'\\''def'`);
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(printfFormat(Buffer.from("50%\\\0\n"))).toBe(`'50%%\\\\\\000\n'`);
  });

  for (const shell of ["bash", "sh"]) {
    it.each(Object.entries(odd))(
      `reproduces the exact bytes when run by ${shell}: %s`,
      async (_, body) => {
        const before = seen.length;
        await run(shell, ["-c", toCurl({ url, method: "POST", headers, body })]);
        expect(seen.length).toBe(before + 1);
        const received = seen.at(-1)!;
        expect(received.body.equals(body)).toBe(true);
        expect(header(received, "x-webhook-signature")).toBe("sha256=abc'def");
        expect(header(received, "x-webhook-timestamp")).toBe("1767225600");
        expect(header(received, "x-note")).toBe(`it's a "quote" $HOME \`id\``);
        expect(header(received, "user-agent")).toBe("ProjectService-Webhooks/1.0");
        expect(header(received, "authorization")).toBeUndefined();
        expect(header(received, "expect")).toBeUndefined();
      },
    );
  }

  it("adds no Content-Type, User-Agent or Accept of curl's own when the delivery had none", async () => {
    await run("bash", ["-c", toCurl({ url, method: "POST", headers: [], body: odd.json! })]);
    const received = seen.at(-1)!;
    for (const name of ["content-type", "user-agent", "accept"])
      expect(header(received, name)).toBeUndefined();
  });
});

describe("toFetch", () => {
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => () => Promise<void>;

  it.each(Object.entries(odd))("reproduces the exact bytes when run: %s", async (_, body) => {
    const code = toFetch({ url, method: "POST", headers, body });
    expect(code).toMatch(/^[\x0a\x20-\x7e]*$/);
    const before = seen.length;
    const log = console.log;
    console.log = () => {};
    try {
      await new AsyncFunction(code)();
    } finally {
      console.log = log;
    }
    expect(seen.length).toBe(before + 1);
    const received = seen.at(-1)!;
    expect(received.body.equals(body)).toBe(true);
    expect(header(received, "x-webhook-signature")).toBe("sha256=abc'def");
    expect(header(received, "x-note")).toBe(`it's a "quote" $HOME \`id\``);
  });
});
