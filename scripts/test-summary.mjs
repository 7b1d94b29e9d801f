#!/usr/bin/env node
// Prints what `npm test` ran from vitest's JSON reports: one line per stage, then the totals alone
// on the last line, after the Node and Electron versions the run used. A stage whose report is
// missing (the run crashed) counts as one failure.
// Usage: node scripts/test-summary.mjs "label=report.json" …
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The installed Electron's version, or the pin in package.json when none is installed. */
function electronVersion() {
  const require = createRequire(import.meta.url);
  try {
    return require('electron/package.json').version;
  } catch {
    return `${require('../package.json').devDependencies.electron} (not installed)`;
  }
}

let passed = 0;
let failed = 0;
console.log('\n=== summary');
for (const arg of process.argv.slice(2)) {
  const at = arg.lastIndexOf('=');
  const label = arg.slice(0, at);
  let report;
  try {
    report = JSON.parse(readFileSync(arg.slice(at + 1), 'utf8'));
  } catch {
    console.log(`${label}: did not finish (no report)`);
    failed += 1;
    continue;
  }
  // A file that fails before any test runs (an import error) has no failed test to count.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const stageFailed = report.numFailedTests + brokenFiles;
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `${label}: ${report.numPassedTests} passed, ${stageFailed} failed` +
      `${skipped ? `, ${skipped} skipped` : ''} (${report.testResults.length} files)`,
  );
  passed += report.numPassedTests;
  failed += stageFailed + skipped;
}
console.log(`Node ${process.version}, Electron ${electronVersion()}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
