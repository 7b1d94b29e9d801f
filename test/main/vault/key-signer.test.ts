import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HexAddress } from '../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { SignerMemo } from '../../../src-core/envelope';
import * as keys from '../../../src-core/keys/keys';
import { checkedTransaction, keySigner } from '../../../src-main/vault/signing';
import { caught } from './helpers';
import { unsignedTx, vectorKeys, vectorTx } from './tx-fixtures';

// Every recovery and address derivation in the process is counted through these spies.
const counts = vi.hoisted(() => ({ derived: 0, recovered: 0 }));
vi.mock('../../../src-core/keys/keys', async (importOriginal) => {
  const real = await importOriginal<typeof keys>();
  return {
    ...real,
    addressFromPrivateKey: (privateKey: Uint8Array) => {
      counts.derived += 1;
      return real.addressFromPrivateKey(privateKey);
    },
    recoverAddress: (digest: Uint8Array, signature: Uint8Array) => {
      counts.recovered += 1;
      return real.recoverAddress(digest, signature);
    },
  };
});

const K2 = vectorKeys.K2!;
const K3 = vectorKeys.K3!;
const NAMES = ['transfer_multisig_pid2', 'trigger_trc20_transfer_multisig_pid2'];

/** The signature `key` makes over a txID, as src-core's signDigest makes it. */
const signatureBy = (txId: string, key: { private_key: string }) =>
  bytesToHex(keys.signDigest(hexToBytes(txId), keys.privateKeyFromHex(key.private_key)));

/** The vector transactions, each signed by K2 only, as they reach the vault for the second key. */
function signedByK2() {
  return NAMES.map((name) => {
    const tx = unsignedTx(name);
    return checkedTransaction({ ...tx, signature: [signatureBy(tx.txID, K2)] });
  });
}

beforeEach(() => {
  counts.derived = 0;
  counts.recovered = 0;
});

describe('vault: one key signing many transactions', () => {
  it("derives the key's address once, however many transactions it signs", () => {
    const txs = NAMES.map((name) => checkedTransaction(unsignedTx(name)));
    const sign = keySigner(keys.privateKeyFromHex(K2.private_key), K2.hex as HexAddress);
    const signed = txs.map(sign);
    expect(counts.derived).toBe(1);
    expect(signed.map((t) => t.signature)).toEqual(txs.map((t) => [signatureBy(t.txID, K2)]));
    expect(signed[0]!.signature![0]).toBe(vectorTx(NAMES[0]!).signatures_as_tronweb_emits[0]!.toLowerCase());
    expect(counts.recovered).toBe(0);
  });

  it('recovers each signature already on a transaction once, through the memo the caller passes', () => {
    const txs = signedByK2();
    const memo = new SignerMemo();
    for (const tx of txs) memo.recover(hexToBytes(tx.txID), hexToBytes(tx.signature![0]!));
    counts.recovered = 0;
    const signed = txs.map(keySigner(keys.privateKeyFromHex(K3.private_key), K3.hex as HexAddress, memo.recover));
    expect(counts.recovered).toBe(0);
    expect(signed.map((t) => t.signature)).toEqual(txs.map((t) => [signatureBy(t.txID, K2), signatureBy(t.txID, K3)]));
  });

  it('still refuses a second signature by one key and a key of another address', async () => {
    const txs = signedByK2();
    const memo = new SignerMemo();
    const again = await caught(() =>
      txs.map(keySigner(keys.privateKeyFromHex(K2.private_key), K2.hex as HexAddress, memo.recover)),
    );
    expect(again.code).toBe('VAULT_ALREADY_SIGNED');
    const stranger = await caught(() => keySigner(keys.privateKeyFromHex(K3.private_key), K2.hex as HexAddress));
    expect(stranger.code).toBe('VAULT_KEY_MISMATCH');
  });
});
