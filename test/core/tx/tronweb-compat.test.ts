import { describe, expect, it } from 'vitest';
import { utils } from 'tronweb';
import * as b from '../../../src-core/tx/builders';
import { decodeRawData, encodeRawData, verifyTransactionIntegrity } from '../../../src-core/tx/codec';
import { signTransaction } from '../../../src-core/tx/sign';
import { privateKeyFromHex } from '../../../src-core/keys/keys';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { TransactionJson } from '../../../src-core/tx/types';
import { vectors } from '../../fixtures/vectors';
import { OFFLINE_HEADER, TRONWEB_BLOCK_HEADER, offlineTronWeb } from '../../fixtures/tronweb/offline-header';

// TronWeb 6.5.1 is the reference client. With `blockHeader` it builds offline (no HTTP request).
const tronWeb = offlineTronWeb();
const tb = tronWeb.transactionBuilder;
const K = vectors.keys;
const blockHeader = TRONWEB_BLOCK_HEADER;
const header = OFFLINE_HEADER;
const opts = { blockHeader };
const build = (spec: b.ContractSpec, extra: Partial<b.BuildOptions> = {}) =>
  b.buildTransaction(spec, { header, ...extra });

interface Pair {
  ours: TransactionJson;
  tronweb: () => Promise<{ raw_data_hex: string }>;
}

