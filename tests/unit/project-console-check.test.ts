import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, runTool, TOOL_BIN } from "../support/project-console-tool";
import { startCheckHandler, type StartedCheckHandler } from "../support/check-handlers";

/**
 * `project-console check` as a developer runs it in their handler's CI: the real tool, built as `npm pack` builds
 * it, as a child process, against the three real handlers of the Proof; exit codes, JSON lines and the
 * JUnit file. (`--endpoint`, which needs the console, is proven in tests/e2e.)
 */

const SECRET = "check-cli-secret-never-printed";
const handlers: Partial<Record<"correct" | "naive" | "fragile", StartedCheckHandler>> = {};
const dir = mkdtempSync(path.join(os.tmpdir(), "pc-check-"));

beforeAll(async () => {
  for (const kind of ["correct", "naive", "fragile"] as const)
    handlers[kind] = await startCheckHandler(kind, { secret: SECRET });
});

afterAll(async () => {
  await Promise.all(Object.values(handlers).map((h) => h.close()));
});

type Line = {
  type: string;
  number?: number;
  verdict?: string;
  got?: string;
  ok?: boolean;
  failed?: number;
};

function lines(stdout: string): Line[] {
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);
}

const failedNumbers = (out: Line[]) => out.filter((l) => l.verdict === "fail").map((l) => l.number);

/** The JUnit file's test cases and failures, read by a strict XML parser. */
function junit(file: string) {
  const parser = new SaxesParser();
  const testcases: { name: string; failure: string | null }[] = [];
  let suites: Record<string, string> = {};
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === "testsuites") suites = attributes;
    if (tag.name === "testcase") testcases.push({ name: attributes.name!, failure: null });
    if (tag.name === "failure") testcases.at(-1)!.failure = attributes.message!;
  });
  parser.write(readFileSync(file, "utf8")).close();
  return { suites, testcases };
}

/** `check URL --secret S --json --junit FILE` against one of the handlers: its JSON lines and its JUnit file. */
async function checkWithReports(kind: "correct" | "naive") {
  const file = path.join(dir, `${kind}.xml`);
  const result = await runTool([
    "check",
    handlers[kind]!.url,
    "--secret",
    SECRET,
    "--json",
    "--junit",
    file,
  ]);
  return {
    code: result.code,
    stdout: result.stdout,
    out: lines(result.stdout),
    report: junit(file),
    xml: readFileSync(file, "utf8"),
  };
}

