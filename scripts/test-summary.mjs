// Prints the closing line CI reads ("vitest: N passed, M failed") from vitest's JSON report.
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? ".vitest-results.json";
const report = JSON.parse(readFileSync(file, "utf8"));
const label = process.argv[3] ?? "vitest";
console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
if (report.numTotalTests === 0) {
  console.error(`${label}: no test ran`);
  process.exit(1);
}
