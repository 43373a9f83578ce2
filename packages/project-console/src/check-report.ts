import pc from "picocolors";
import { jsonText, xmlText } from "../../../lib/text/escape";
import type { CaseResult, CheckSummary, Verdict } from "../../../lib/check/types";

/**
 * How `project-console check` reports: a table for a person (colour only on a TTY), one JSON object per line
 * for scripts, and a JUnit XML file for CI (one test case per check). What a handler answered is hostile
 * text: JSON lines go through jsonText and the XML through xmlText (lib/text/escape.ts), never raw.
 */

const VERDICT_WORDS: Record<Verdict, string> = {
  pass: "PASS",
  warn: "WARN",
  fail: "FAIL",
  info: "INFO",
};

export function tableHeader(): string {
  return `${"".padEnd(7)}${" #"}  ${"case".padEnd(38)}  ${"expected".padEnd(28)}  got`;
}

/** One case as table lines: the row (verdict first, so a glance down the left edge finds failures) and its fix. */
export function tableRow(result: CaseResult, colour: boolean): string {
  const colors = pc.createColors(colour);
  const paint = { pass: colors.green, warn: colors.yellow, fail: colors.red, info: colors.cyan }[
    result.verdict
  ];
  const row = `${String(result.number).padStart(2)}  ${result.title.padEnd(38)}  ${result.expected.padEnd(28)}  ${result.got}`;
  const verdict = paint(VERDICT_WORDS[result.verdict].padEnd(5));
  const fix = result.fix ? `\n${" ".repeat(9)}${colors.dim(`fix: ${result.fix}`)}` : "";
  return `${verdict}  ${row}${fix}`;
}

export function summaryLine(summary: CheckSummary, colour: boolean): string {
  const colors = pc.createColors(colour);
  const counts = `${summary.passed} passed, ${summary.warned} warned, ${summary.failed} failed, ${summary.info} informational`;
  return summary.ok
    ? colors.green(`OK: every required case passed (${counts}).`)
    : colors.red(`FAILED: ${counts}.`);
}

export function caseJsonLine(result: CaseResult): string {
  return jsonText({ type: "case", ...result });
}

export function summaryJsonLine(url: string, scheme: string, summary: CheckSummary): string {
  return jsonText({ type: "summary", url, scheme, ...summary });
}

/** The requests and answers of a case, as the JUnit file's system-out shows them. */
function exchangesText(result: CaseResult): string {
  return result.exchanges
    .map((e) => {
      const sent = `${e.label}: ${e.request.method} ${e.request.bodyBytes} bytes (sha256 ${e.request.bodySha256})`;
      if (!e.answer) return `${sent} -> ${e.error ?? "no answer"}`;
      return `${sent} -> ${e.answer.status} in ${e.answer.durationMs} ms\n${e.answer.bodyHead}`;
    })
    .join("\n\n");
}

/** A JUnit XML report: one <testcase> per case; fail is a <failure>, and a warning says so in its output. */
export function junitXml(input: {
  url: string;
  scheme: string;
  results: CaseResult[];
  summary: CheckSummary;
}): string {
  const seconds = (r: CaseResult) =>
    (r.exchanges.reduce((sum, e) => sum + (e.answer?.durationMs ?? 0), 0) / 1000).toFixed(3);
  const total = input.results.reduce((sum, r) => sum + Number(seconds(r)), 0).toFixed(3);
  const cases = input.results.map((r) => {
    const name = xmlText(`${r.number}. ${r.title} (expected ${r.expected})`);
    const failure =
      r.verdict === "fail"
        ? `\n      <failure message="${xmlText(`expected ${r.expected}, got ${r.got}`)}" type="fail">${xmlText(r.fix ?? "")}</failure>`
        : "";
    const note =
      r.verdict === "warn" ? `WARNING: got ${r.got}. Fix: ${r.fix ?? ""}\n\n` : `got ${r.got}\n\n`;
    return `    <testcase classname="project-console.check" name="${name}" time="${seconds(r)}">${failure}
      <system-out>${xmlText(note + exchangesText(r))}</system-out>
    </testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="project-console check" tests="${input.results.length}" failures="${input.summary.failed}" time="${total}">
  <testsuite name="${xmlText(`check ${input.url}`)}" tests="${input.results.length}" failures="${input.summary.failed}" errors="0" skipped="0" time="${total}">
    <properties>
      <property name="url" value="${xmlText(input.url)}"/>
      <property name="scheme" value="${xmlText(input.scheme)}"/>
    </properties>
${cases.join("\n")}
  </testsuite>
</testsuites>
`;
}
