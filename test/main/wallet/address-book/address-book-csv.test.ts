import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { parseCsv } from '@core/csv/csv';
import { AddressBookService } from '@main/wallet/address-book/address-book-service';
import { addressBookToCsv, readAddressBookCsv } from '@main/wallet/address-book/address-book-csv';
import { NetworkStores } from '@main/wallet/stores/network-stores';
import { vectors } from '../../../fixtures/vectors';
import { removeDir, tempDir } from '../helpers';

const [k1, k2, k3] = Object.values<{ hex: string; base58: string }>(vectors.keys);

describe('address book CSV', () => {
  it('reads columns in any order and case, tags separated by spaces, hex or Base58 addresses', () => {
    const read = readAddressBookCsv(
      `Address,NAME,tags\r\n${k1!.hex},Treasury,cold ops\r\n${k2!.base58},"Payroll, EU",\r\n`,
    );
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      { line: 2, name: 'Treasury', address: k1!.hex, note: '', tags: ['cold', 'ops'] },
      { line: 3, name: 'Payroll, EU', address: k2!.base58, note: '', tags: [] },
    ]);
  });

  it('refuses each malformed row with its line number and keeps the good ones', () => {
    const csv = [
      'name,address,note,tags',
      `Good,${k1!.base58},,`,
      `,${k2!.base58},,`,
      'Typo,TXnotAnAddress,,',
      `Short,${k3!.base58}`,
      `Again,${toHexAddress(k1!.base58)},,`,
      `"Multi`,
      `line",${k3!.base58},,bad,tag`,
      `Tagged,${k3!.base58},,"two words, comma"`,
    ].join('\n');
    const read = readAddressBookCsv(csv);
    expect(read.rows.map((r) => r.line)).toEqual([2]);
    expect(read.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 9]);
    expect(read.problems.map((p) => p.message)).toEqual([
      'Line 3: the name is empty.',
      'Line 4: “TXnotAnAddress” is not a TRON address (T… Base58 or 41… hex, with a valid checksum).',
      'Line 5: 2 fields, but the header has 4.',
      'Line 6: the address already appears on line 2.',
      'Line 7: 5 fields, but the header has 4.',
      'Line 9: the tag “words,” is not one word of at most 32 characters.',
    ]);
    expect(read.total).toBe(7);
  });

  it('refuses a file it cannot parse or whose header is unusable, naming the line', () => {
    expect(readAddressBookCsv('name,address\n"open,quote\n').problems).toEqual([
      { line: 2, message: expect.stringContaining('never closed') },
    ]);
    expect(readAddressBookCsv('').problems[0]!.message).toMatch(/empty/);
    expect(readAddressBookCsv('label,address,extra\n').problems).toEqual([
      {
        line: 1,
        message:
          'Line 1: the header row is not usable: it must name the columns “name” and “address”; unknown columns “label”, “extra”. Expected: name,address,note,tags.',
      },
    ]);
  });

  it('guards formula cells on export and reads them back as written', () => {
    const contacts = [
      {
        id: 'ctc_0000000000000001',
        name: '=HYPERLINK("http://evil")',
        address: k1!.base58,
        note: '+1 555',
        tags: ['-x'],
        createdAt: 1,
        updatedAt: 1,
      },
    ];
    const csv = addressBookToCsv(contacts);
    const cells = parseCsv(csv)[1]!.fields;
    expect(cells).toEqual([`'=HYPERLINK("http://evil")`, k1!.base58, "'+1 555", "'-x"]);
    expect(readAddressBookCsv(csv).rows).toEqual([
      { line: 2, name: '=HYPERLINK("http://evil")', address: k1!.base58, note: '+1 555', tags: ['-x'] },
    ]);
  });
});

describe('address book service', () => {
  let dir: string;
  let stores: NetworkStores;
  let service: AddressBookService;
  beforeEach(async () => {
    dir = await tempDir();
    stores = await NetworkStores.open(dir, 'embedded');
    let now = 100;
    service = new AddressBookService({
      chain: {
        stores: () => stores,
        network: () => ({
          kind: 'embedded',
          name: 'Embedded dev node',
          key: 'embedded',
          fullNodeUrl: null,
          solidityNodeUrl: null,
          hasApiKey: false,
          savedCustom: null,
        }),
      },
      now: () => now++,
    });
  });
  afterEach(async () => {
    await stores.close();
    await removeDir(dir);
  });

  it('previews, then imports in one write: adds new contacts and updates known addresses', async () => {
    await service.save({ name: 'Old name', address: k1!.base58 });
    const csv = `name,address,note,tags\nTreasury,${k1!.hex},cold,ops\nPayroll,${k2!.base58},,\n`;
    const preview = await service.importCsv({ csv, apply: false });
    expect(preview).toEqual({ rows: 2, added: 1, updated: 1, unchanged: 0, problems: [], applied: false });
    expect(service.list().map((c) => c.name)).toEqual(['Old name']);
    const applied = await service.importCsv({ csv, apply: true });
    expect(applied).toMatchObject({ added: 1, updated: 1, applied: true });
    expect(service.list().map((c) => [c.name, c.address, c.note, c.tags])).toEqual([
      ['Payroll', k2!.base58, '', []],
      ['Treasury', k1!.base58, 'cold', ['ops']],
    ]);
    expect((await service.importCsv({ csv, apply: true })).unchanged).toBe(2);
  });

  it('imports nothing while rows are refused, unless told to skip them', async () => {
    const csv = `name,address\nGood,${k1!.base58}\nBad,nope\n`;
    expect(await service.importCsv({ csv, apply: true })).toMatchObject({
      applied: false,
      added: 1,
      problems: [{ line: 3 }],
    });
    expect(service.list()).toEqual([]);
    expect(await service.importCsv({ csv, apply: true, skipInvalid: true })).toMatchObject({ applied: true, added: 1 });
    expect(service.list().map((c) => c.name)).toEqual(['Good']);
  });

  it('exports what it imports, and says when there is no dialog', async () => {
    await service.save({ name: 'Carol', address: k3!.base58, tags: ['cosigner'] });
    const exported = service.exportCsv();
    expect(exported).toMatchObject({ count: 1, fileName: 'address-book-embedded.csv' });
    expect(exported.csv).toBe(`name,address,note,tags\r\nCarol,${k3!.base58},,cosigner\r\n`);
    await expect(service.saveCsv()).rejects.toMatchObject({ code: 'ADDRESS_BOOK_NO_DIALOG' });
    const saved: string[] = [];
    const withDialog = new AddressBookService({
      chain: {
        stores: () => stores,
        network: () => ({
          kind: 'embedded',
          name: 'x',
          key: 'embedded',
          fullNodeUrl: null,
          solidityNodeUrl: null,
          hasApiKey: false,
          savedCustom: null,
        }),
      },
      files: {
        saveText: async (options, text) => (
          saved.push(`${options.defaultName}:${text}`),
          { path: join(dir, options.defaultName) }
        ),
      },
    });
    expect(await withDialog.saveCsv()).toEqual({ path: join(dir, 'address-book-embedded.csv'), count: 1 });
    expect(saved).toEqual([`address-book-embedded.csv:${exported.csv}`]);
  });
});
