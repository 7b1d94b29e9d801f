import { describe, expect, it } from 'vitest';
import { PermissionError, TransactionError } from '../../../src-core/errors';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey, privateKeyFromHex, signDigest } from '../../../src-core/keys/keys';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import type { TransactionJson } from '../../../src-core/tx/types';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  SIGN_PROBLEM_CODES,
  assertEnoughWeight,
  encodeOperations,
  signWeight,
  type AccountPermissions,
  type Permission,
} from '../../../src-core/permission';
import { expectWalletError } from '../../fixtures/expect-error';
import { K, byName, updateVector } from '../../fixtures/permissions';

const multisig = byName('transfer_multisig_pid2');
const trigger = byName('trigger_trc20_transfer_multisig_pid2');
const ownerTransfer = byName('transfer_owner');
const [sigK2, sigK3] = multisig.signatures_lowercase as string[];

function tx(vector: typeof multisig, signature?: string[]): TransactionJson {
  const base = transactionFromRawData(vector.raw_data);
  return signature === undefined ? base : { ...base, signature };
}

const keys = (...addresses: string[]) => addresses.map((address) => ({ address: address as never, weight: 1n }));
const active: Permission = {
  type: 'Active',
  id: 2,
  name: 'active0',
  threshold: 2n,
  parentId: 0,
  operations: updateVector.input_active_permissions[0].operations,
  keys: keys(K.K1.hex, K.K2.hex, K.K3.hex),
};
const account: AccountPermissions = {
  address: K.K1.hex as never,
  owner: { type: 'Owner', id: 0, name: 'owner', threshold: 2n, parentId: 0, keys: keys(K.K1.hex, K.K2.hex) },
  actives: [active],
};

function sign(txId: string, privateKey: string): string {
  return bytesToHex(signDigest(hexToBytes(txId), privateKeyFromHex(privateKey)));
}

