import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { electronPinProblem, NEWEST_ELECTRON } from '../../scripts/electron-support.mjs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('Electron support window', () => {
  it('accepts the pinned Electron of package.json', () => {
    expect(electronPinProblem(packageJson.devDependencies.electron)).toBeNull();
  });

  it('accepts an exact pin up to two majors behind the newest, and refuses three behind', () => {
    const newest = { major: 45, checkedOn: '2026-12-04' };
    expect(electronPinProblem('45.6.1', newest)).toBeNull();
    expect(electronPinProblem('43.0.0', newest)).toBeNull();
    expect(electronPinProblem('42.9.9', newest)).toMatch(
      /^Electron 42\.9\.9 is out of support: the supported majors are 43 to 45 .*checked 2026-12-04/,
    );
  });

  it('refuses a range instead of an exact version', () => {
    expect(electronPinProblem('^45.6.1', NEWEST_ELECTRON)).toContain('pinned to an exact version');
    expect(electronPinProblem(undefined, NEWEST_ELECTRON)).toContain('pinned to an exact version');
  });

  it('records the newest major with the day it was checked', () => {
    expect(Number.isInteger(NEWEST_ELECTRON.major)).toBe(true);
    expect(NEWEST_ELECTRON.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
