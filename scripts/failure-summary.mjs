// Prints each failed journey of a Playwright JSON report in a few lines: where it stopped and
// the first words of its error. CI keeps only the end of a run's output, and Playwright's own
// account of a failure is pages long and printed well before the end.
/* global process, console, Buffer */
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
        // A timeout is the first error; the step that was waiting when it struck comes after it.
        const errors = result.errors?.length ? result.errors : [result.error ?? {}];
        // One run holds several projects (each real agent-server version): the project says which.
        console.log(
          `  ${spec.title.slice(0, 70)} (${result.status}, ${test.projectName}, ${spec.file}:${spec.line})`,
        );
        for (const error of errors.slice(0, 3)) {
          const where = error.location
            ? ` (at ${error.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${error.location.line})`
            : '';
          const words = stripVTControlCharacters(error.message ?? result.status)
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .slice(0, errors.length > 1 ? 2 : 4)
            // The first line whole up to a point: it is where an axe check names what it found.
            .map((line, index) => {
              const room = index === 0 ? 600 : 160;
              return line.length > room ? `${line.slice(0, room - 3)}...` : line;
            });
          console.log(`    ${words[0] ?? ''}${where}`);
          for (const line of words.slice(1)) console.log(`      ${line}`);
        }
        // What the real server's model was asked, in order: an extra turn shows here.
        for (const attachment of result.attachments ?? []) {
          if (!attachment.name.endsWith('model requests') || !attachment.body) continue;
          const asked = JSON.parse(Buffer.from(attachment.body, 'base64').toString('utf8'));
          const turns = asked.map((request) => `${request.tools ? '' : '(side) '}${request.lastUser ?? ''}`);
          console.log(`    model asked ${asked.length}×: ${turns.join(' | ').slice(0, 400)}`);
        }
        // The journey's named steps and their times: where a slow run spent them.
        const steps = (result.steps ?? []).map(
          (step) => `${step.title} ${(step.duration / 1000).toFixed(1)} s`,
        );
        if (steps.length)
          console.log(`    steps (${(result.duration / 1000).toFixed(0)} s in all): ${steps.join('; ')}`);
      }
    }
  }
}
