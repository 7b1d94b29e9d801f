import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP, parseCommandLine } from '../../../src-main/node/cli-options';

/** The flags `npm run node -- --help` lists, each at the start of its own line. */
const helpFlags = [...HELP.matchAll(/^ {2}(--[\w-]+)/gm)].map((match) => match[1]!);

/** The flags in the first column of the README's table under "Headless node". */
function readmeFlags(): string[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### Headless node'), readme.indexOf('#### Which profile'));
  return [...section.matchAll(/^\| `(--[\w-]+)/gm)].map((match) => match[1]!);
}

describe("the README's node flag table", () => {
  it('lists every flag of `npm run node -- --help`, and no other', () => {
    expect(helpFlags.length).toBeGreaterThan(10);
    expect(new Set(readmeFlags())).toEqual(new Set(helpFlags));
  });

  it('lists only flags the node accepts', () => {
    for (const flag of readmeFlags()) {
      let message = '';
      try {
        parseCommandLine([flag, '1']);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, flag).not.toMatch(/unknown option/i);
    }
  });
});
