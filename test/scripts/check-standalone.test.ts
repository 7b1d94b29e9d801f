import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/check-standalone.mjs', import.meta.url));
const roots: string[] = [];

/** A throw-away git repository holding `files`, all tracked. */
function repoWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'standalone-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync('git', ['init', '--quiet'], { cwd: root });
  execFileSync('git', ['add', '.'], { cwd: root });
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The folder beside the repository that no file may name. */
const SHARED = 'shared';
/** A note kept beside the repository, assembled so that no tracked file names it. */
const NOTES = ['private-notes', 'md'].join('.');

describe('check-standalone', () => {
  it('passes a repository whose references all stay inside it', () => {
    const root = repoWith({
      'src/a/b.ts': "import { x } from '../c';\nexport const y = x;\n",
      'src/c.ts': 'export const x = 1;\n',
      'docs/guide.md': 'See `../src/c.ts`.\n',
    });
    expect(check(root)).toEqual({ status: 0, stderr: '' });
  });

  it('fails on a planted reference to the sibling shared folder and names the file and line', () => {
    // Assembled here so that no tracked file holds the reference itself.
    const planted = ['..', SHARED, 'vectors', 'tronweb-vectors.json'].join('/');
    const root = repoWith({ 'test/fixtures/vectors.ts': `// ok\nconst path = '${planted}';\n` });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`test/fixtures/vectors.ts:2: refers outside the repository: ${planted}`);
  });

  it('fails on a relative path that climbs above the root from deeper folders', () => {
    const root = repoWith({ 'test/fixtures/load.ts': "new URL('../../../notes/data.json', import.meta.url);\n" }); // standalone-check: allow (planted)
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('test/fixtures/load.ts:1');
  });

  it('fails on an absolute path into the build machine work folder', () => {
    const root = repoWith({ 'README.md': `Vectors are in ${['', 'work', SHARED, 'vectors'].join('/')}.\n` });
    expect(check(root).status).toBe(1);
  });

  it('fails on a Markdown document named by a file name the repository does not hold', () => {
    const root = repoWith({
      'README.md': '# x\n',
      'src/fee.ts': `// Bandwidth (see README.md; BandwidthProcessor, ${NOTES} §6.1).\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`src/fee.ts:1: refers outside the repository: ${NOTES}`);
    expect(result.stderr).not.toContain('README.md');
  });

  it("accepts another repository's document named by its path", () => {
    const root = repoWith({ 'src/ledger.ts': "// Status words as app-tron's docs/APDU.md lists them.\n" });
    expect(check(root)).toEqual({ status: 0, stderr: '' });
  });

  it('lets a line keep such a string on purpose when it says so', () => {
    const root = repoWith({
      'x.ts': "const attack = '../../../../etc/passwd'; // standalone-check: allow (path traversal input)\n",
    });
    expect(check(root).status).toBe(0);
  });

  it('finds nothing in this repository', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
