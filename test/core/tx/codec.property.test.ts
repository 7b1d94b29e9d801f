import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as b from '../../../src-core/tx/builders';
import { decodeRawData, encodeRawData, decodeTransaction, encodeTransaction } from '../../../src-core/tx/codec';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { parseJsonLossless, stringifyJson } from '../../../src-core/json/lossless';

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((body) => `41${bytesToHex(body)}`);
const amount = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n });
const resource = fc.constantFrom<b.ResourceName>('BANDWIDTH', 'ENERGY', 'TRON_POWER');

const contract = fc.oneof(
  fc.record({ owner: address, to: address, amount }).map(b.transferContract),
  fc.record({ owner: address, amount, resource }).map(b.freezeBalanceV2Contract),
  fc
    .record({
      owner: address,
      receiver: address,
      amount,
      resource,
      lock: fc.boolean(),
      lockPeriodBlocks: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    })
    .map(b.delegateResourceContract),
  fc
    .record({
      owner: address,
      contract: address,
      data: fc.uint8Array({ maxLength: 200 }).map(bytesToHex),
      callValue: fc.bigInt({ min: 0n, max: 10n ** 18n }),
    })
    .map(b.triggerSmartContract),
  fc
    .record({
      owner: address,
      votes: fc.array(fc.record({ witness: address, count: amount }), { minLength: 1, maxLength: 5 }),
    })
    .map(b.voteWitnessContract),
  fc.record({ owner: address, name: fc.string({ maxLength: 30 }) }).map(b.accountUpdateContract),
  fc
    .record({
      owner: address,
      keys: fc.array(fc.record({ address, weight: fc.bigInt({ min: 1n, max: 1000n }) }), {
        minLength: 1,
        maxLength: 5,
      }),
      ops: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
      name: fc.string({ maxLength: 12 }),
    })
    .map((p) =>
      b.accountPermissionUpdateContract({
        owner: p.owner,
        ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: p.keys },
        actives: [
          { type: 'Active', permission_name: p.name || 'active', threshold: 1n, operations: p.ops, keys: p.keys },
        ],
      }),
    ),
);

const options = fc.record({
  header: fc.record({
    ref_block_bytes: fc.uint8Array({ minLength: 2, maxLength: 2 }).map(bytesToHex),
    ref_block_hash: fc.uint8Array({ minLength: 8, maxLength: 8 }).map(bytesToHex),
    expiration: fc.integer({ min: 1, max: 2 ** 52 }),
    timestamp: fc.integer({ min: 1, max: 2 ** 52 }),
  }),
  feeLimit: fc.option(fc.bigInt({ min: 1n, max: 15_000_000_000n }), { nil: undefined }),
  memo: fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: undefined }),
  permissionId: fc.option(fc.constantFrom(0, 2, 3, 9), { nil: undefined }),
});

describe('transaction JSON ⇄ protobuf properties', () => {
  it('decode(encode(json)) = json for every builder output', () => {
    fc.assert(
      fc.property(contract, options, (spec, opts) => {
        const tx = b.buildTransaction(spec, opts);
        const decoded = decodeRawData(encodeRawData(tx.raw_data));
        expect(decoded).toEqual(tx.raw_data);
        // Through JSON text too: amounts above 2^53 survive as bigint.
        expect(parseJsonLossless(stringifyJson(decoded))).toEqual(tx.raw_data);
        expect(bytesToHex(encodeRawData(decoded))).toBe(tx.raw_data_hex);
      }),
      { numRuns: 300 },
    );
  });

  it('whole transactions with signatures survive protobuf round trips', () => {
    fc.assert(
      fc.property(
        contract,
        options,
        fc.array(fc.uint8Array({ minLength: 65, maxLength: 65 }).map(bytesToHex), { maxLength: 5 }),
        (spec, opts, sigs) => {
          const tx = { ...b.buildTransaction(spec, opts), ...(sigs.length ? { signature: sigs } : {}) };
          const back = decodeTransaction(encodeTransaction(tx));
          expect(back.txID).toBe(tx.txID);
          expect(back.signature ?? []).toEqual(sigs);
        },
      ),
      { numRuns: 100 },
    );
  });
});
