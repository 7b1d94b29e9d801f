import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { encodeBase58Check } from '@core/bytes/base58';
import { utf8ToBytes } from '@core/bytes/utf8';
import { encodeAccount } from '@main/node/state/account';
import { serializeProperties } from '@main/node/state/dynamic';
import {
  b,
  broadcast,
  call,
  fundedKey,
  makeTx,
  newKey,
  startNode,
  storedAccounts,
  storedState,
  transfer,
  type Key,
} from '../helpers';
import { callData, contractTx, deploy, stringCall, TRX, word } from '../vm-host/helpers';

/**
 * node.dryRun: any transaction, validated and applied on a throw-away copy of the state. It must
 * report exactly what broadcasting would do and never change the chain, the pool or the store.
 */
const OPERATIONS = '7fff1fc0033efb0f' + '00'.repeat(24);

/** The stored state, the accounts as the chain reads them, the pending state and the pool. */
async function snapshot(node: TronNode): Promise<unknown> {
  const accounts = (map: Iterable<[string, Parameters<typeof encodeAccount>[0]]>) =>
    [...map].map(([hex, a]) => [hex, bytesToHex(encodeAccount(a))]);
  const stored = await storedAccounts(node);
  return {
    stored: await storedState(node),
    accounts: accounts(stored.map((a) => [a.addressHex, node.chain.state.getAccount(a.addressHex)!])),
    props: serializeProperties(node.chain.props),
    pendingAccounts: accounts(node.pool.view.changes),
    pendingExt: [...node.pool.view.ext.entries()],
    pendingBurned: node.pool.view.mutable.burnedSun,
    pool: node.pool.size,
  };
}

async function balanceOf(node: TronNode, hex: string): Promise<bigint> {
  return BigInt((await call(node, '/wallet/getaccount', { address: hex })).json.balance ?? 0);
}