const pairs: Record<string, Pair> = {
  TransferContract: {
    ours: build(b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 123n })),
    tronweb: () => tb.sendTrx(K.K2.base58, 123, K.K1.base58, opts),
  },
  TransferAssetContract: {
    ours: build(b.transferAssetContract({ owner: K.K1.hex, to: K.K2.hex, tokenId: '1000001', amount: 5n })),
    tronweb: () => tb.sendToken(K.K2.base58, 5, '1000001', K.K1.base58, opts),
  },
  ParticipateAssetIssueContract: {
    ours: build(b.participateAssetIssueContract({ owner: K.K1.hex, issuer: K.K2.hex, tokenId: '1000001', amount: 7n })),
    tronweb: () => tb.purchaseToken(K.K2.base58, '1000001', 7, K.K1.base58, opts),
  },
  FreezeBalanceV2Contract: {
    ours: build(b.freezeBalanceV2Contract({ owner: K.K1.hex, amount: 2_000_000n, resource: 'ENERGY' })),
    tronweb: () => tb.freezeBalanceV2(2_000_000, 'ENERGY', K.K1.base58, opts),
  },
  UnfreezeBalanceV2Contract: {
    ours: build(b.unfreezeBalanceV2Contract({ owner: K.K1.hex, amount: 1_000_000n, resource: 'ENERGY' })),
    tronweb: () => tb.unfreezeBalanceV2(1_000_000, 'ENERGY', K.K1.base58, opts),
  },
  CancelAllUnfreezeV2Contract: {
    ours: build(b.cancelAllUnfreezeV2Contract({ owner: K.K1.hex })),
    tronweb: () => tb.cancelUnfreezeBalanceV2(K.K1.base58, opts),
  },
  WithdrawExpireUnfreezeContract: {
    ours: build(b.withdrawExpireUnfreezeContract({ owner: K.K1.hex })),
    tronweb: () => tb.withdrawExpireUnfreeze(K.K1.base58, opts),
  },
  DelegateResourceContract: {
    ours: build(
      b.delegateResourceContract({
        owner: K.K1.hex,
        receiver: K.K2.hex,
        amount: 3_000_000n,
        resource: 'ENERGY',
        lock: true,
        lockPeriodBlocks: 1200n,
      }),
    ),
    tronweb: () => tb.delegateResource(3_000_000, K.K2.base58, 'ENERGY', K.K1.base58, true, 1200, opts),
  },
  UnDelegateResourceContract: {
    ours: build(b.unDelegateResourceContract({ owner: K.K1.hex, receiver: K.K2.hex, amount: 3_000_000n })),
    tronweb: () => tb.undelegateResource(3_000_000, K.K2.base58, 'BANDWIDTH', K.K1.base58, opts),
  },
  WithdrawBalanceContract: {
    ours: build(b.withdrawBalanceContract({ owner: K.K1.hex })),
    tronweb: () => tb.withdrawBlockRewards(K.K1.base58, opts),
  },
  WitnessCreateContract: {
    ours: build(b.witnessCreateContract({ owner: K.K1.hex, url: 'https://sr.example' })),
    tronweb: () => tb.applyForSR(K.K1.base58, 'https://sr.example', opts),
  },
  WitnessUpdateContract: {
    ours: build(b.witnessUpdateContract({ owner: K.K1.hex, url: 'https://sr2.example' })),
    tronweb: () => tb.updateWitness(K.K1.base58, 'https://sr2.example', opts),
  },
  VoteWitnessContract: {
    ours: build(b.voteWitnessContract({ owner: K.K1.hex, votes: [{ witness: K.K2.hex, count: 10n }] })),
    tronweb: () => tb.vote({ [K.K2.base58]: 10 }, K.K1.base58, opts),
  },
  AccountCreateContract: {
    ours: build(b.accountCreateContract({ owner: K.K1.hex, account: K.K3.hex })),
    tronweb: () => tb.createAccount(K.K3.base58, K.K1.base58, opts),
  },
  AccountUpdateContract: {
    ours: build(b.accountUpdateContract({ owner: K.K1.hex, name: 'treasury' })),
    tronweb: () => tb.updateAccount('treasury', K.K1.base58, opts),
  },
  UpdateSettingContract: {
    ours: build(b.updateSettingContract({ owner: K.K1.hex, contract: K.K3.hex, consumeUserResourcePercent: 30 })),
    tronweb: () => tb.updateSetting(K.K3.base58, 30, K.K1.base58, opts),
  },
  UpdateEnergyLimitContract: {
    ours: build(b.updateEnergyLimitContract({ owner: K.K1.hex, contract: K.K3.hex, originEnergyLimit: 5_000_000n })),
    tronweb: () => tb.updateEnergyLimit(K.K3.base58, 5_000_000, K.K1.base58, opts),
  },
  ClearABIContract: {
    ours: build(b.clearAbiContract({ owner: K.K1.hex, contract: K.K3.hex })),
    tronweb: () => tb.clearABI(K.K3.base58, K.K1.base58, opts),
  },
  UpdateBrokerageContract: {
    ours: build(b.updateBrokerageContract({ owner: K.K1.hex, brokeragePercent: 25 })),
    tronweb: () => tb.updateBrokerage(25, K.K1.base58, opts),
  },
  AssetIssueContract: {
    ours: build(
      b.assetIssueContract({
        owner: K.K1.hex,
        name: 'Token',
        abbr: 'TKN',
        description: 'test token',
        url: 'https://t.example',
        totalSupply: 1_000_000n,
        precision: 6,
        trxNum: 1,
        num: 1,
        startTime: 4_000_000_000_000,
        endTime: 4_100_000_000_000,
        freeAssetNetLimit: 10n,
        publicFreeAssetNetLimit: 100n,
      }),
    ),
    tronweb: () =>
      tb.createToken(
        {
          name: 'Token',
          abbreviation: 'TKN',
          description: 'test token',
          url: 'https://t.example',
          totalSupply: 1_000_000,
          trxRatio: 1,
          tokenRatio: 1,
          saleStart: 4_000_000_000_000,
          saleEnd: 4_100_000_000_000,
          freeBandwidth: 10,
          freeBandwidthLimit: 100,
          frozenAmount: 0,
          frozenDuration: 0,
          precision: 6,
          ...opts,
        } as never,
        K.K1.base58,
      ),
  },
  TriggerSmartContract: {
    ours: build(
      b.triggerSmartContract({
        owner: K.K1.hex,
        contract: K.K3.hex,
        data: 'a9059cbb' + '00'.repeat(64),
        callValue: 5n,
      }),
      { feeLimit: 150_000_000n },
    ),
    tronweb: async () =>
      (
        await tb.triggerSmartContract(
          K.K3.base58,
          'transfer(address,uint256)',
          { feeLimit: 150_000_000, callValue: 5, txLocal: true, ...opts },
          [
            { type: 'address', value: '410000000000000000000000000000000000000000' },
            { type: 'uint256', value: 0 },
          ],
          K.K1.base58,
        )
      ).transaction,
  },
};

