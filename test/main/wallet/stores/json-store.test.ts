import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore, type StoreDefinition } from '@main/wallet/stores/json-store';
import { expectWalletError, removeDir, tempDir } from '../helpers';

interface Doc {
  readonly items: readonly { name: string; amount: bigint }[];
}

const definition: StoreDefinition<Doc> = {
  format: 'test-store',
  version: 3,
  what: 'test store',
  schema: z.strictObject({
    items: z.array(
      z.strictObject({
        name: z.string().min(1),
        amount: z.union([z.bigint(), z.number().int()]).transform((v) => BigInt(v)),
      }),
    ),
  }),
  empty: () => ({ items: [] }),
  migrations: {
    1: (data) => ({ items: (data as { names: string[] }).names.map((name) => ({ name })) }),
    2: (data) => ({ items: (data as { items: { name: string }[] }).items.map((item) => ({ ...item, amount: 0 })) }),
  },
};

describe('JsonStore', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await tempDir();
    file = join(dir, 'sub', 'doc.json');
  });
  afterEach(() => removeDir(dir));

  it('starts empty without writing anything when the file does not exist', async () => {
    const store = await JsonStore.open(file, definition);
    expect(store.read()).toEqual({ items: [] });
    expect(store.problem).toBeNull();
    await expect(readdir(join(dir, 'sub'))).resolves.toEqual([]);
  });

  it('writes the format, version and data owner-only, with amounts beyond 2^53 exact', async () => {
    const store = await JsonStore.open(file, definition);
    const big = 2n ** 60n + 1n;
    await store.update((doc) => ({ items: [...doc.items, { name: 'a', amount: big }] }));
    const text = await readFile(file, 'utf8');
    expect(text).toContain('"format": "test-store"');
    expect(text).toContain(`"amount": ${big}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await JsonStore.open(file, definition);
    expect(again.read().items[0]!.amount).toBe(big);
  });

  it('runs updates one at a time in call order', async () => {
    const store = await JsonStore.open(file, definition);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.update((doc) => ({ items: [...doc.items, { name: `n${i}`, amount: BigInt(i) }] })),
      ),
    );
    expect(store.read().items.map((item) => item.name)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7']);
    expect((await JsonStore.open(file, definition)).read().items).toHaveLength(8);
  });

  it('refuses an update that breaks the schema and keeps file and document as they were', async () => {
    const store = await JsonStore.open(file, definition);
    await store.update(() => ({ items: [{ name: 'ok', amount: 1n }] }));
    const before = await readFile(file, 'utf8');
    const error = await expectWalletError(
      store.update(() => ({ items: [{ name: '', amount: 1n }] })),
      'StoreError',
      'STORE_INVALID_UPDATE',
    );
    expect(error.message).toContain('items[0].name');
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(store.read().items[0]!.name).toBe('ok');
  });

  it('migrates version 1 through every numbered step, keeps a backup and rewrites the file', async () => {
    await writeFile(
      join(await ensure(dir), 'doc.json'),
      JSON.stringify({ format: 'test-store', version: 1, data: { names: ['x', 'y'] } }),
    );
    const store = await JsonStore.open(file, definition);
    expect(store.read()).toEqual({
      items: [
        { name: 'x', amount: 0n },
        { name: 'y', amount: 0n },
      ],
    });
    expect(store.report).toEqual({ migratedFrom: 1, backup: `${file}.v1.bak` });
    expect(JSON.parse(await readFile(`${file}.v1.bak`, 'utf8')).version).toBe(1);
    expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(3);
  });

  it.each([
    ['not JSON', '{"format": "test-store", nope}', 'STORE_FILE_CORRUPT'],
    ['cut short', '{"format": "test-store", "version": 3, "da', 'STORE_FILE_TRUNCATED'],
    ['empty', '', 'STORE_FILE_TRUNCATED'],
    ['another format', JSON.stringify({ format: 'other', version: 1, data: {} }), 'STORE_WRONG_FORMAT'],
    ['an array', '[]', 'STORE_WRONG_FORMAT'],
    ['no version', JSON.stringify({ format: 'test-store', data: {} }), 'STORE_FILE_CORRUPT'],
    ['a newer version', JSON.stringify({ format: 'test-store', version: 4, data: {} }), 'STORE_FILE_TOO_NEW'],
    [
      'data that fails the schema',
      JSON.stringify({ format: 'test-store', version: 3, data: { items: [{ name: 1 }] } }),
      'STORE_FILE_INVALID',
    ],
    [
      'a migration that throws',
      JSON.stringify({ format: 'test-store', version: 1, data: {} }),
      'STORE_MIGRATION_FAILED',
    ],
  ])('reports %s, keeps the file byte for byte and refuses reads and writes', async (_what, text, code) => {
    await ensure(dir);
    await writeFile(file, text);
    const store = await JsonStore.open(file, definition);
    expect(store.problem).toMatchObject({ name: 'StoreError', code });
    expect(store.problem!.message).toContain(file);
    await expectWalletError(() => store.read(), 'StoreError', code);
    await expectWalletError(
      store.update(() => ({ items: [] })),
      'StoreError',
      code,
    );
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('moves a damaged file aside only when asked, then starts empty', async () => {
    await ensure(dir);
    await writeFile(file, 'garbage');
    const store = await JsonStore.open(file, definition);
    const moved = await store.setAside(1234);
    expect(moved).toBe(`${file}.damaged-1234`);
    expect(await readFile(moved, 'utf8')).toBe('garbage');
    expect(store.read()).toEqual({ items: [] });
    await store.update(() => ({ items: [{ name: 'fresh', amount: 2n }] }));
    expect((await JsonStore.open(file, definition)).read().items[0]!.name).toBe('fresh');
  });

  it('refuses to set aside a healthy file', async () => {
    const store = await JsonStore.open(file, definition);
    await expectWalletError(store.setAside(), 'StoreError', 'STORE_INVALID_UPDATE');
  });

  it('removes temp files a crash left behind and refuses use after close', async () => {
    await ensure(dir);
    await writeFile(join(dir, 'sub', '.doc.json.abc123.tmp'), 'half');
    const store = await JsonStore.open(file, definition);
    expect(await readdir(join(dir, 'sub'))).toEqual([]);
    await store.close();
    await expectWalletError(() => store.read(), 'StoreError', 'STORE_CLOSED');
  });
});

async function ensure(dir: string): Promise<string> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(dir, 'sub'), { recursive: true });
  return join(dir, 'sub');
}
