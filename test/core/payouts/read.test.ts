import { describe, expect, it } from 'vitest';
import { bytesToBase58Address } from '@core/address/address';
import { toCsv } from '@core/csv/csv';
import { ValidationError } from '@core/errors';
import { PAYOUT_ISSUE } from '@core/payouts/format';
import { namesFrom, symbolsFrom, type PayoutLookups } from '@core/payouts/lookups';
import { readPayoutCsv, requireGoodFile } from '@core/payouts/read';
import { assetTotals } from '@core/payouts/totals';

/** A distinct valid address per number. */
function addressOf(n: number): string {
  const bytes = new Uint8Array(21);
  bytes[0] = 0x41;
  new DataView(bytes.buffer).setUint32(17, n + 1);
  bytes[1] = 0x77;
  return bytesToBase58Address(bytes);
}

/** The same address with its last character changed: Base58 still, checksum wrong. */
function mistyped(address: string): string {
  const last = address.at(-1)!;
  return address.slice(0, -1) + (last === 'z' ? 'y' : 'z');
}

const OWNER = addressOf(999_999);
const USDT = addressOf(500_000);
const OTHER_TOKEN = addressOf(500_001);
const SECOND_USDX = addressOf(500_002);

const lookups: PayoutLookups & { trc20Asked: string[]; trc10Asked: string[] } = {
  trc20Asked: [],
  trc10Asked: [],
  addressesNamed: namesFrom([
    { name: 'Alice', address: addressOf(1) },
    { name: 'Twins', address: addressOf(2) },
    { name: 'twins', address: addressOf(3) },
  ]),
  watchedWithSymbol: symbolsFrom([
    { address: USDT, symbol: 'USDT', decimals: 6 },
    { address: OTHER_TOKEN, symbol: 'USDX', decimals: 18 },
    { address: SECOND_USDX, symbol: 'USDX', decimals: 2 },
  ]),
  async trc20(contract) {
    this.trc20Asked.push(contract);
    if (contract === USDT) return { symbol: 'USDT', decimals: 6 };
    if (contract === OTHER_TOKEN) return { symbol: 'USDX', decimals: 18 };
    return null;
  },
  async trc10(tokenId) {
    this.trc10Asked.push(tokenId);
    return tokenId === '1000001' ? { abbr: 'BTT', precision: 2 } : null;
  },
};

const read = (text: string) => readPayoutCsv(text, { owner: OWNER, lookups });

