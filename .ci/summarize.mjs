// Sums the suites' JSON reports into the one closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ["unit", "e2e", "pg", "node22"]) {
  const file = `tests/.tmp/results/${name}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats) {
    // Playwright: a flaky test passed on retry.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
const missing = process.argv.slice(2).filter((name) => !existsSync(`tests/.tmp/results/${name}.json`));
if (missing.length > 0) {
  console.log(`sin informe de: ${missing.join(", ")}`);
  failed += missing.length;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
