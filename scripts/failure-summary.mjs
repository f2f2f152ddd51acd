// Prints each failed journey of a Playwright JSON report in a few lines: where it stopped and
// the first words of its error. CI keeps only the end of a run's output, and Playwright's own
// account of a failure is pages long and printed well before the end.
/* global process, console */
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function* specs(suite) {
  for (const spec of suite.specs ?? []) yield spec;
  for (const child of suite.suites ?? []) yield* specs(child);
}

for (const suite of report.suites ?? []) {
  for (const spec of specs(suite)) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        if (result.status === 'passed' || result.status === 'skipped') continue;
        const error = result.errors?.[0] ?? result.error ?? {};
        const where = error.location
          ? `${error.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${error.location.line}`
          : `${spec.file}:${spec.line}`;
        const words = stripVTControlCharacters(error.message ?? result.status)
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 4)
          .map((line) => (line.length > 160 ? `${line.slice(0, 157)}...` : line));
        console.log(`  ${spec.title.slice(0, 70)} (${result.status}, at ${where})`);
        for (const line of words) console.log(`    ${line}`);
      }
    }
  }
}