describe('readPayoutCsv', () => {
  it('turns each row into the request of its kind, with base-unit amounts and the memo', async () => {
    const file = await read(
      'recipient,asset,amount,memo,reference\r\n' +
        `${addressOf(10)},TRX,12.5,salary,R-1\r\n` +
        `Alice,1000001,3.25,,R-2\r\n` +
        `${addressOf(11)},USDT,0.000001,"bonus, Q3",R-3\r\n` +
        `${addressOf(12)},${OTHER_TOKEN},1.5,,\r\n`,
    );
    expect(file.issues).toEqual([]);
    expect(file.total).toBe(4);
    const [trx, trc10, usdt, usdx] = file.rows;
    expect(trx!.request).toEqual({
      kind: 'trx-transfer',
      owner: OWNER,
      to: addressOf(10),
      amountSun: 12_500_000n,
      memo: 'salary',
    });
    expect(trc10!.recipientName).toBe('Alice');
    expect(trc10!.request).toEqual({
      kind: 'trc10-transfer',
      owner: OWNER,
      to: addressOf(1),
      tokenId: '1000001',
      amount: 325n,
    });
    expect(usdt!.request).toEqual({
      kind: 'trc20-transfer',
      owner: OWNER,
      to: addressOf(11),
      token: USDT,
      amount: 1n,
      memo: 'bonus, Q3',
    });
    expect(usdx!.amount).toBe(1_500_000_000_000_000_000n);
    expect(usdx!.asset).toEqual({ type: 'trc20', contract: OTHER_TOKEN, symbol: 'USDX', decimals: 18 });
    expect(usdx!.reference).toBe('');
  });

  it('accepts the headers in any order and case, without the optional columns', async () => {
    const file = await read(` Amount ,RECIPIENT,asset\n7,${addressOf(20)},trx\n`);
    expect(file.issues).toEqual([]);
    expect(file.rows[0]!.amount).toBe(7_000_000n);
    expect(file.rows[0]!.memo).toBe('');
  });

  it('names an unknown, a repeated and a missing column on the header line, and still reads the rows', async () => {
    const file = await read(`recipient,asset,amount,amount,note\n${addressOf(21)},TRX,0,1,x\n`);
    expect(file.issues.map((i) => [i.line, i.code])).toEqual([
      [1, PAYOUT_ISSUE.repeatedColumn],
      [1, PAYOUT_ISSUE.unknownColumn],
      [2, PAYOUT_ISSUE.notPositive],
    ]);
    expect(file.issues[1]!.message).toMatch(/unknown column “note”.*accepted: recipient,asset,amount,memo,reference/);
    const missing = await read(`recipient,amount\n${addressOf(21)},1\n`);
    expect(missing.issues).toEqual([
      expect.objectContaining({ line: 1, code: PAYOUT_ISSUE.missingColumn, column: 'asset' }),
    ]);
    expect(missing.rows).toEqual([]);
  });

  it('gives each kind of bad row its own code and a sentence naming the line', async () => {
    const good = addressOf(30);
    const file = await read(
      [
        'recipient,asset,amount,memo,reference',
        `${mistyped(good)},TRX,1,,`,
        'Bob,TRX,1,,',
        'Twins,TRX,1,,',
        `${good},DOGE,1,,`,
        `${good},USDX,1,,`,
        `${good},7,1,,`,
        `${good},${addressOf(31)},1,,`,
        `${good},TRX,1.0000001,,`,
        `${good},TRX,-3,,`,
        `${good},TRX,1e6,,`,
        `${good},TRX,"1,000",,`,
        `,TRX,,,`,
        `${good},TRX`,
        `${good},TRX,9223372036854.775808,,`,
        `${OWNER},TRX,1,,`,
        `41${'ab'.repeat(20)},TRX,1,,`,
        `${good},${mistyped(USDT)},1,,`,
      ].join('\n'),
    );
    expect(file.rows).toEqual([]);
    expect(file.issues.map((i) => [i.line, i.code])).toEqual([
      [2, PAYOUT_ISSUE.badChecksum],
      [3, PAYOUT_ISSUE.unknownName],
      [4, PAYOUT_ISSUE.ambiguousName],
      [5, PAYOUT_ISSUE.unknownToken],
      [6, PAYOUT_ISSUE.ambiguousToken],
      [7, PAYOUT_ISSUE.unknownToken],
      [8, PAYOUT_ISSUE.unknownToken],
      [9, PAYOUT_ISSUE.tooManyDecimals],
      [10, PAYOUT_ISSUE.notPositive],
      [11, PAYOUT_ISSUE.badAmount],
      [12, PAYOUT_ISSUE.badAmount],
      [13, PAYOUT_ISSUE.emptyField],
      [13, PAYOUT_ISSUE.emptyField],
      [14, PAYOUT_ISSUE.fieldCount],
      [15, PAYOUT_ISSUE.tooLarge],
      [16, PAYOUT_ISSUE.paysItself],
      [17, PAYOUT_ISSUE.notAnAddress],
      [18, PAYOUT_ISSUE.badChecksum],
    ]);
    expect(file.issues.at(-1)).toMatchObject({ column: 'asset', message: expect.stringContaining('token contract') });
    for (const issue of file.issues) expect(issue.message).toMatch(new RegExp(`^Line ${issue.line}: `));
    expect(file.issues[0]!.message).toContain('bad checksum');
    expect(file.issues[7]!.message).toContain('at most 6');
  });

  it('flags a row that repeats an earlier one in recipient, asset, amount and reference, naming the first', async () => {
    const to = addressOf(40);
    const file = await read(
      ['recipient,asset,amount,reference', `${to},TRX,1,A`, `${to},trx,1.000000,A`, `${to},TRX,1,B`, `Alice,TRX,2,`]
        .concat([`${addressOf(1)},TRX,2,`])
        .join('\n'),
    );
    expect(file.issues.map((i) => [i.line, i.code])).toEqual([
      [3, PAYOUT_ISSUE.duplicate],
      [6, PAYOUT_ISSUE.duplicate],
    ]);
    expect(file.issues[0]!.message).toContain('repeats line 2');
    expect(file.issues[1]!.message).toContain('repeats line 5');
    expect(file.rows.map((r) => r.line)).toEqual([2, 4, 5]);
  });

  it('reports a CSV syntax error and an empty file with their lines', async () => {
    const broken = await read('recipient,asset,amount\nT1,"TRX,1\n');
    expect(broken.issues).toEqual([expect.objectContaining({ line: 2, code: PAYOUT_ISSUE.csvSyntax })]);
    const empty = await read('recipient,asset,amount\n');
    expect(empty.issues).toEqual([expect.objectContaining({ line: 1, code: PAYOUT_ISSUE.empty })]);
    const both = await read('recipient,asset,amount,colour\n');
    expect(both.issues.map((i) => i.code)).toEqual([PAYOUT_ISSUE.unknownColumn, PAYOUT_ISSUE.empty]);
  });

  it('asks the chain about each distinct token once', async () => {
    lookups.trc20Asked.length = 0;
    lookups.trc10Asked.length = 0;
    const rows = Array.from({ length: 30 }, (_, i) => [addressOf(100 + i), i % 2 ? USDT : '1000001', '1']);
    const file = await read(toCsv([['recipient', 'asset', 'amount'], ...rows]));
    expect(file.issues).toEqual([]);
    expect(lookups.trc20Asked).toEqual([USDT]);
    expect(lookups.trc10Asked).toEqual(['1000001']);
  });

  it('names all 12 faulty rows of a 500-row file with their lines', async () => {
    const faults = new Map<number, { cells: string[]; code: string }>([
      [17, { cells: [mistyped(addressOf(17)), 'TRX', '1'], code: PAYOUT_ISSUE.badChecksum }],
      [40, { cells: ['Nobody', 'TRX', '1'], code: PAYOUT_ISSUE.unknownName }],
      [77, { cells: [addressOf(77), 'NOPE', '1'], code: PAYOUT_ISSUE.unknownToken }],
      [101, { cells: [addressOf(101), 'USDT', '1.1234567'], code: PAYOUT_ISSUE.tooManyDecimals }],
      [150, { cells: [addressOf(150), 'TRX', '0'], code: PAYOUT_ISSUE.notPositive }],
      [199, { cells: [addressOf(0), 'TRX', '1.5'], code: PAYOUT_ISSUE.duplicate }],
      [240, { cells: [addressOf(240), '1000001', '0.001'], code: PAYOUT_ISSUE.tooManyDecimals }],
      [288, { cells: [addressOf(288), 'TRX', '-2'], code: PAYOUT_ISSUE.notPositive }],
      [333, { cells: ['', 'TRX', '1'], code: PAYOUT_ISSUE.emptyField }],
      [390, { cells: [addressOf(390), '4242', '1'], code: PAYOUT_ISSUE.unknownToken }],
      [444, { cells: [addressOf(444), 'TRX', 'ten'], code: PAYOUT_ISSUE.badAmount }],
      [499, { cells: [mistyped(addressOf(499)), 'USDT', '2'], code: PAYOUT_ISSUE.badChecksum }],
    ]);
    const rows: string[][] = [];
    for (let i = 0; i < 500; i++) {
      const fault = faults.get(i);
      rows.push(fault ? fault.cells : [addressOf(i), i % 2 ? USDT : 'TRX', '1.5']);
    }
    const file = await read(toCsv([['recipient', 'asset', 'amount'], ...rows]));
    // Row i sits on line i + 2: the header is line 1.
    expect(file.issues.map((i) => [i.line, i.code])).toEqual([...faults].map(([i, f]) => [i + 2, f.code]));
    expect(file.rows).toHaveLength(488);
    expect(file.total).toBe(500);
    expect(() => requireGoodFile(file)).toThrow(ValidationError);
    try {
      requireGoodFile(file);
    } catch (error) {
      expect((error as ValidationError).code).toBe('PAYOUT_FILE_INVALID');
      expect((error as ValidationError).message).toMatch(/^The payout file has 12 problems on 12 lines/);
      expect(((error as ValidationError).details?.issues as unknown[]).length).toBe(12);
    }
  });
});

describe('assetTotals', () => {
  it('counts and sums each asset in base units, in the order the assets first appear', async () => {
    const file = await read(
      toCsv([
        ['recipient', 'asset', 'amount'],
        [addressOf(1), 'USDT', '1.25'],
        [addressOf(2), 'TRX', '0.5'],
        [addressOf(3), 'USDT', '2'],
      ]),
    );
    expect(assetTotals(file.rows)).toEqual([
      { key: `trc20:${USDT}`, asset: expect.objectContaining({ symbol: 'USDT' }), count: 2, total: 3_250_000n },
      { key: 'TRX', asset: expect.objectContaining({ type: 'trx' }), count: 1, total: 500_000n },
    ]);
  });
});
