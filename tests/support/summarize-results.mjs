// Prints one line per test runner and a total, as `name: N passed, N failed, N skipped`, from the JSON
// reports that vitest and Playwright write on CI (test-results/*.json). A missing report counts as a failure.
// CI retries a failed end-to-end test once; a test that needed the retry is named here, so that a flaky test
// is seen and fixed rather than hidden by its second attempt passing.
import fs from "node:fs";

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const rows = [];
const unit = read("test-results/vitest.json");
rows.push(
  unit
    ? {
        name: "unit",
        passed: unit.numPassedTests,
        failed: unit.numFailedTests,
        skipped: unit.numPendingTests + unit.numTodoTests,
      }
    : { name: "unit", passed: 0, failed: 1, skipped: 0, missing: true },
);
/** A Playwright JSON report's row; a missing report counts as one failure. */
function playwrightRow(name, report) {
  return report
    ? {
        name,
        passed: report.stats.expected + report.stats.flaky,
        failed: report.stats.unexpected,
        skipped: report.stats.skipped,
      }
    : { name, passed: 0, failed: 1, skipped: 0, missing: true };
}
const e2e = read("test-results/playwright.json");
rows.push(playwrightRow("e2e", e2e));
// `npm test` runs the "as on Vercel" end-to-end mode after the first one passes (playwright.config.ts): its
// own report, its own row. Missing after a passing first run means it did not finish.
const e2eVercel = read("test-results/playwright-vercel.json");
if (e2eVercel || (e2e && e2e.stats.unexpected === 0))
  rows.push(playwrightRow("e2e-vercel", e2eVercel));
/** Every Playwright test that ran more than once (flaky: failed, then passed on retry; or failed every time). */
function retriedTests(report) {
  const found = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const attempts = (test.results ?? []).length;
        if (attempts > 1 || test.status === "flaky") {
          const where = `${spec.file ?? suite.file ?? ""}:${spec.line ?? ""}`;
          const title = [...path, spec.title].filter(Boolean).join(" › ");
          const project = test.projectName ? `[${test.projectName}] ` : "";
          found.push({ label: `${project}${where} › ${title}`, attempts, status: test.status });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  // A top-level suite is a file: its title is the file name, already in `where`.
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

const retried = [e2e, e2eVercel].filter(Boolean).flatMap(retriedTests);
const total = rows.reduce(
  (sum, row) => ({
    passed: sum.passed + row.passed,
    failed: sum.failed + row.failed,
    skipped: sum.skipped + row.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
for (const row of rows) {
  const note = row.missing ? " (no report: the runner did not finish)" : "";
  console.log(
    `${row.name}: ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped${note}`,
  );
}
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (retried.length > 0) {
  console.log(`retried: ${retried.length} end-to-end test(s) needed more than one attempt:`);
  for (const test of retried) {
    const outcome = test.status === "flaky" ? "passed on retry (flaky)" : test.status;
    console.log(`  ${test.label}: ${test.attempts} attempts, ${outcome}`);
  }
}
