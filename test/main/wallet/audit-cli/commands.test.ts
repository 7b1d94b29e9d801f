import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendAuditEntry,
  createAuditBundle,
  mergeAuditBundles,
  parseAuditBundle,
  serializeAuditBundle,
  type AuditEntry,
} from '@core/audit';
import { bytesToUtf8 } from '@core/bytes/utf8';
import { canonicalJson } from '@core/envelope/canonical';
import type { FetchLike } from '@core/client/fetch';
import { runAuditCommand } from '@main/wallet/audit-cli/commands';
import { ACCOUNT, DESK_A, deskBundles } from '../../../core/audit/story';
import { removeDir, tempDir } from '../helpers';

const refuseFetch: FetchLike = async () => {
  throw new Error('no network in this test');
};

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runAuditCommand(args, {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    fetch: refuseFetch,
  });
  return { code, out, err };
}

const { a, b } = deskBundles();
const bundle = mergeAuditBundles(a, b);
const bytes = serializeAuditBundle(bundle);
const text = bytesToUtf8(bytes);

/** Where each entry's text sits in the file, in file order. */
const spans = bundle.entries.map((entry) => {
  const start = text.indexOf(canonicalJson(entry));
  return { entry, start, end: start + canonicalJson(entry).length };
});

describe('npm run audit -- verify', () => {
  let dir: string;
  let n = 0;
  const file = async (content: Uint8Array | string) => {
    const path = join(dir, `bundle-${n++}.json`);
    await writeFile(path, content);
    return path;
  };
  beforeAll(async () => {
    dir = await tempDir('audit-cli-');
  });
  afterAll(() => removeDir(dir));

  it('exits 0 for the intact bundle and says how many entries and chains it checked', async () => {
    const result = await run(['verify', await file(bytes)]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(new RegExp(`INTACT: ${bundle.entries.length} entries in 2 desk chains`));
  });

  it('exits 2 for a file that cannot be read or is not an audit bundle, and for a missing command', async () => {
    expect((await run(['verify', join(dir, 'absent.json')])).code).toBe(2);
    expect((await run(['verify', await file('{"format":"tron-cosign-envelope"}')])).code).toBe(2);
    expect((await run(['verify'])).code).toBe(2);
    expect((await run(['nonsense'])).code).toBe(2);
    expect((await run([])).err).toMatch(/Usage: npm run audit/);
  });

  it('changing any byte makes verify exit 1 or 2, and a byte inside an entry names that entry (or its neighbour at a seam)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), async (index, flip) => {
        const changed = bytes.slice();
        changed[index] = (changed[index] ?? 0) ^ flip;
        const result = await run(['verify', await file(changed)]);
        expect([1, 2]).toContain(result.code);
        const at = spans.findIndex((s) => index >= s.start && index < s.end);
        if (at >= 0) {
          expect(result.code).toBe(1);
          const { entry } = spans[at]!;
          const inFile = Number(/entry (\d+) of the file/.exec(result.out)?.[1] ?? 0);
          const byPlace = /entry (\d+) of desk (\S+) \(hash/.exec(result.out);
          // A change to the `{"account":` that opens an entry joins it to the one before; a changed
          // desk id takes the entry out of its chain, which then misses it at its own place.
          const namesIt =
            [at, at + 1, at + 2].includes(inFile) ||
            (byPlace?.[2] === entry.desk && [entry.seq, entry.seq + 1].includes(Number(byPlace[1])));
          expect(namesIt, result.out).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('removing any one entry makes verify exit 1 and name that desk’s place', async () => {
    for (const { entry, start, end } of spans) {
      const cut =
        text[start - 1] === ','
          ? text.slice(0, start - 1) + text.slice(end)
          : text.slice(0, start) + text.slice(end + 1);
      const result = await run(['verify', await file(cut)]);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toMatch(new RegExp(`desk ${entry.desk}`));
      expect(result.out).toMatch(new RegExp(`(entry|place) (${entry.seq}|${entry.seq + 1})\\b`));
    }
  });

  it('fails a signature by a key that is not the stated signer, naming the entry', async () => {
    const chainA = bundle.entries.filter((e) => e.desk === DESK_A);
    const signature = chainA.find((e) => e.body.kind === 'signature')!;
    const other = bundle.entries.find((e) => e.body.kind === 'signature' && e.desk !== DESK_A)!;
    // Desk A's log rewritten from its signature on, with B's signature bytes under A's signer.
    const rebuilt: AuditEntry[] = chainA.filter((e) => e.seq < signature.seq);
    for (const e of chainA.filter((x) => x.seq >= signature.seq)) {
      const body =
        e.hash === signature.hash && signature.body.kind === 'signature' && other.body.kind === 'signature'
          ? { ...signature.body, signature: other.body.signature }
          : e.body;
      rebuilt.push(
        appendAuditEntry(rebuilt.at(-1) ?? null, {
          account: ACCOUNT,
          desk: DESK_A,
          at: e.at,
          ...(e.txId ? { txId: e.txId } : {}),
          body,
        }),
      );
    }
    const forged = createAuditBundle(ACCOUNT, [...rebuilt, ...bundle.entries.filter((e) => e.desk !== DESK_A)]);
    const result = await run(['verify', await file(serializeAuditBundle(forged))]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      new RegExp(`AUDIT_BAD_SIGNATURE\\) at entry \\d+ of the file, entry ${signature.seq} of desk ${DESK_A}`),
    );
  });
});

describe('npm run audit -- export', () => {
  let data: string;
  let out: string;
  const T0 = Date.parse('2026-03-10T12:00:00Z');
  const DAY = 86_400_000;
  beforeAll(async () => {
    data = await tempDir('audit-export-');
    out = join(data, 'out');
    const entries: AuditEntry[] = [];
    const steps = [
      { at: T0 - 15 * DAY, summary: 'early payroll' },
      { at: T0, summary: '<script>alert("x")</script> & pay' },
      { at: T0 + 30 * DAY, summary: 'after the period' },
    ];
    for (const step of steps) {
      entries.push(
        appendAuditEntry(entries.at(-1) ?? null, {
          account: ACCOUNT,
          desk: DESK_A,
          at: step.at,
          body: { kind: 'proposal', proposer: ACCOUNT, appVersion: '0.1.0', summary: step.summary },
        }),
      );
    }
    await mkdir(join(data, 'networks', 'nile', 'audit'), { recursive: true });
    await writeFile(
      join(data, 'networks', 'nile', 'audit', `${ACCOUNT}.jsonl`),
      entries.map((e) => `${canonicalJson({ entry: e })}\n`).join(''),
    );
  });
  afterAll(() => removeDir(data));

  it('writes a bundle that verifies, holding each chain from its start to the period’s end, and an escaped HTML report', async () => {
    const result = await run([
      'export',
      '--account',
      ACCOUNT,
      '--from',
      '2026-03-01',
      '--to',
      '2026-03-31',
      '--data',
      data,
      '--out',
      out,
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/2 entries; 1 in the period/);
    const files = (await readdir(out)).sort();
    expect(files).toHaveLength(2);
    const exported = parseAuditBundle(
      await readFile(
        join(
          out,
          files.find((f) => f.endsWith('.json'))!,
        ),
      ),
    );
    expect(exported.entries.map((e) => e.at)).toEqual([T0 - 15 * DAY, T0]);
    expect(
      (
        await run([
          'verify',
          join(
            out,
            files.find((f) => f.endsWith('.json'))!,
          ),
        ])
      ).code,
    ).toBe(0);
    const html = await readFile(
      join(
        out,
        files.find((f) => f.endsWith('.html'))!,
      ),
      'utf8',
    );
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; pay');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('early payroll');
    expect(html).toMatch(/Intact: 2 entries in 1 desk chains verify/);
  });

  it('exits 2 with a sentence for a bad date, an unknown account or a missing option', async () => {
    const base = ['export', '--account', ACCOUNT, '--data', data, '--out', out];
    const badDate = await run([...base, '--from', 'March', '--to', '2026-03-31']);
    expect(badDate).toMatchObject({ code: 2 });
    expect(badDate.err).toMatch(/--from March is not a date/);
    const nobody = await run([
      'export',
      '--account',
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      '--from',
      '2026-03-01',
      '--to',
      '2026-03-31',
      '--data',
      data,
      '--out',
      out,
    ]);
    expect(nobody.code).toBe(2);
    expect(nobody.err).toMatch(/No network .* has an audit log of TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7/);
    expect((await run(['export', '--account', ACCOUNT])).code).toBe(2);
  });
});