describe('signWeight', () => {
  it('counts the K2 + K3 signatures of the multisig vector as enough for the 2-of-3 active', () => {
    const result = signWeight(tx(multisig, [sigK2!, sigK3!]), { account });
    expect(result.permissionId).toBe(2);
    expect(result.approved).toEqual([K.K2.hex, K.K3.hex]);
    expect(result.currentWeight).toBe(2n);
    expect(result.thresholdMet).toBe(true);
    expect(result.remainingWeight).toBe(0n);
    expect(result.missing).toEqual([{ address: K.K1.hex, weight: 1n }]);
    expect(result.problems).toEqual([]);
    expect(result.node).toEqual({
      code: 'ENOUGH_PERMISSION',
      message: undefined,
      currentWeight: 2n,
      approvedList: [K.K2.hex, K.K3.hex],
    });
    expect(result.broadcast).toEqual({ accepted: true, message: undefined });
    expect(() => assertEnoughWeight(result)).not.toThrow();
  });

  it('accepts the signatures in TronWeb uppercase-v form too', () => {
    expect(signWeight(tx(multisig, multisig.signatures_as_tronweb_emits), { account }).thresholdMet).toBe(true);
  });

  it('reports one signature of two as not enough, with who is still missing', () => {
    const result = signWeight(tx(multisig, [sigK2!]), { account });
    expect(result.thresholdMet).toBe(false);
    expect(result.remainingWeight).toBe(1n);
    expect(result.missing.map((k) => k.address)).toEqual([K.K1.hex, K.K3.hex]);
    expect(result.node.code).toBe('NOT_ENOUGH_PERMISSION');
    expect(result.broadcast).toEqual({ accepted: false, message: 'Validate signature error: sig error' });
    const error = expectWalletError(() => assertEnoughWeight(result), PermissionError, 'SIGN_NOT_ENOUGH_WEIGHT');
    expect(error.message).toContain('weigh 1 of the 2 needed');
  });

  it('reports an unsigned transaction as weight 0', () => {
    const result = signWeight(tx(multisig), { account });
    expect(result.node).toEqual({
      code: 'NOT_ENOUGH_PERMISSION',
      message: undefined,
      currentWeight: 0n,
      approvedList: [],
    });
    expect(result.broadcast.message).toBe('Validate signature error: miss sig or contract');
  });

  it("refuses a signer who signed twice with java-tron's message", () => {
    const result = signWeight(tx(multisig, [sigK2!, sigK2!]), { account });
    const problem = result.problems.find((p) => p.code === SIGN_PROBLEM_CODES.SIGNED_TWICE);
    expect(problem).toMatchObject({ nodeMessage: `${K.K2.base58} has signed twice!`, signatureIndex: 1 });
    expect(result.node).toMatchObject({
      code: 'PERMISSION_ERROR',
      message: `${K.K2.base58} has signed twice!`,
      currentWeight: 0n,
    });
    expect(result.currentWeight).toBe(1n);
    expect(result.signatures.map((s) => s.status)).toEqual(['counted', 'signed-twice']);
    expectWalletError(() => assertEnoughWeight(result), PermissionError, 'SIGN_SIGNED_TWICE');
  });

  it('refuses a signature from a key outside the permission, naming the txID as java-tron does', () => {
    const foreign = sign(multisig.txID, K.K_ONE.private_key);
    const result = signWeight(tx(multisig, [sigK2!, foreign]), { account });
    const message = `${multisig.txID} is signed by ${K.K_ONE.base58} but it is not contained of permission.`;
    expect(result.problems[0]).toMatchObject({
      code: 'SIGN_NOT_IN_PERMISSION',
      nodeMessage: message,
      signatureIndex: 1,
    });
    expect(result.node).toMatchObject({ code: 'PERMISSION_ERROR', message });
    expect(result.broadcast.message).toBe(`Validate signature error: ${message}`);
    expect(result.signatures[1]).toMatchObject({ signer: K.K_ONE.hex, status: 'not-in-permission', weight: 0n });
  });

  it('refuses more signatures than the permission has keys', () => {
    const single: Permission = { ...active, threshold: 1n, keys: keys(K.K2.hex) };
    const result = signWeight(tx(multisig, [sigK2!, sigK3!]), { permission: single });
    expect(result.problems[0]).toMatchObject({
      code: 'SIGN_TOO_MANY_SIGNATURES',
      nodeMessage: 'Signature count is 2 more than key counts of permission : 1',
    });
    expect(result.node.code).toBe('PERMISSION_ERROR');
  });

  it('refuses more signatures than the chain accepts in total', () => {
    const privateKeys = Array.from({ length: 6 }, (_, i) => (i + 4).toString(16).padStart(2, '0').repeat(32));
    const wide: Permission = {
      ...active,
      threshold: 6n,
      keys: keys(...privateKeys.map((k) => addressFromPrivateKey(privateKeyFromHex(k)))),
    };
    const result = signWeight(
      tx(
        multisig,
        privateKeys.map((k) => sign(multisig.txID, k)),
      ),
      { permission: wide },
    );
    expect(result.problems[0]?.code).toBe('SIGN_ABOVE_TOTAL_SIGN_NUM');
    expect(result.broadcast.message).toBe('Validate signature error: too many signatures');
    expect(result.node.code).toBe('ENOUGH_PERMISSION');
  });

  it('answers "Permission denied!" when the active may not make this contract type', () => {
    const stakingOnly: AccountPermissions = {
      ...account,
      actives: [{ ...active, operations: encodeOperations(['FreezeBalanceV2Contract']) }],
    };
    const result = signWeight(tx(multisig, [sigK2!, sigK3!]), { account: stakingOnly });
    expect(result.problems[0]).toMatchObject({ code: 'SIGN_PERMISSION_DENIED', nodeMessage: 'Permission denied!' });
    expect(result.node).toMatchObject({ code: 'PERMISSION_ERROR', message: 'Permission denied!' });
    expect(result.broadcast.message).toBe('Validate signature error: Permission denied');
    expect(result.thresholdMet).toBe(false);
  });

  it('allows the TRC20 trigger vector through an active holding TriggerSmartContract', () => {
    const result = signWeight(tx(trigger, trigger.signatures_lowercase), { account });
    expect(result.thresholdMet).toBe(true);
    expect(result.approved).toEqual([K.K1.hex, K.K2.hex]);
  });

  it('refuses Permission_id 1: missing witness permission, or a witness permission that is not Active', () => {
    const raw = structuredClone(multisig.raw_data);
    raw.contract[0].Permission_id = 1;
    const witnessTx = { ...transactionFromRawData(raw), signature: [sigK2!] };
    const none = signWeight(witnessTx, { account });
    expect(none.problems[0]).toMatchObject({
      code: 'SIGN_WITNESS_PERMISSION',
      nodeMessage: 'Permission for this, does not exist!',
    });
    expect(none.broadcast.message).toBe("Validate signature error: permission isn't exit");
    const sr: AccountPermissions = {
      ...account,
      witness: { type: 'Witness', id: 1, name: 'witness', threshold: 1n, parentId: 0, keys: keys(K.K2.hex) },
    };
    const wrong = signWeight(witnessTx, { account: sr });
    expect(wrong.problems[0]).toMatchObject({
      code: 'SIGN_WITNESS_PERMISSION',
      nodeMessage: 'Permission type is wrong!',
    });
    expect(wrong.node).toMatchObject({ code: 'PERMISSION_ERROR', message: 'Permission type is wrong!' });
    expect(wrong.broadcast.message).toBe('Validate signature error: Permission type is error');
  });

  it('refuses a Permission_id the account does not have', () => {
    const raw = structuredClone(multisig.raw_data);
    raw.contract[0].Permission_id = 5;
    const result = signWeight(transactionFromRawData(raw), { account });
    expect(result.problems[0]).toMatchObject({
      code: 'SIGN_PERMISSION_NOT_FOUND',
      nodeMessage: 'Permission for this, does not exist!',
    });
    expect(result.permission).toBeUndefined();
    expect(result.threshold).toBe(0n);
  });

  it('refuses an id >= 2 that points at a permission not of type Active', () => {
    const odd: AccountPermissions = { ...account, actives: [{ ...active, type: 'Owner' }] };
    expect(signWeight(tx(multisig, [sigK2!, sigK3!]), { account: odd }).problems[0]).toMatchObject({
      code: 'SIGN_PERMISSION_NOT_ACTIVE',
      nodeMessage: 'Permission type is wrong!',
    });
  });

  it('refuses an active whose operations are not 32 bytes', () => {
    const short: AccountPermissions = { ...account, actives: [{ ...active, operations: '00'.repeat(31) as never }] };
    expect(signWeight(tx(multisig, [sigK2!]), { account: short }).problems[0]).toMatchObject({
      code: 'SIGN_OPERATIONS_SIZE',
      nodeMessage: 'operations size must 32, actual: 31',
    });
  });

  it('answers "Account does not exist!" like getsignweight while broadcast would use the default owner', () => {
    const result = signWeight(tx(ownerTransfer, ownerTransfer.signatures_lowercase), { account: null });
    expect(result.node).toMatchObject({ code: 'PERMISSION_ERROR', message: 'Account does not exist!' });
    expect(result.problems[0]?.code).toBe('SIGN_ACCOUNT_NOT_FOUND');
    expect(result.broadcast.accepted).toBe(true);
    expect(result.thresholdMet).toBe(true);
  });

  it('uses the default owner for an existing account that never set one', () => {
    const result = signWeight(tx(ownerTransfer, ownerTransfer.signatures_lowercase), {
      account: { address: K.K1.hex as never, actives: [] },
    });
    expect(result.node.code).toBe('ENOUGH_PERMISSION');
  });

  it('refuses a signature shorter than 65 bytes', () => {
    const result = signWeight(tx(multisig, [sigK2!.slice(0, 128)]), { account });
    expect(result.problems[0]).toMatchObject({ code: 'SIGN_BAD_SIGNATURE_SIZE', nodeMessage: 'Signature size is 64' });
    expect(result.node.code).toBe('SIGNATURE_FORMAT_ERROR');
    expect(result.signatures[0]?.status).toBe('bad-size');
  });

  it('refuses a signature no address can be recovered from', () => {
    const badHeader = signWeight(tx(multisig, [sigK2!.slice(0, 128) + '30']), { account });
    expect(badHeader.problems[0]).toMatchObject({
      code: 'SIGN_UNRECOVERABLE',
      nodeMessage: 'Header byte out of range: 48',
    });
    expect(badHeader.node.code).toBe('COMPUTE_ADDRESS_ERROR');
    const zero = signWeight(tx(multisig, ['00'.repeat(64) + '1b']), { account });
    expect(zero.problems[0]).toMatchObject({
      code: 'SIGN_UNRECOVERABLE',
      nodeMessage: 'Could not recover public key from signature',
    });
  });

  it('flags a permission given directly whose id differs from the transaction', () => {
    const result = signWeight(tx(multisig, [sigK2!, sigK3!]), { permission: { ...active, id: 3 } });
    expect(result.problems[0]?.code).toBe('SIGN_PERMISSION_MISMATCH');
    expect(result.thresholdMet).toBe(true);
  });

  it('weighs signatures against weighted keys', () => {
    const weighted: Permission = {
      ...active,
      threshold: 3n,
      keys: [
        { address: K.K2.hex as never, weight: 2n },
        { address: K.K3.hex as never, weight: 1n },
        { address: K.K1.hex as never, weight: 1n },
      ],
    };
    expect(signWeight(tx(multisig, [sigK2!]), { permission: weighted }).remainingWeight).toBe(1n);
    expect(signWeight(tx(multisig, [sigK2!, sigK3!]), { permission: weighted }).currentWeight).toBe(3n);
  });

  it('refuses a transaction whose JSON and txID disagree before weighing anything', () => {
    const tampered = { ...tx(multisig, [sigK2!]), txID: ownerTransfer.txID };
    expectWalletError(() => signWeight(tampered, { account }), TransactionError, 'TX_ID_MISMATCH');
  });

  it('uses the default active for a missing account signing with Permission_id 2', () => {
    const defaultActive = { ...account, actives: [{ ...active, operations: DEFAULT_ACTIVE_OPERATIONS }] };
    expect(signWeight(tx(multisig, [sigK2!, sigK3!]), { account: defaultActive }).thresholdMet).toBe(true);
    const missing = signWeight(tx(multisig, [sigK2!]), { account: null });
    expect(missing.permission?.keys).toEqual([{ address: K.K1.hex, weight: 1n }]);
    expect(missing.problems.map((p) => p.code)).toEqual(['SIGN_ACCOUNT_NOT_FOUND', 'SIGN_NOT_IN_PERMISSION']);
  });
});
