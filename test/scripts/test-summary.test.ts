import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/test-summary.mjs', import.meta.url));
const pinnedElectron = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.electron;
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function report(dir: string, name: string, passed: number, failed: number) {
  const path = join(dir, name);
  writeFileSync(
    path,
    JSON.stringify({
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        { status: failed ? 'failed' : 'passed', assertionResults: Array(failed).fill({ status: 'failed' }) },
      ],
    }),
  );
  return path;
}

describe('test-summary', () => {
  it('names the Node and Electron versions just before the totals, which stay the last line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'summary-'));
    dirs.push(dir);
    const run = spawnSync(
      process.execPath,
      [script, `unit=${report(dir, 'unit.json', 7, 0)}`, `e2e=${report(dir, 'e2e.json', 3, 2)}`],
      { encoding: 'utf8' },
    );
    const lines = run.stdout.trimEnd().split('\n');
    expect(run.status).toBe(1);
    expect(lines.at(-2)).toMatch(
      new RegExp(`^Node ${process.version}, Electron ${pinnedElectron.replace(/\./g, '\\.')}`),
    );
    expect(lines.at(-1)).toBe('10 passed, 2 failed');
  });
});