describe("project-console check", () => {
  it("passes a correct handler: exit 0, a plain table on a pipe, JSON lines and a JUnit file with no failure", async () => {
    const table = await runTool(["check", handlers.correct!.url, "--secret", SECRET], {}, TOOL_BIN);
    expect(table.stderr).toBe("");
    expect(table.code).toBe(0);
    const rows = table.stdout.trim().split("\n");
    expect(rows[0]).toMatch(/#\s+case\s+expected\s+got$/);
    expect(rows.filter((row) => /^PASS /.test(row))).toHaveLength(10);
    expect(rows.filter((row) => /^INFO +11 /.test(row))).toHaveLength(1);
    expect(rows.at(-1)).toBe(
      "OK: every required case passed (10 passed, 0 warned, 0 failed, 1 informational).",
    );
    // Not a TTY: no colour.
    expect(table.stdout).not.toContain("\u001b[");

    const { code, out, report, stdout, xml } = await checkWithReports("correct");
    expect(code).toBe(0);
    expect(out.map((l) => l.type)).toEqual([...Array(11).fill("case"), "summary"]);
    expect(out.at(-1)).toMatchObject({
      type: "summary",
      ok: true,
      passed: 10,
      failed: 0,
      info: 1,
      scheme: "body/hex/none/raw",
    });
    expect(report.suites).toMatchObject({ tests: "11", failures: "0" });
    expect(report.testcases.map((t) => t.name)[1]).toBe("2. Wrong signature (expected 4xx)");
    expect(report.testcases.every((t) => t.failure === null)).toBe(true);
    expect(table.stdout + stdout + xml).not.toContain(SECRET);
  });

  it("fails a naive handler on 2, 3, 4 and 5 with exit 1, and the JUnit file says which and why", async () => {
    const { code, out, report } = await checkWithReports("naive");
    expect(code).toBe(1);
    expect(failedNumbers(out)).toEqual([2, 3, 4, 5]);
    expect(out.at(-1)).toMatchObject({ ok: false, failed: 4 });
    expect(report.suites.failures).toBe("4");
    expect(report.testcases.filter((t) => t.failure).map((t) => t.name.split(".")[0])).toEqual([
      "2",
      "3",
      "4",
      "5",
    ]);
    expect(report.testcases[1]!.failure).toBe("expected 4xx, got 200");
  });

  it("fails a fragile handler on 1 (task.created), 5 and 7 with exit 1; the table gives each failure its fix", async () => {
    const result = await runTool(["check", handlers.fragile!.url, "--secret", SECRET]);
    expect(result.code).toBe(1);
    const rows = result.stdout.split("\n");
    expect(
      rows.filter((row) => row.startsWith("FAIL ")).map((row) => Number(row.slice(5, 9))),
    ).toEqual([1, 5, 7]);
    expect(rows.find((row) => /^FAIL +1 /.test(row))).toMatch(
      /timed out after 10 s for task\.created$/,
    );
    expect(rows.find((row) => /^FAIL +7 /.test(row))).toMatch(/ 500$/);
    expect(rows[rows.findIndex((row) => /^FAIL +7 /.test(row)) + 1]).toMatch(/^ +fix: Answer 2xx/);
    expect(rows.find((row) => row.startsWith("FAILED:"))).toBe(
      "FAILED: 7 passed, 0 warned, 3 failed, 1 informational.",
    );
  }, 60_000);

  it("runs only the cases given with --only", async () => {
    const result = await runTool([
      "check",
      handlers.naive!.url,
      "--secret",
      SECRET,
      "--only",
      "3,2",
      "--json",
    ]);
    expect(lines(result.stdout).map((l) => l.number ?? "summary")).toEqual([2, 3, "summary"]);
    expect(result.code).toBe(1);
  });

  it("ends every mistake with one line on stderr and exit 1, the secret in none of them", async () => {
    const down = await closedPort();
    const url = handlers.correct!.url;
    for (const [args, message] of [
      [
        ["check", "localhost:3000", "--secret", SECRET],
        /URL "localhost:3000" is not a URL|must be an http/,
      ],
      [["check", url, "--secret", SECRET, "--bogus"], /unknown option '--bogus'/],
      [
        ["check", `${down}/webhooks`, "--secret", SECRET],
        /^project-console: Cannot reach the handler at .* \(ECONNREFUSED\)\. Is it running\?$/,
      ],
      [
        ["check", url, "--secret", SECRET, "--only", "2,12"],
        /--only "2,12": give case numbers 1 to 11/,
      ],
      [["check", url], /Say how to sign/],
      [["check", url, "--secret", SECRET, "--endpoint", "default"], /not both/],
      [
        ["check", url, "--endpoint", "default", "--scheme", "body/hex/none/raw"],
        /--scheme goes with --secret/,
      ],
      [
        ["check", url, "--secret", SECRET, "--scheme", "body/rot13/none/raw"],
        /Unknown signature scheme/,
      ],
      [["check", url, "--secret", SECRET, "--scheme", "body/hex/none/whsec-base64"], /Cannot sign/],
      [
        [
          "check",
          url,
          "--secret",
          SECRET,
          "--only",
          "2",
          "--junit",
          path.join(dir, "no/such/dir.xml"),
        ],
        /Cannot write the JUnit report .* \(ENOENT\)/,
      ],
    ] as const) {
      const result = await runTool([...args]);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr.trim(), args.join(" ")).toMatch(message);
      expect(result.stderr, args.join(" ")).not.toContain(SECRET);
    }
  });
});