describe('TronWeb 6.5.1 compatibility', () => {
  it.each(Object.keys(pairs))(
    'TronWeb builds %s to the same bytes as our builder, and txCheck accepts ours',
    async (name) => {
      const pair = pairs[name]!;
      expect(utils.transaction.txCheck(pair.ours as never)).toBe(true);
      const theirs = await pair.tronweb();
      expect(pair.ours.raw_data_hex).toBe(theirs.raw_data_hex);
    },
  );

  it('txCheck accepts the permission update and deployment our builders make', () => {
    const v = vectors.transactions.find((t: { name: string }) => t.name === 'create_smart_contract');
    const deploy = build(
      b.createSmartContract({
        owner: K.K1.hex,
        abi: v.input_abi,
        bytecode: v.raw_data.contract[0].parameter.value.new_contract.bytecode,
        name: 'Mini',
      }),
      { feeLimit: 1_000_000_000n },
    );
    const update = build(
      b.accountPermissionUpdateContract({
        owner: K.K1.hex,
        ownerPermission: {
          type: 'Owner',
          permission_name: 'owner',
          threshold: 2,
          keys: [
            { address: K.K1.hex, weight: 1 },
            { address: K.K2.hex, weight: 1 },
          ],
        },
        witness: {
          type: 'Witness',
          permission_name: 'witness',
          threshold: 1,
          keys: [{ address: K.K3.hex, weight: 1 }],
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'pay',
            threshold: 1,
            operations: '02' + '00'.repeat(31),
            keys: [{ address: K.K3.hex, weight: 1 }],
          },
        ],
      }),
      { permissionId: 0 },
    );
    expect(utils.transaction.txCheck(deploy as never)).toBe(true);
    expect(utils.transaction.txCheck(update as never)).toBe(true);
  });

  it('TronWeb signs our transaction to the same signature as ours', async () => {
    const tx = build(b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 1n }));
    const theirs = await tronWeb.trx.sign(structuredClone(tx) as never, K.K1.private_key);
    const ours = signTransaction(tx, privateKeyFromHex(K.K1.private_key));
    expect((theirs as unknown as TransactionJson).signature![0]!.toLowerCase()).toBe(ours.signature![0]);
  });

  it.each(Object.keys(pairs))(
    'our decoder reads TronWeb %s back to JSON that TronWeb re-encodes identically',
    async (name) => {
      const theirs = (await pairs[name]!.tronweb()) as unknown as TransactionJson;
      const decoded = decodeRawData(hexToBytes(theirs.raw_data_hex));
      expect(bytesToHex(encodeRawData(theirs.raw_data))).toBe(theirs.raw_data_hex);
      expect(verifyTransactionIntegrity(theirs)).toBe(theirs.txID);
      const rebuilt = { txID: theirs.txID, raw_data: decoded, raw_data_hex: theirs.raw_data_hex, visible: false };
      expect(utils.transaction.txCheck(rebuilt as never)).toBe(true);
      expect(canonical(decoded)).toEqual(canonical(theirs.raw_data));
    },
  );
});

/** JSON equality up to what proto3 and java-tron's enum parsing make equivalent. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === false || v === 0 || v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0))
        continue;
      if (k === 'resource' && v === 'BANDWIDTH') continue;
      out[k] = canonical(v);
    }
    return out;
  }
  if (typeof value === 'string' && /^[a-z]+$/.test(value)) return value[0]!.toUpperCase() + value.slice(1);
  if (typeof value === 'string' && /^[0-9a-fA-F]+$/.test(value)) return value.toLowerCase();
  return value;
}
