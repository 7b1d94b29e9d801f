import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { AddressBook, ADDRESS_BOOK_FILE } from '@main/wallet/stores/address-book';
import { vectors } from '../../../fixtures/vectors';
import { expectWalletError, removeDir, tempDir } from '../helpers';

const [first, second] = Object.values<{ hex: string; base58: string }>(vectors.keys);

describe('address book', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await tempDir();
    file = join(dir, ADDRESS_BOOK_FILE);
  });
  afterEach(() => removeDir(dir));

  it('migrates a version 1 file: addresses to Base58, empty tags, updatedAt from createdAt, v1 kept as backup', async () => {
    const v1 = {
      format: 'tron-wallet-address-book',
      version: 1,
      data: {
        entries: [
          { id: 'ctc_0123456789abcdef', name: 'Treasury', address: first!.hex, note: 'cold', createdAt: 1000 },
          { id: 'ctc_fedcba9876543210', name: 'Payroll', address: ` ${second!.base58} `, note: '', createdAt: 2000 },
        ],
      },
    };
    await writeFile(file, JSON.stringify(v1));
    const book = await AddressBook.open(file);
    expect(book.store.report.migratedFrom).toBe(1);
    expect(book.list()).toEqual([
      {
        id: 'ctc_fedcba9876543210',
        name: 'Payroll',
        address: second!.base58,
        note: '',
        tags: [],
        createdAt: 2000,
        updatedAt: 2000,
      },
      {
        id: 'ctc_0123456789abcdef',
        name: 'Treasury',
        address: first!.base58,
        note: 'cold',
        tags: [],
        createdAt: 1000,
        updatedAt: 1000,
      },
    ]);
    expect(JSON.parse(await readFile(`${file}.v1.bak`, 'utf8'))).toEqual(v1);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 2 });
  });

  it('reports a version 1 file with an invalid address and leaves it alone', async () => {
    const text = JSON.stringify({
      format: 'tron-wallet-address-book',
      version: 1,
      data: { entries: [{ id: 'ctc_0123456789abcdef', name: 'x', address: 'Tnope', note: '', createdAt: 1 }] },
    });
    await writeFile(file, text);
    const book = await AddressBook.open(file);
    expect(book.store.problem).toMatchObject({ code: 'STORE_MIGRATION_FAILED' });
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('saves, finds by either address form, edits and removes contacts', async () => {
    const book = await AddressBook.open(file);
    const saved = await book.save(
      { name: ' Exchange ', address: first!.hex, note: 'hot wallet', tags: ['cex', 'cex', ' ops '] },
      10,
    );
    expect(saved).toMatchObject({
      name: 'Exchange',
      address: first!.base58,
      tags: ['cex', 'ops'],
      createdAt: 10,
      updatedAt: 10,
    });
    expect(book.find(first!.base58)?.id).toBe(saved.id);
    expect(book.find(toHexAddress(first!.base58))?.id).toBe(saved.id);
    const edited = await book.save({ id: saved.id, name: 'Exchange 2', address: first!.base58 }, 20);
    expect(edited).toMatchObject({ id: saved.id, name: 'Exchange 2', createdAt: 10, updatedAt: 20, tags: [] });
    await book.remove(saved.id);
    expect(book.list()).toEqual([]);
    expect((await AddressBook.open(file)).list()).toEqual([]);
  });

  it('refuses a second contact for the same address, a bad address, a bad tag and an unknown id', async () => {
    const book = await AddressBook.open(file);
    await book.save({ name: 'A', address: first!.base58 });
    await expectWalletError(book.save({ name: 'B', address: first!.hex }), 'StoreError', 'STORE_DUPLICATE');
    await expectWalletError(book.save({ name: 'C', address: 'T123' }), 'StoreError', 'STORE_INVALID_UPDATE');
    await expectWalletError(
      book.save({ name: 'D', address: second!.base58, tags: ['two words'] }),
      'StoreError',
      'STORE_INVALID_UPDATE',
    );
    await expectWalletError(
      book.save({ id: 'ctc_0000000000000000', name: 'E', address: second!.base58 }),
      'StoreError',
      'STORE_ENTRY_NOT_FOUND',
    );
    await expectWalletError(book.remove('ctc_0000000000000000'), 'StoreError', 'STORE_ENTRY_NOT_FOUND');
  });
});

describe('address book file location', () => {
  it('lives in the folder it is opened from (one per network)', async () => {
    const dir = await tempDir();
    try {
      await mkdir(join(dir, 'nile'));
      const nile = await AddressBook.open(join(dir, 'nile', ADDRESS_BOOK_FILE));
      await nile.save({ name: 'Only on Nile', address: first!.base58 });
      const shasta = await AddressBook.open(join(dir, 'shasta', ADDRESS_BOOK_FILE));
      expect(shasta.list()).toEqual([]);
    } finally {
      await removeDir(dir);
    }
  });
});
