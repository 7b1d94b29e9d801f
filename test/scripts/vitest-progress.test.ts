import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import ProgressReporter from '../../scripts/vitest-progress.mjs';

function reporter() {
  const lines: string[] = [];
  const instance = new ProgressReporter({ label: 'unit and integration', write: (text: string) => lines.push(text) });
  return { instance, lines };
}

const moduleIn = (state: string) => ({ state: () => state });

describe('vitest progress reporter', () => {
  it('counts finished files out of the files the run started with, and the failures among them', () => {
    const { instance, lines } = reporter();
    instance.onTestRunStart([{}, {}, {}]);
    instance.onTestModuleEnd(moduleIn('passed'));
    instance.onTestModuleEnd(moduleIn('failed'));
    instance.onTestModuleEnd(moduleIn('passed'));
    expect(lines).toEqual([
      'unit and integration: 0/3 files\n',
      'unit and integration: 1/3 files\n',
      'unit and integration: 2/3 files, 1 failed\n',
      'unit and integration: 3/3 files, 1 failed\n',
    ]);
  });

  it('takes its stage name from TEST_PROGRESS_LABEL when none is given', () => {
    const saved = process.env.TEST_PROGRESS_LABEL;
    process.env.TEST_PROGRESS_LABEL = 'end-to-end';
    try {
      const lines: string[] = [];
      new ProgressReporter({ write: (text: string) => lines.push(text) }).onTestRunStart([{}]);
      expect(lines).toEqual(['end-to-end: 0/1 files\n']);
    } finally {
      if (saved === undefined) delete process.env.TEST_PROGRESS_LABEL;
      else process.env.TEST_PROGRESS_LABEL = saved;
    }
  });
});
