import { describe, expect, it } from 'vitest';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import {
  signTransaction,
  recoverSigners,
  withPermissionId,
  withExpiration,
  addSignature,
} from '../../../src-core/tx/sign';
import { privateKeyFromHex } from '../../../src-core/keys/keys';
import { TransactionError } from '../../../src-core/errors';
import { vectors } from '../../fixtures/vectors';

const K = vectors.keys;
const byName = (name: string) => vectors.transactions.find((t: { name: string }) => t.name === name);
// The vectors' fixed header: ref_block_bytes 1a2b, ref_block_hash 0123456789abcdef.
const header = transactionHeader({
  refBlock: { number: 0x1a2bn, blockId: '0000000000001a2b0123456789abcdef' + '00'.repeat(16) },
  headTimestamp: 1_700_000_000_000,
});

describe('transaction builders', () => {
  it('derive the TAPOS fields and a 60 s expiration from the reference and head block', () => {
    expect(header).toEqual({
      ref_block_bytes: '1a2b',
      ref_block_hash: '0123456789abcdef',
      expiration: 1_700_000_060_000,
      timestamp: 1_700_000_000_000,
    });
  });

  it('refuse an expiration window beyond 24 hours', () => {
    expect(() =>
      transactionHeader({
        refBlock: { number: 1, blockId: '00'.repeat(32) },
        headTimestamp: 1,
        expirationMs: 86_400_001,
      }),
    ).toThrow(/at most 24 hours/);
  });

  it('build the TronWeb transfer vector', () => {
    const tx = b.buildTransaction(b.transferContract({ owner: K.K1.base58, to: K.K2.hex, amount: 1_000_000n }), {
      header,
    });
    expect(tx.raw_data_hex).toBe(byName('transfer_owner').raw_data_hex);
  });

  it('build the transfer with a memo', () => {
    const tx = b.buildTransaction(b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 1_000_000n }), {
      header,
      memo: 'hello memo',
    });
    expect(tx.txID).toBe(byName('transfer_owner_memo').txID);
  });

  it('build the multi-signature transfer with Permission_id 2 and sign it with two keys', () => {
    const v = byName('transfer_multisig_pid2');
    let tx = b.buildTransaction(b.transferContract({ owner: K.K1.hex, to: K.K3.hex, amount: 2_500_000n }), {
      header,
      permissionId: 2,
    });
    expect(tx.txID).toBe(v.txID);
    for (const key of v.signer_private_keys) tx = signTransaction(tx, privateKeyFromHex(key));
    expect(tx.signature).toEqual(v.signatures_lowercase);
    expect(recoverSigners(tx)).toEqual(v.signer_addresses_hex);
  });

  it('build the permission update vector', () => {
    const v = byName('account_permission_update');
    const keys = (addrs: string[]) => addrs.map((address) => ({ address, weight: 1 }));
    const tx = b.buildTransaction(
      b.accountPermissionUpdateContract({
        owner: K.K1.hex,
        ownerPermission: {
          type: 'Owner',
          permission_name: 'owner',
          threshold: 2,
          keys: keys([K.K1.base58, K.K2.base58]),
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'active0',
            threshold: 2,
            operations: v.input_active_permissions[0].operations,
            keys: keys([K.K1.base58, K.K2.base58, K.K3.base58]),
          },
        ],
      }),
      { header },
    );
    expect(tx.txID).toBe(v.txID);
  });

  it('build the TRC20 trigger vector with fee_limit and Permission_id', () => {
    const v = byName('trigger_trc20_transfer_multisig_pid2');
    const tx = b.buildTransaction(
      b.triggerSmartContract({
        owner: K.K1.hex,
        contract: v.raw_data.contract[0].parameter.value.contract_address,
        data: v.call_data,
      }),
      { header, feeLimit: 100_000_000n, permissionId: 2 },
    );
    expect(tx.raw_data_hex).toBe(v.raw_data_hex);
  });

  it('build both freeze vectors, omitting the default BANDWIDTH resource', () => {
    const energy = b.buildTransaction(
      b.freezeBalanceV2Contract({ owner: K.K1.hex, amount: 10_000_000n, resource: 'ENERGY' }),
      { header },
    );
    const bandwidth = b.buildTransaction(
      b.freezeBalanceV2Contract({ owner: K.K1.hex, amount: 10_000_000n, resource: 'BANDWIDTH' }),
      { header },
    );
    expect(energy.txID).toBe(byName('freeze_v2_energy').txID);
    expect(bandwidth.txID).toBe(byName('freeze_v2_bandwidth').txID);
  });

  it('build the deployment vector and derive its contract address', () => {
    const v = byName('create_smart_contract');
    const nc = v.raw_data.contract[0].parameter.value.new_contract;
    const tx = b.buildTransaction(
      b.createSmartContract({
        owner: K.K1.hex,
        abi: v.input_abi,
        bytecode: nc.bytecode,
        name: 'Mini',
        originEnergyLimit: 10_000_000n,
      }),
      { header, feeLimit: 1_000_000_000n },
    );
    expect(tx.txID).toBe(v.txID);
    expect(tx.contract_address).toBe(v.contract_address_hex);
  });

  it('refuse Permission_id 1 and negative ids', () => {
    const spec = b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 1n });
    expect(() => b.buildTransaction(spec, { header, permissionId: 1 })).toThrow(/witness permission/);
    expect(() => b.buildTransaction(spec, { header, permissionId: -2 })).toThrow(TransactionError);
  });

  it('refuse a fee_limit above 15,000 TRX or below zero', () => {
    const spec = b.triggerSmartContract({ owner: K.K1.hex, contract: K.K2.hex, data: 'a9059cbb' });
    expect(() => b.buildTransaction(spec, { header, feeLimit: 15_000_000_001n })).toThrow(
      /fee_limit must be between 0 and 15000000000/,
    );
    expect(() => b.buildTransaction(spec, { header, feeLimit: -1n })).toThrow(/fee_limit/);
  });

  it('refuse bad amounts, addresses, percentages and names', () => {
    expect(() => b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 0n })).toThrow(/at least 1/);
    expect(() => b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 2n ** 63n })).toThrow(/64-bit/);
    expect(() => b.transferContract({ owner: 'Tnot-an-address', to: K.K2.hex, amount: 1n })).toThrow(
      /sender is not a valid TRON address/,
    );
    expect(() =>
      b.updateSettingContract({ owner: K.K1.hex, contract: K.K2.hex, consumeUserResourcePercent: 101 }),
    ).toThrow(/0 to 100/);
    expect(() => b.createSmartContract({ owner: K.K1.hex, abi: [], bytecode: '00', name: 'x'.repeat(33) })).toThrow(
      /32 bytes/,
    );
    expect(() => b.freezeBalanceV2Contract({ owner: K.K1.hex, amount: 1n, resource: 'STORAGE' as never })).toThrow(
      /Unknown resource/,
    );
    expect(() => b.transferAssetContract({ owner: K.K1.hex, to: K.K2.hex, tokenId: 'ABC', amount: 1n })).toThrow(
      /decimal number/,
    );
  });

  it('refuse to sign twice with the same key, and refuse a duplicate merged signature', () => {
    const tx = b.buildTransaction(b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 1n }), { header });
    const signed = signTransaction(tx, privateKeyFromHex(K.K1.private_key));
    expect(() => signTransaction(signed, privateKeyFromHex(K.K1.private_key))).toThrow(/already signed/);
    expect(() => addSignature(signed, signed.signature![0]!)).toThrow(/already signed/);
  });

  it('drop signatures when Permission_id or expiration change the txID', () => {
    const tx = signTransaction(
      b.buildTransaction(b.transferContract({ owner: K.K1.hex, to: K.K2.hex, amount: 1n }), { header }),
      privateKeyFromHex(K.K1.private_key),
    );
    const moved = withPermissionId(tx, 2);
    expect(moved.txID).not.toBe(tx.txID);
    expect(moved.signature).toBeUndefined();
    expect(moved.raw_data.contract[0]!.Permission_id).toBe(2);
    expect(withPermissionId(moved, 0).txID).toBe(tx.txID);
    expect(withExpiration(tx, header.expiration + 1000).txID).not.toBe(tx.txID);
  });
});
