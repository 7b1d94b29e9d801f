import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../src-main/node';
import { encodeBase58Check } from '../../../src-core/bytes/base58';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { signDigest } from '../../../src-core/keys/keys';
import { b, broadcast, call, fundedKey, makeTx, newKey, startNode, transfer, type Key } from './helpers';
import { ActuatorRegistry } from '../../../src-main/node/actuators/registry';
import { transferActuator } from '../../../src-main/node/actuators/transfer';

/**
 * One test per admission step of java-tron's broadcast pipeline (Manager.pushTransaction), each
 * asserting the exact response code and message.
 */
const TRX = 1_000_000n;
const ops = (...types: number[]): string => {
  const bytes = new Uint8Array(32);
  for (const t of types) bytes[t >> 3]! |= 1 << (t & 7);
  return bytesToHex(bytes);
};

describe('broadcast admission, in java-tron order', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  let multi: Key;
  const [k1, k2, k3] = [newKey(), newKey(), newKey()];

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    // An account with owner 2-of-3 (k1,k2,k3) and an active (id 2) allowed to transfer only.
    multi = newKey();
    expect(await broadcast(node, makeTx(node, transfer(alice, multi, 1000n * TRX), alice.key))).toMatchObject({
      result: true,
    });
    await node.mine(1);
    const keys = [k1, k2, k3].map((k) => ({ address: k.hex, weight: 1n }));
    const update = b.accountPermissionUpdateContract({
      owner: multi.hex,
      ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 2, keys },
      actives: [{ type: 'Active', permission_name: 'pay', threshold: 2, operations: ops(1), keys }],
    });
    expect(await broadcast(node, makeTx(node, update, multi.key))).toMatchObject({ result: true });
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  const refused = (code: string, message: string) => expect.objectContaining({ code, message });

  it('step 4: a full pool answers SERVER_BUSY', async () => {
    const small = await startNode({ maxPendingTransactions: 1 });
    try {
      const a = fundedKey(small, 0);
      expect(await broadcast(small, makeTx(small, transfer(a, fundedKey(small, 1), 1n), a.key))).toMatchObject({
        result: true,
      });
      expect(await broadcast(small, makeTx(small, transfer(a, fundedKey(small, 1), 2n), a.key))).toEqual(
        expect.objectContaining({ code: 'SERVER_BUSY', message: 'Server busy.' }),
      );
    } finally {
      await small.stop();
    }
  });

  it('step 6: no contract → "No contract!" (also when every contract is malformed and dropped)', async () => {
    const tx = makeTx(node, transfer(alice, bob, 1n), alice.key, { raw: (r) => ({ ...r, contract: [] }) });
    expect(await broadcast(node, tx)).toEqual(
      refused('CONTRACT_VALIDATE_ERROR', 'Contract validate error : No contract!'),
    );
    const garbled = {
      ...tx,
      raw_data: { ...tx.raw_data, contract: [{ type: 'NoSuchContract', parameter: { value: {}, type_url: 'x' } }] },
    };
    // Sent as is: the garbled contract has nothing a visible form would change.
    expect((await call(node, '/wallet/broadcasttransaction', { ...garbled, visible: true })).json).toEqual(
      refused('CONTRACT_VALIDATE_ERROR', 'Contract validate error : No contract!'),
    );
  });

  it('step 7: expiration before the next slot → "Transaction expired", message hex without visible', async () => {
    const tx = makeTx(node, transfer(alice, bob, 1n), alice.key, {
      header: { expiration: node.head().timestamp + 2999 },
    });
    const reply = await broadcast(node, tx, false);
    expect(reply).toEqual({
      code: 'TRANSACTION_EXPIRATION_ERROR',
      txid: tx.txID,
      message: bytesToHex(utf8ToBytes('Transaction expired')),
    });
  });

  describe('step 8: signatures and permission (SIGERROR)', () => {
    const sig = (message: string) => refused('SIGERROR', `Validate signature error: ${message}`);

    it('no signature → "miss sig or contract"', async () => {
      expect(await broadcast(node, makeTx(node, transfer(alice, bob, 1n), alice.key, { signers: [] }))).toEqual(
        sig('miss sig or contract'),
      );
    });

    it('more than getTotalSignNum (5) signatures → "too many signatures"', async () => {
      const keys = Array.from({ length: 6 }, () => newKey().key);
      expect(await broadcast(node, makeTx(node, transfer(alice, bob, 1n), alice.key, { signers: keys }))).toEqual(
        sig('too many signatures'),
      );
    });

    it('Permission_id 1 on a normal account, or an unknown id → "permission isn\'t exit"', async () => {
      const one = makeTx(node, transfer(alice, bob, 1n), alice.key, {
        raw: (r) => ({ ...r, contract: [{ ...r.contract[0]!, Permission_id: 1 }] }),
      });
      expect(await broadcast(node, one)).toEqual(sig("permission isn't exit"));
      expect(await broadcast(node, makeTx(node, transfer(alice, bob, 1n), alice.key, { permissionId: 7 }))).toEqual(
        sig("permission isn't exit"),
      );
    });

    it('Permission_id 1 on a representative (witness permission) → "Permission type is error"', async () => {
      const witness = node.chain.props.activeWitnesses[0]!;
      const tx = makeTx(node, transfer(witness, bob, 1n), alice.key, {
        raw: (r) => ({ ...r, contract: [{ ...r.contract[0]!, Permission_id: 1 }] }),
      });
      expect(await broadcast(node, tx)).toEqual(sig('Permission type is error'));
    });

    it('an active permission without the contract type bit → "Permission denied"', async () => {
      const update = b.accountUpdateContract({ owner: multi.hex, name: 'x' });
      expect(
        await broadcast(node, makeTx(node, update, k1.key, { permissionId: 2, signers: [k1.key, k2.key] })),
      ).toEqual(sig('Permission denied'));
    });

    it('more signatures than keys → "Signature count is N more than key counts of permission : M"', async () => {
      expect(
        await broadcast(node, makeTx(node, transfer(alice, bob, 1n), alice.key, { signers: [alice.key, bob.key] })),
      ).toEqual(sig('Signature count is 2 more than key counts of permission : 1'));
    });

    it('a signer outside the permission → "<sig> is signed by <address> but it is not contained of permission."', async () => {
      const tx = makeTx(node, transfer(alice, bob, 1n), bob.key);
      expect(await broadcast(node, tx)).toEqual(
        sig(
          `${tx.signature![0]} is signed by ${encodeBase58Check(hexToBytes(bob.hex))} but it is not contained of permission.`,
        ),
      );
    });

    it('the same signature twice → "<address> has signed twice!"', async () => {
      const tx = makeTx(node, transfer(multi, bob, 1n), k1.key, { signers: [k1.key, k1.key] });
      expect(await broadcast(node, tx)).toEqual(sig(`${encodeBase58Check(hexToBytes(k1.hex))} has signed twice!`));
    });

    it('a signature shorter than 65 bytes → "Signature size is 64"', async () => {
      const tx = makeTx(node, transfer(alice, bob, 1n), alice.key);
      expect(await broadcast(node, { ...tx, signature: [tx.signature![0]!.slice(0, 128)] })).toEqual(
        sig('Signature size is 64'),
      );
    });

    it('a recovery byte outside 27..34 → "Header byte out of range: 40"', async () => {
      const tx = makeTx(node, transfer(alice, bob, 1n), alice.key);
      expect(await broadcast(node, { ...tx, signature: [tx.signature![0]!.slice(0, 128) + '28'] })).toEqual(
        sig('Header byte out of range: 40'),
      );
    });

    it('weight below the threshold → "sig error"; both v = 0/1 and 27/28 are accepted', async () => {
      expect(await broadcast(node, makeTx(node, transfer(multi, bob, 1n), k1.key, { signers: [k1.key] }))).toEqual(
        sig('sig error'),
      );
      const tx = makeTx(node, transfer(multi, bob, 3n), k1.key, { permissionId: 2, signers: [] });
      const withV0 = [k1, k2].map((k) => bytesToHex(signDigest(hexToBytes(tx.txID), k.key, 0)));
      expect(await broadcast(node, { ...tx, signature: withV0 })).toMatchObject({ result: true });
    });
  });

  it('step 9: two contracts → "contract size should be exactly 1"', async () => {
    const tx = makeTx(node, transfer(alice, bob, 1n), alice.key, {
      raw: (r) => ({ ...r, contract: [r.contract[0]!, r.contract[0]!] }),
    });
    expect(await broadcast(node, tx)).toEqual(
      refused(
        'CONTRACT_VALIDATE_ERROR',
        `Contract validate error : tx ${tx.txID} contract size should be exactly 1, this is extend feature ,actual :2`,
      ),
    );
  });

  it('step 10: a reference block that is not on this chain → "Tapos check error."', async () => {
    const tx = makeTx(node, transfer(alice, bob, 1n), alice.key, { header: { ref_block_hash: '0011223344556677' } });
    expect(await broadcast(node, tx)).toEqual(refused('TAPOS_ERROR', 'Tapos check error.'));
  });

  it('step 11: more than 512,000 bytes → "Too big transaction with result", printing the size + 128 (Manager.validateCommon)', async () => {
    const tx = makeTx(node, transfer(alice, bob, 1n), alice.key, { memo: 'x'.repeat(512_000) });
    const reply = await broadcast(node, tx);
    // Transaction without ret: raw_data (tag, 3-byte length, bytes) and one signature (tag, length, 65 bytes).
    const serialized = 1 + 3 + tx.raw_data_hex.length / 2 + 1 + 1 + 65;
    expect(reply).toEqual(
      refused(
        'TOO_BIG_TRANSACTION_ERROR',
        `Too big transaction with result, TxId ${tx.txID}, the size is ${serialized + 128} bytes, maxTxSize 512000`,
      ),
    );
  });

  it('step 12: expiration more than 24 h after the head → "Transaction expired"', async () => {
    const tx = makeTx(node, transfer(alice, bob, 1n), alice.key, {
      header: { expiration: node.head().timestamp + 86_400_001 },
    });
    expect(await broadcast(node, tx)).toEqual(refused('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired'));
  });

  it('step 13: the same transaction again, pending or packed → "Dup transaction."', async () => {
    const tx = makeTx(node, transfer(alice, bob, 123n), alice.key);
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    expect(await broadcast(node, tx)).toEqual(refused('DUP_TRANSACTION_ERROR', 'Dup transaction.'));
    await node.mine(1);
    expect(await broadcast(node, tx)).toEqual(refused('DUP_TRANSACTION_ERROR', 'Dup transaction.'));
  });

  it('step 14: an owner account that does not exist → "account [...] does not exist"', async () => {
    const ghost = newKey();
    expect(await broadcast(node, makeTx(node, transfer(ghost, bob, 1n), ghost.key))).toEqual(
      refused(
        'CONTRACT_VALIDATE_ERROR',
        `Contract validate error : account [${encodeBase58Check(hexToBytes(ghost.hex))}] does not exist`,
      ),
    );
  });

  it('step 15: bandwidth, memo or multi-signature fee unaffordable → "Account resource insufficient error."', async () => {
    const poor = newKey();
    expect(await broadcast(node, makeTx(node, transfer(alice, poor, TRX / 2n), alice.key))).toMatchObject({
      result: true,
    });
    await node.mine(1);
    const memo = makeTx(node, transfer(poor, bob, 1n), poor.key, { memo: 'costs 1 TRX' });
    expect(await broadcast(node, memo)).toEqual(refused('BANDWITH_ERROR', 'Account resource insufficient error.'));
  });

  it('step 16: a new-account transaction above getMaxCreateAccountTxSize → "Too big new account transaction"', async () => {
    const tx = makeTx(node, transfer(alice, newKey(), TRX), alice.key, { memo: 'y'.repeat(1000) });
    const reply = await broadcast(node, tx);
    expect(reply.code).toBe('TOO_BIG_TRANSACTION_ERROR');
    expect(reply.message).toMatch(
      new RegExp(`^Too big new account transaction, TxId ${tx.txID}, the size is \\d+ bytes, maxTxSize 1000$`),
    );
  });

  it('step 17: actuator validation → "Contract validate error : <actuator message>"', async () => {
    const v = (m: string) => refused('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${m}`);
    expect(await broadcast(node, makeTx(node, transfer(alice, alice, 1n), alice.key))).toEqual(
      v('Cannot transfer TRX to yourself.'),
    );
    const zero = makeTx(node, transfer(alice, bob, 1n), alice.key, {
      raw: (r) => ({
        ...r,
        contract: [
          {
            ...r.contract[0]!,
            parameter: { ...r.contract[0]!.parameter, value: { ...r.contract[0]!.parameter.value, amount: 0 } },
          },
        ],
      }),
    });
    expect(await broadcast(node, zero)).toEqual(v('Amount must be greater than 0.'));
    expect(await broadcast(node, makeTx(node, transfer(alice, bob, 10n ** 15n), alice.key))).toEqual(
      v('Validate TransferContract error, balance is not sufficient.'),
    );
    const freeze = b.freezeBalanceV2Contract({ owner: alice.hex, amount: TRX - 1n });
    expect(await broadcast(node, makeTx(node, freeze, alice.key))).toEqual(
      v('frozenBalance must be greater than or equal to 1 TRX'),
    );
  });

  it('step 17: a contract type without an actuator → "… is not supported by this node yet"', async () => {
    const registry = new ActuatorRegistry();
    registry.register(transferActuator);
    const bare = await startNode({}, { actuators: registry });
    try {
      const owner = fundedKey(bare, 0);
      const proposal = makeTx(bare, transfer(owner, newKey(), TRX), owner.key, {
        raw: (r) => ({
          ...r,
          contract: [
            {
              type: 'ProposalDeleteContract',
              parameter: {
                type_url: 'type.googleapis.com/protocol.ProposalDeleteContract',
                value: { owner_address: owner.hex, proposal_id: 1 },
              },
            },
          ],
        }),
      });
      expect(await broadcast(bare, proposal)).toEqual(
        refused(
          'CONTRACT_VALIDATE_ERROR',
          'Contract validate error : ProposalDeleteContract is not supported by this node yet',
        ),
      );
    } finally {
      await bare.stop();
    }
  });

  it('step 18: execution failure → "Contract execute error : …" (the 100 TRX permission fee is charged in execute)', async () => {
    const poor = newKey();
    expect(await broadcast(node, makeTx(node, transfer(alice, poor, 50n * TRX), alice.key))).toMatchObject({
      result: true,
    });
    await node.mine(1);
    const update = b.accountPermissionUpdateContract({
      owner: poor.hex,
      ownerPermission: {
        type: 'Owner',
        permission_name: 'owner',
        threshold: 1,
        keys: [{ address: poor.hex, weight: 1n }],
      },
      actives: [
        {
          type: 'Active',
          permission_name: 'a',
          threshold: 1,
          operations: ops(1),
          keys: [{ address: poor.hex, weight: 1n }],
        },
      ],
    });
    const reply = await broadcast(node, makeTx(node, update, poor.key));
    expect(reply).toEqual(
      refused(
        'CONTRACT_EXE_ERROR',
        expect.stringMatching(
          new RegExp(`^Contract execute error : ${poor.hex} insufficient balance, balance: \\d+, amount: 100000000$`),
        ) as unknown as string,
      ),
    );
  });

  it('a refused transaction changes nothing', async () => {
    const before = node.pool.view.getAccount(alice.hex)!.balance;
    await broadcast(node, makeTx(node, transfer(alice, bob, 10n ** 15n), alice.key));
    expect(node.pool.view.getAccount(alice.hex)!.balance).toBe(before);
  });
});