describe('dry run', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  let token: string;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    token = (await deploy(node, alice, 'Token', word(1_000_000n))).address;
  });
  afterAll(async () => node?.stop());

  it('simulates a TRX transfer that activates an account, then the real one matches it', async () => {
    const fresh = newKey();
    const tx = makeTx(node, transfer(alice, fresh, 5n * TRX), alice.key);
    const before = await snapshot(node);
    const result = await node.dryRun(tx);
    expect(await snapshot(node)).toEqual(before);
    // 1 TRX activation (getCreateNewAccountFeeInSystemContract) + 0.1 TRX bandwidth for a new account.
    expect(result).toMatchObject({
      txId: tx.txID,
      accepted: true,
      code: 'SUCCESS',
      message: '',
      contractRet: 'SUCCESS',
      fee: 1_100_000n,
    });
    expect(result.transactionInfo).toMatchObject({
      id: tx.txID,
      fee: 1_100_000,
      receipt: { net_fee: 100_000 },
      blockNumber: node.head().number + 1,
    });
    expect(new Set(result.balanceChanges)).toEqual(
      new Set([
        { address: fresh.hex, trx: 5n * TRX, tokens: {}, created: true, deleted: false },
        { address: alice.hex, trx: -(5n * TRX + 1_100_000n), tokens: {}, created: false, deleted: false },
      ]),
    );

    const aliceBefore = await balanceOf(node, alice.hex);
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    expect((await balanceOf(node, alice.hex)) - aliceBefore).toBe(-(5n * TRX + 1_100_000n));
    expect(await balanceOf(node, fresh.hex)).toBe(5n * TRX);
    // Once packed, the same transaction is a duplicate.
    expect(await node.dryRun(tx)).toMatchObject({
      accepted: false,
      code: 'DUP_TRANSACTION_ERROR',
      message: 'Dup transaction.',
    });
  });

  it('simulates a permission update and proves who can still sign afterwards', async () => {
    const owner = fundedKey(node, 2);
    const [k1, k2, k3] = [newKey(), newKey(), newKey()];
    const keys = [k1, k2, k3].map((k) => ({ address: k.hex, weight: 1n }));
    const spec = b.accountPermissionUpdateContract({
      owner: owner.hex,
      ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 2n, keys },
      actives: [{ type: 'Active', permission_name: 'active', threshold: 2n, operations: OPERATIONS, keys }],
    });
    const update = makeTx(node, spec, owner.key);
    const before = await snapshot(node);
    const result = await node.dryRun(update);
    expect(await snapshot(node)).toEqual(before);
    expect(result).toMatchObject({ accepted: true, contractRet: 'SUCCESS' });
    // 100 TRX getUpdateAccountPermissionFee; the bytes fit the free daily bandwidth.
    expect(result.fee).toBe(100n * TRX);
    expect(result.balanceChanges).toEqual([
      { address: owner.hex, trx: -100n * TRX, tokens: {}, created: false, deleted: false },
    ]);
    expect((await call(node, '/wallet/getaccount', { address: owner.hex })).json.owner_permission.threshold).toBe(1);

    // An unsigned draft: the structure is checked without signatures.
    const draft = { ...update, signature: undefined };
    expect(await node.dryRun(draft)).toMatchObject({
      accepted: false,
      code: 'SIGERROR',
      message: 'Validate signature error: miss sig or contract',
    });
    expect(await node.dryRun(draft, { skipSignatureCheck: true })).toMatchObject({ accepted: true, fee: 100n * TRX });

    // Applied for real, then: one of the three keys is not enough, two are (and pay the 1 TRX multi-signature fee).
    expect(await broadcast(node, update)).toMatchObject({ result: true });
    await node.mine(1);
    const send = makeTx(node, transfer(owner, bob, TRX), owner.key, { signers: [] });
    expect(await node.dryRun(send, { signers: [k1.hex] })).toMatchObject({
      accepted: false,
      code: 'SIGERROR',
      message: 'Validate signature error: sig error',
    });
    expect(await node.dryRun(send, { signers: [owner.hex] })).toMatchObject({ accepted: false, code: 'SIGERROR' });
    const twoOfThree = await node.dryRun(send, { signers: [k1.hex, k3.hex] });
    expect(twoOfThree).toMatchObject({ accepted: true, contractRet: 'SUCCESS' });
    expect(twoOfThree.fee).toBe(
      1_000_000n +
        BigInt(
          twoOfThree.transactionInfo?.receipt
            ? ((twoOfThree.transactionInfo.receipt as { net_fee?: number }).net_fee ?? 0)
            : 0,
        ),
    );
    expect(twoOfThree.balanceChanges.find((c) => c.address === owner.hex)?.trx).toBe(-(TRX + twoOfThree.fee));
  });

  it('simulates contract calls: receipt, logs, internal transactions, revert reason and balance changes', async () => {
    const carol = newKey();
    const sendTokens = contractTx(
      node,
      b.triggerSmartContract({
        owner: alice.hex,
        contract: token,
        data: callData('transfer(address,uint256)', carol.hex, 9n),
      }),
      alice,
      100n * TRX,
    );
    const before = await snapshot(node);
    const result = await node.dryRun(sendTokens);
    expect(await snapshot(node)).toEqual(before);
    expect(result).toMatchObject({ accepted: true, contractRet: 'SUCCESS' });
    const info = result.transactionInfo as {
      receipt: Record<string, number>;
      log: unknown[];
      contract_address: string;
      fee: number;
    };
    expect(info.receipt).toMatchObject({ energy_usage_total: 27_902, energy_fee: 27_902 * 210, result: 'SUCCESS' });
    expect(info.log).toHaveLength(1);
    expect(info.contract_address).toBe(token);
    expect(result.balanceChanges).toEqual([
      { address: alice.hex, trx: -BigInt(info.fee), tokens: {}, created: false, deleted: false },
    ]);
    // The token balance did not move on chain.
    const read = (
      await call(node, '/wallet/triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: token,
        data: callData('balanceOf(address)', carol.hex),
      })
    ).json;
    expect(read.constant_result).toEqual([word(0n)]);

    const reverter = (await deploy(node, alice, 'Reverter')).address;
    const failing = contractTx(
      node,
      b.triggerSmartContract({ owner: alice.hex, contract: reverter, data: stringCall('fail(string)', 'no way') }),
      alice,
      100n * TRX,
    );
    expect(await node.dryRun(failing)).toMatchObject({
      accepted: true,
      contractRet: 'REVERT',
      revertReason: 'no way',
      transactionInfo: { result: 'FAILED', receipt: { result: 'REVERT' } },
    });

    // Internal transactions show although this node does not store them; the value lands in the child.
    const child = (await deploy(node, alice, 'Child')).address;
    const router = (await deploy(node, alice, 'Router')).address;
    const forward = contractTx(
      node,
      b.triggerSmartContract({
        owner: alice.hex,
        contract: router,
        data: callData('forward(address)', child),
        callValue: 7n,
      }),
      alice,
      100n * TRX,
    );
    const forwarded = await node.dryRun(forward);
    const itxs = (forwarded.transactionInfo as { internal_transactions: { note: string; rejected?: boolean }[] })
      .internal_transactions;
    expect(itxs.map((itx) => [itx.note, itx.rejected ?? false])).toEqual([
      [bytesToHex(utf8ToBytes('call')), false],
      [bytesToHex(utf8ToBytes('call')), true],
    ]);
    expect(forwarded.balanceChanges.find((c) => c.address === child)).toEqual({
      address: child,
      trx: 7n,
      tokens: {},
      created: false,
      deleted: false,
    });
  });

  it('chains steps on one copy: a permission update, then transfers under the new permissions', async () => {
    const owner = fundedKey(node, 4);
    const [k1, k2] = [newKey(), newKey()];
    const keys = [k1, k2].map((k) => ({ address: k.hex, weight: 1n }));
    const update = makeTx(
      node,
      b.accountPermissionUpdateContract({
        owner: owner.hex,
        ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 2n, keys },
        actives: [{ type: 'Active', permission_name: 'active', threshold: 2n, operations: OPERATIONS, keys }],
      }),
      owner.key,
    );
    const send = makeTx(node, transfer(owner, bob, TRX), owner.key);
    const before = await snapshot(node);
    // The old key no longer signs once the update is applied on the copy.
    const locked = await node.dryRunSequence([{ transaction: update }, { transaction: send }]);
    expect(locked.headBlock).toBe(node.head().number);
    expect(locked.results.map((r) => [r.accepted, r.code])).toEqual([
      [true, 'SUCCESS'],
      [false, 'SIGERROR'],
    ]);
    const cosigned = await node.dryRunSequence([
      { transaction: update },
      { transaction: send, options: { signers: [k1.hex, k2.hex] } },
      {
        transaction: makeTx(node, transfer(owner, bob, 2n * TRX), owner.key),
        options: { skipSignatureCheck: true, placeholderSignatures: 2 },
      },
    ]);
    expect(cosigned.results.map((r) => r.accepted)).toEqual([true, true, true]);
    // Per-step changes: the 100 TRX update, then each transfer with its 1 TRX multi-signature fee.
    expect(cosigned.results[0]!.balanceChanges).toEqual([
      { address: owner.hex, trx: -cosigned.results[0]!.fee, tokens: {}, created: false, deleted: false },
    ]);
    expect(cosigned.results[1]!.balanceChanges).toContainEqual({
      address: owner.hex,
      trx: -(TRX + cosigned.results[1]!.fee),
      tokens: {},
      created: false,
      deleted: false,
    });
    expect(cosigned.results[2]!.balanceChanges).toContainEqual({
      address: bob.hex,
      trx: 2n * TRX,
      tokens: {},
      created: false,
      deleted: false,
    });
    expect(cosigned.results[1]!.fee).toBeGreaterThanOrEqual(1_000_000n);
    expect(await snapshot(node)).toEqual(before);
  });

  it("reports java-tron's refusals without touching anything", async () => {
    const before = await snapshot(node);
    const wrongKey = makeTx(node, transfer(alice, bob, TRX), bob.key);
    expect(await node.dryRun(wrongKey)).toMatchObject({
      accepted: false,
      code: 'SIGERROR',
      fee: 0n,
      balanceChanges: [],
    });
    const broke = newKey();
    expect(await node.dryRun(makeTx(node, transfer(broke, bob, TRX), broke.key))).toMatchObject({
      accepted: false,
      code: 'CONTRACT_VALIDATE_ERROR',
      message: `Contract validate error : account [${encodeBase58Check(hexToBytes(broke.hex))}] does not exist`,
    });
    expect(await node.dryRun(makeTx(node, transfer(alice, bob, 10n ** 15n), alice.key))).toMatchObject({
      accepted: false,
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : Validate TransferContract error, balance is not sufficient.',
    });
    const tooMuch = contractTx(
      node,
      b.triggerSmartContract({ owner: alice.hex, contract: token, data: callData('totalSupply()') }),
      alice,
      15_000_000_001n,
    );
    expect(await node.dryRun(tooMuch)).toMatchObject({
      accepted: false,
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : feeLimit must be >= 0 and <= 15000000000',
    });
    const stale = makeTx(node, transfer(alice, bob, TRX), alice.key, { header: { expiration: node.head().timestamp } });
    expect(await node.dryRun(stale)).toMatchObject({ accepted: false, code: 'TRANSACTION_EXPIRATION_ERROR' });
    expect(await snapshot(node)).toEqual(before);
  });

  it('runs on the head state by default and on head + pool with state: pending', async () => {
    const spender = fundedKey(node, 3);
    const balance = await balanceOf(node, spender.hex);
    const drain = makeTx(node, transfer(spender, bob, balance - 10n * TRX), spender.key);
    expect(await broadcast(node, drain)).toMatchObject({ result: true });
    const next = makeTx(node, transfer(spender, bob, 20n * TRX), spender.key);
    expect(await node.dryRun(next)).toMatchObject({ accepted: true });
    expect(await node.dryRun(next, { state: 'pending' })).toMatchObject({
      accepted: false,
      code: 'CONTRACT_VALIDATE_ERROR',
    });
    await node.mine(1);
  });

  it('answers POST /admin/dryrun in dev mode', async () => {
    const tx = makeTx(node, transfer(alice, bob, 3n), alice.key);
    const reply = (await call(node, '/admin/dryrun', { transaction: tx })).json;
    expect(reply).toMatchObject({ txId: tx.txID, accepted: true, code: 'SUCCESS', contractRet: 'SUCCESS' });
    expect(reply.balanceChanges).toContainEqual({
      address: bob.hex,
      trx: 3,
      tokens: {},
      created: false,
      deleted: false,
    });
    const unsigned = (
      await call(node, '/admin/dryrun', { transaction: { ...tx, signature: [] }, signers: [alice.hex] })
    ).json;
    expect(unsigned.accepted).toBe(true);
    expect((await call(node, '/admin/dryrun', { transaction: 5 })).json).toEqual({
      Error:
        'class java.lang.IllegalArgumentException : transaction must be a transaction JSON object or the hex of a serialized Transaction',
    });
    expect((await call(node, '/admin/dryrun', { transaction: tx, signers: ['nope'] })).json.Error).toMatch(
      /^class java\.lang\.IllegalArgumentException : /,
    );
  });

  it('has no /admin/dryrun without dev mode', async () => {
    const quiet = await startNode({ dev: false });
    try {
      expect((await call(quiet, '/admin/dryrun', { transaction: {} })).status).toBe(404);
    } finally {
      await quiet.stop();
    }
  });
});
