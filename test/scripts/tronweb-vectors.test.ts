import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/vectors/tronweb-vectors.mjs', import.meta.url));
const committed = fileURLToPath(new URL('../fixtures/tronweb/vectors.json', import.meta.url));
const dirs: string[] = [];

interface Vectors {
  transactions: { name: string; raw_data_hex: string }[];
}

const readVectors = (file: string): Vectors => JSON.parse(readFileSync(file, 'utf8')) as Vectors;

/** A copy of the committed vectors after `edit`, in a temporary folder. */
function copyWith(edit: (vectors: Vectors) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'tronweb-vectors-'));
  dirs.push(dir);
  const vectors = readVectors(committed);
  edit(vectors);
  const file = join(dir, 'vectors.json');
  writeFileSync(file, `${JSON.stringify(vectors, null, 2)}\n`);
  return file;
}

/** Replaces the byte at `index` of a hex string with its bitwise complement. */
function flipByte(hex: string, index: number): string {
  const byte = (parseInt(hex.slice(index * 2, index * 2 + 2), 16) ^ 0xff).toString(16).padStart(2, '0');
  return hex.slice(0, index * 2) + byte + hex.slice(index * 2 + 2);
}

const runScript = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run vectors:tronweb', () => {
  it('finds every committed transaction, ABI case, message and key reproduced by the installed TronWeb', () => {
    const run = runScript();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((line) => !line.startsWith('ok '))).toEqual([]);
    for (const tx of readVectors(committed).transactions) expect(lines).toContain(`ok transaction ${tx.name}`);
    expect(lines.filter((line) => line.startsWith('ok abi ')).length).toBe(14);
    expect(lines).toContain('ok message signMessageV2_utf8');
    expect(lines).toContain('ok key K_ONE');
  });

  it('exits 1 naming the transaction whose raw_data_hex has one byte changed', () => {
    let name = '';
    const file = copyWith((vectors) => {
      const tx = vectors.transactions[3];
      name = tx.name;
      tx.raw_data_hex = flipByte(tx.raw_data_hex, 20);
    });
    const run = runScript('--file', file);
    expect(run.status).toBe(1);
    const mismatches = run.stdout.split('\n').filter((line) => line.startsWith('MISMATCH'));
    expect(mismatches).toEqual([`MISMATCH transaction ${name}: raw_data_hex`]);
    expect(run.stderr).toContain('1 item(s) differ');
  });

  it('with --write restores the changed byte and leaves the rest of the file as it was', () => {
    const file = copyWith((vectors) => {
      const tx = vectors.transactions[0];
      tx.raw_data_hex = flipByte(tx.raw_data_hex, 5);
    });
    const run = runScript('--write', '--file', file);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`updated transaction ${readVectors(committed).transactions[0].name}: raw_data_hex`);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(committed, 'utf8'));
  });
});
