// Sums the suites' JSON reports into the one closing line CI reads: "N passed, N failed".
// Above it, every failed test is named (suite, file, title), so the tail of CI's output says
// what to fix without the whole log.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function playwrightFailures(suite, report) {
  const walk = (node, file) => {
    for (const spec of node.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") failures.push(`${suite}: ${spec.file ?? file} › ${spec.title} [${test.projectName}]`);
      }
    }
    for (const child of node.suites ?? []) walk(child, child.file ?? file);
  };
  for (const top of report.suites ?? []) walk(top, top.file);
}

function vitestFailures(suite, report) {
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, "");
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${suite}: ${name} › ${test.fullName ?? test.title}`);
    if (failedTests.length === 0 && file.status === "failed") {
      failures.push(`${suite}: ${name} (el archivo falló al cargarse: ${String(file.message ?? "").split("\n")[0]})`);
    }
  }
}

for (const name of ["unit", "e2e", "pg", "node22"]) {
  const file = `tests/.tmp/results/${name}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats) {
    // Playwright: a flaky test passed on retry.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    playwrightFailures(name, report);
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += report.numPendingTests + report.numTodoTests;
    vitestFailures(name, report);
  }
}
const missing = process.argv.slice(2).filter((name) => !existsSync(`tests/.tmp/results/${name}.json`));
if (missing.length > 0) {
  console.log(`sin informe de: ${missing.join(", ")}`);
  failed += missing.length;
}
if (failures.length > 0) {
  console.log("Pruebas fallidas:");
  for (const line of failures) console.log(`  ${line}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
