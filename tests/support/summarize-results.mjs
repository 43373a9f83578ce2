// Prints one line per test runner and a total, as `name: N passed, N failed, N skipped`, from the JSON
// reports that vitest and Playwright write on CI (test-results/*.json). A missing report counts as a failure.
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
const e2e = read("test-results/playwright.json");
rows.push(
  e2e
    ? {
        name: "e2e",
        passed: e2e.stats.expected + e2e.stats.flaky,
        failed: e2e.stats.unexpected,
        skipped: e2e.stats.skipped,
      }
    : { name: "e2e", passed: 0, failed: 1, skipped: 0, missing: true },
);
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
