import { describe, expect, it } from 'vitest';
import { FeeError } from '../../../src-core/errors';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { DEFAULT_CHAIN_PARAMETERS } from '../../../src-core/chain/parameters';
import { privateKeyFromHex } from '../../../src-core/keys/keys';
import { decodeRawData, transactionFromRawData } from '../../../src-core/tx/codec';
import { signTransaction } from '../../../src-core/tx/sign';
import {
  BYTES_PER_SIGNATURE,
  bandwidthBytes,
  bandwidthBytesOf,
  bandwidthCharge,
  rawDataLength,
} from '../../../src-core/fee';
import { expectWalletError } from '../../fixtures/expect-error';
import { K, byName } from '../../fixtures/permissions';

// A TransferContract recorded on Nile: 133 raw bytes; 267 charged once signed with one signature.
const NILE_RAW_HEX =
  '0a0229272208939ece39d08a7abe40d8c483c1dd335a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a1541dd791d6b49e190062d650e6a23c575510d35f2f912154192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a18c0843d70d68780c1dd33';
const nile = transactionFromRawData(decodeRawData(hexToBytes(NILE_RAW_HEX)));

describe('bandwidthBytes', () => {
  it('charges 267 bytes for the signed Nile transfer', () => {
    expect(nile.txID).toBe('6303c7639f591407ef9f34a7ac8c9c9a21151f5a6af21924502515734fc267ab');
    expect(rawDataLength(nile)).toBe(133);
    const signed = signTransaction(nile, privateKeyFromHex(K.K1.private_key));
    expect(bandwidthBytes(signed)).toBe(267n);
    expect(bandwidthBytesOf({ rawDataLength: 133, signatureLengths: [65], contracts: 1 })).toBe(267n);
  });

  it('costs an unsigned transaction as if signed once, or with the expected number of signatures', () => {
    expect(bandwidthBytes(nile)).toBe(267n);
    expect(bandwidthBytes(nile, { expectedSignatures: 2 })).toBe(267n + BigInt(BYTES_PER_SIGNATURE));
    expect(bandwidthBytes(nile, { expectedSignatures: 0 })).toBe(267n - BigInt(BYTES_PER_SIGNATURE));
    expect(BYTES_PER_SIGNATURE).toBe(67);
  });

  it('gives a 2-of-3 proposal costed before signing the size of the fully signed transaction', () => {
    const v = byName('transfer_multisig_pid2');
    const unsigned = transactionFromRawData(v.raw_data);
    const signed = { ...unsigned, signature: v.signatures_lowercase };
    expect(bandwidthBytes(unsigned, { expectedSignatures: 2 })).toBe(bandwidthBytes(signed));
    expect(bandwidthBytes(signed)).toBe(
      bandwidthBytesOf({ rawDataLength: v.raw_data_hex.length / 2, signatureLengths: [65, 65], contracts: 1 }),
    );
  });

  it('never counts fewer signatures than the transaction already carries', () => {
    const v = byName('transfer_multisig_pid2');
    const signed = { ...transactionFromRawData(v.raw_data), signature: v.signatures_lowercase };
    expect(bandwidthBytes(signed, { expectedSignatures: 1 })).toBe(bandwidthBytes(signed));
  });

  it('counts the memo bytes', () => {
    const plain = transactionFromRawData(byName('transfer_owner').raw_data);
    const memo = transactionFromRawData(byName('transfer_owner_memo').raw_data);
    expect(bandwidthBytes(memo) - bandwidthBytes(plain)).toBe(BigInt(2 + 'hello memo'.length));
  });

  it('counts long signatures with their real length', () => {
    const long = { ...nile, signature: [bytesToHex(new Uint8Array(200))] };
    expect(bandwidthBytes(long)).toBe(bandwidthBytesOf({ rawDataLength: 133, signatureLengths: [200], contracts: 1 }));
  });

  it('refuses an impossible number of expected signatures', () => {
    for (const expectedSignatures of [-1, 1.5, 6])
      expectWalletError(() => bandwidthBytes(nile, { expectedSignatures }), FeeError, 'FEE_BAD_SIGNATURE_COUNT');
  });
});

describe('bandwidthCharge', () => {
  const bytes = 267n;
  const price = DEFAULT_CHAIN_PARAMETERS.getTransactionFee;

  it('uses staked bandwidth first', () => {
    expect(bandwidthCharge({ bytes, account: { netLimit: 1_000n, netUsed: 733n } })).toEqual({
      bytes,
      source: 'staked',
      stakedBytes: bytes,
      freeBytes: 0n,
      burnedSun: 0n,
    });
  });

  it('falls back to the daily free bandwidth, whole or not at all', () => {
    expect(bandwidthCharge({ bytes, account: { netLimit: 1_000n, netUsed: 734n } }).source).toBe('free');
    expect(bandwidthCharge({ bytes, account: { freeNetUsed: 333n } })).toMatchObject({
      source: 'free',
      freeBytes: bytes,
    });
  });

  it('burns the whole size at the bandwidth price when no single source covers it', () => {
    const charge = bandwidthCharge({ bytes, account: { netLimit: 200n, netUsed: 0n, freeNetUsed: 400n } });
    expect(charge).toEqual({ bytes, source: 'burn', stakedBytes: 0n, freeBytes: 0n, burnedSun: bytes * price });
  });

  it('burns when the chain-wide free pool is exhausted', () => {
    expect(bandwidthCharge({ bytes, account: { publicNetAvailable: 100n } }).source).toBe('burn');
  });

  it('pays an account creation with staked bandwidth or the flat 0.1 TRX, never with free bandwidth', () => {
    expect(bandwidthCharge({ bytes, createsAccount: true, account: { netLimit: 300n } })).toEqual({
      bytes,
      source: 'create-account-staked',
      stakedBytes: bytes,
      freeBytes: 0n,
      burnedSun: 0n,
    });
    expect(bandwidthCharge({ bytes, createsAccount: true })).toEqual({
      bytes,
      source: 'create-account-burn',
      stakedBytes: 0n,
      freeBytes: 0n,
      burnedSun: DEFAULT_CHAIN_PARAMETERS.getCreateAccountFee,
    });
    expect(
      bandwidthCharge({
        bytes,
        createsAccount: true,
        account: { netLimit: 300n },
        parameters: { getCreateNewAccountBandwidthRate: 2n },
      }).source,
    ).toBe('create-account-burn');
  });

  it('takes every rate from the chain parameters', () => {
    expect(
      bandwidthCharge({ bytes, account: { freeNetUsed: 600n }, parameters: { getTransactionFee: 10n } }).burnedSun,
    ).toBe(2_670n);
    expect(
      bandwidthCharge({ bytes, parameters: { getFreeNetLimit: 5_000n }, account: { freeNetUsed: 600n } }).source,
    ).toBe('free');
  });

  it('refuses negative and non-bigint quantities', () => {
    expectWalletError(() => bandwidthCharge({ bytes: -1n }), FeeError, 'FEE_NEGATIVE_INPUT');
    expectWalletError(() => bandwidthCharge({ bytes, account: { netUsed: -5n } }), FeeError, 'FEE_NEGATIVE_INPUT');
    expectWalletError(() => bandwidthCharge({ bytes: 267 as unknown as bigint }), FeeError, 'FEE_NOT_BIGINT');
  });
});
