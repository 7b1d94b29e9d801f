import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { privateKeyFromHex, signDigest } from '../../../src-core/keys/keys';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import type { TransactionJson } from '../../../src-core/tx/types';
import { createEnvelope, type Envelope } from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission';
import { K, byName, updateVector } from '../../fixtures/permissions';

export const NILE = {
  name: 'nile',
  genesisBlockId: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
};
export const MAINNET = {
  name: 'mainnet',
  genesisBlockId: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
};
export const multisig = byName('transfer_multisig_pid2');
export const trigger = byName('trigger_trc20_transfer_multisig_pid2');

const key = (address: string) => ({ address: address as never, weight: 1n });
/** The 2-of-3 active (K1, K2, K3) both multisig vectors are signed under. */
export const active: Permission = {
  type: 'Active',
  id: 2,
  name: 'active0',
  threshold: 2n,
  parentId: 0,
  operations: updateVector.input_active_permissions[0].operations,
  keys: [key(K.K1.hex), key(K.K2.hex), key(K.K3.hex)],
};

export function unsignedOf(vector: typeof multisig): TransactionJson {
  return transactionFromRawData(vector.raw_data);
}

export function sign(txId: string, privateKey: string): string {
  return bytesToHex(signDigest(hexToBytes(txId), privateKeyFromHex(privateKey)));
}

export function proposal(overrides: Partial<Parameters<typeof createEnvelope>[0]> = {}): Envelope {
  return createEnvelope({
    transaction: unsignedOf(multisig),
    network: NILE,
    permission: active,
    note: 'Q3 payroll',
    createdAt: 1_700_000_000_000,
    ...overrides,
  });
}

/** A deep, mutable copy through JSON (bigint-free envelopes only). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function mutable(envelope: Envelope): any {
  return JSON.parse(JSON.stringify(envelope));
}
