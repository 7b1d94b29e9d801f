import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAuditEntry, AuditError, createAuditBundle, verifyAuditBundle } from '@core/audit';
import { AuditFile } from '@main/wallet/audit/audit-file';
import { DESK_ID_FILE, readOrCreateDeskId } from '@main/wallet/audit/desk-id';
import { ACCOUNT, DESK_A, DESK_B, story, TX_ID } from '../../../core/audit/story';
import { removeDir, tempDir } from '../helpers';

const T = 1_790_000_000_000;

describe('an account’s audit log file', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await tempDir('audit-file-');
    path = join(dir, 'audit', `${ACCOUNT}.jsonl`);
  });
  afterEach(() => removeDir(dir));

  async function filled(): Promise<AuditFile> {
    const file = await AuditFile.open(path, ACCOUNT, T);
    await file.append({ desk: DESK_A, at: T, txId: TX_ID, body: { kind: 'broadcast', node: 'http://a' } });
    await file.append({ desk: DESK_A, at: T + 1, txId: TX_ID, body: { kind: 'broadcast', node: 'http://b' } });
    await file.append({ desk: DESK_A, at: T + 2, txId: TX_ID, body: { kind: 'broadcast', node: 'http://c' } });
    return file;
  }

  it('appends one line per entry and reads the same chain back, linked and verifying', async () => {
    const written = await filled();
    const text = await readFile(path, 'utf8');
    expect(text.split('\n')).toHaveLength(4);
    const reopened = await AuditFile.open(path, ACCOUNT, T + 10);
    expect(reopened.problems).toEqual([]);
    expect(reopened.bundle()).toEqual(written.bundle());
    expect(reopened.head(DESK_A)).toMatchObject({ seq: 2 });
    expect(await verifyAuditBundle(reopened.bundle())).toMatchObject({ ok: true, entries: 3 });
    const next = await reopened.append({
      desk: DESK_A,
      at: T + 3,
      txId: TX_ID,
      body: { kind: 'broadcast', node: 'x' },
    });
    expect(next).toMatchObject({ seq: 3, prev: written.head(DESK_A)!.hash });
  });

  it('keeps a torn last line aside byte for byte and goes on from the lines that read', async () => {
    await filled();
    const original = `${await readFile(path, 'utf8')}{"entry":{"account":"41`;
    await writeFile(path, original);
    const reopened = await AuditFile.open(path, ACCOUNT, T + 10);
    expect(reopened.problems).toEqual([{ line: 4, reason: expect.stringMatching(/not JSON/) }]);
    expect(reopened.setAside).toBe(`${path}.damaged-${T + 10}`);
    expect(await readFile(reopened.setAside!, 'utf8')).toBe(original);
    expect(reopened.size).toBe(3);
    expect(await verifyAuditBundle(reopened.bundle())).toMatchObject({ ok: true });
    // Nothing is lost on the next open either: the kept copy stays, and the file reads clean.
    const again = await AuditFile.open(path, ACCOUNT, T + 20);
    expect(again.problems).toEqual([]);
    expect((await readdir(join(dir, 'audit'))).sort()).toEqual([
      `${ACCOUNT}.jsonl`,
      `${ACCOUNT}.jsonl.damaged-${T + 10}`,
    ]);
  });

  it('leaves out an entry whose content was changed, names its line, and verify then names the gap', async () => {
    await filled();
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('http://b', 'http://e');
    await writeFile(path, lines.join('\n'));
    const reopened = await AuditFile.open(path, ACCOUNT, T + 10);
    expect(reopened.problems).toEqual([{ line: 2, reason: 'an entry whose content does not match its hash' }]);
    expect(await readFile(reopened.setAside!, 'utf8')).toBe(lines.join('\n'));
    const verdict = await verifyAuditBundle(reopened.bundle());
    expect(verdict).toMatchObject({ ok: false, code: 'AUDIT_MISSING_PREVIOUS', entry: { desk: DESK_A, seq: 2 } });
  });

  it('merges a received bundle once, and refuses one that forks a chain it holds, keeping nothing of it', async () => {
    const { a, b } = story();
    const file = await AuditFile.open(path, ACCOUNT, T);
    expect(await file.merge(createAuditBundle(ACCOUNT, a))).toEqual({ added: a.length });
    expect(await file.merge(createAuditBundle(ACCOUNT, [...a, ...b]))).toEqual({ added: b.length });
    expect(await file.merge(createAuditBundle(ACCOUNT, b))).toEqual({ added: 0 });
    const before = await readFile(path, 'utf8');
    const forked = { ...b[0]!, at: b[0]!.at + 1 };
    const other = appendAuditEntry(null, { account: ACCOUNT, desk: DESK_B, at: forked.at, body: b[0]!.body });
    await expect(file.merge(createAuditBundle(ACCOUNT, [other]))).rejects.toSatisfy(
      (e) => e instanceof AuditError && e.code === 'AUDIT_FORK' && /two different entries at place 0/.test(e.message),
    );
    expect(await readFile(path, 'utf8')).toBe(before);
    const reopened = await AuditFile.open(path, ACCOUNT, T + 1);
    expect(await verifyAuditBundle(reopened.bundle())).toMatchObject({ ok: true, entries: a.length + b.length });
  });
});

describe('the desk id', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('audit-desk-');
  });
  afterEach(() => removeDir(dir));

  it('is made once and read back the same on every start', async () => {
    const first = await readOrCreateDeskId(dir, T);
    expect(first).toMatch(/^desk-[0-9a-f]{16}$/);
    expect(await readOrCreateDeskId(dir, T + 1)).toBe(first);
  });

  it('keeps a damaged id file aside and starts a new chain under a new id', async () => {
    await writeFile(join(dir, DESK_ID_FILE), 'not an id\twith a tab\n');
    const id = await readOrCreateDeskId(dir, T);
    expect(id).toMatch(/^desk-[0-9a-f]{16}$/);
    expect(await readFile(join(dir, `${DESK_ID_FILE}.damaged-${T}`), 'utf8')).toBe('not an id\twith a tab\n');
  });
});
