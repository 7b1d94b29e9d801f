import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '@main/node';
import { b, broadcast, call, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';
import { bandwidthBytes } from '@core/fee/bandwidth';
import { encodeBase58Check } from '@core/bytes/base58';
import { hexToBytes } from '@core/bytes/hex';
import { BLOCK_TEXT_FORM } from '@main/node/chain/blocks';

/** Chain rules: slots and chain time, the 27-representative rotation, solidification, maintenance, expiry, fees. */
let node: TronNode | undefined;
afterEach(async () => {
  await node?.stop();
  node = undefined;
});

const TRX = 1_000_000n;

describe('chain', () => {
  it("writes each registered renderer's text in the block's batch, and keeps none past the head", async () => {
    node = await startNode();
    const chain = node.chain;
    // This chain writes the Base58Check form only (the node registered the hex form).
    chain.blockTextRenderers.length = 0;
    chain.blockTextRenderers.push({
      form: BLOCK_TEXT_FORM.visible,
      render: (block) => new TextEncoder().encode(`block ${block.number} ${block.idHex}`),
    });
    const head = await node.mine(1);
    const text = await chain.blockText(head.number, BLOCK_TEXT_FORM.visible);
    expect(new TextDecoder().decode(text)).toBe(`block ${head.number} ${head.id}`);
    expect(await chain.blockText(head.number + 1, BLOCK_TEXT_FORM.visible)).toBeUndefined();
    expect(await chain.blockText(-1, BLOCK_TEXT_FORM.visible)).toBeUndefined();
    // A text kept for a block the chain does not have yet is dropped: the block made later does not answer it.
    const early = new TextEncoder().encode('early');
    await chain.keepBlockText(head.number + 1, BLOCK_TEXT_FORM.hex, early);
    await chain.keepBlockText(head.number, BLOCK_TEXT_FORM.hex, early);
    const next = await node.mine(1);
    expect(await chain.blockText(next.number, BLOCK_TEXT_FORM.hex)).toBeUndefined();
    expect(new TextDecoder().decode(await chain.blockText(next.number, BLOCK_TEXT_FORM.visible))).toBe(
      `block ${next.number} ${next.id}`,
    );
    expect(new TextDecoder().decode(await chain.blockText(head.number, BLOCK_TEXT_FORM.hex))).toBe('early');
  });

  it('rotates 27 representatives by slot and solidifies at head − 18 once 19 of them built on a block', async () => {
    node = await startNode();
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const head = await node.mine(1);
      const block = (await call(node, '/wallet/getblockbynum', { num: head.number })).json;
      const witness = block.block_header.raw_data.witness_address as string;
      expect(witness).toBe(node.chain.clock.witnessAt(head.timestamp));
      seen.add(witness);
      // Block 1 was produced at start; after block 19, 19 distinct representatives have produced.
      expect(head.solidified).toBe(Math.max(0, head.number - 18));
    }
    expect(seen.size).toBe(27);
    const witnesses = (await call(node, '/wallet/listwitnesses')).json.witnesses as { totalProduced?: number }[];
    expect(witnesses.reduce((sum, w) => sum + (w.totalProduced ?? 0), 0)).toBe(node.head().number);
  });

  it('keeps timestamps on the 3 s slot grid; /admin/time skips slots and counts them as missed', async () => {
    node = await startNode();
    const start = node.head();
    const next = await node.mine(1);
    expect(next.timestamp - start.timestamp).toBe(3000);
    node.advanceTime(10);
    const jumped = await node.mine(1);
    // 10 s more chain time, aligned down to the grid: 3 slots skipped.
    expect(jumped.timestamp - next.timestamp).toBe(3000 + 9000);
    const state = node.chain.state;
    const missed = [...state.witnessAddresses()].reduce((sum, hex) => sum + state.getWitness(hex)!.totalMissed, 0);
    expect(missed).toBe(3);
    expect((jumped.timestamp - node.chain.props.genesisTimestamp) % 3000).toBe(0);
  });

  it('runs a maintenance every getMaintenanceTimeInterval and skips two slots after it', async () => {
    node = await startNode({ chainParameters: { getMaintenanceTimeInterval: 30_000n } });
    const cycle = node.chain.props.maintenanceCycle;
    let head = node.head();
    while (node.chain.props.maintenanceCycle === cycle) head = await node.mine(1);
    expect(node.chain.props.stateFlag).toBe(1);
    expect(node.chain.clock.nextSlotTime()).toBe(head.timestamp + 9000);
    const after = await node.mine(1);
    expect(after.timestamp - head.timestamp).toBe(9000);
    expect(node.chain.props.stateFlag).toBe(0);
  });

  it('drops pending transactions that expire before they are packed', async () => {
    node = await startNode();
    const alice = fundedKey(node, 0);
    const tx = makeTx(node, transfer(alice, fundedKey(node, 1), 5n), alice.key, {
      header: { expiration: node.head().timestamp + 6000 },
    });
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    const before = node.pool.view.getAccount(alice.hex)!.balance;
    node.advanceTime(30);
    await node.mine(1);
    expect(node.pool.size).toBe(0);
    expect((await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json).toEqual({});
    expect(node.pool.view.getAccount(alice.hex)!.balance).toBeGreaterThan(before);
  });

  it("pays the 16 TRX block reward to the producer: 20 % brokerage as allowance, the rest to its voters' pool", async () => {
    node = await startNode();
    const head = await node.mine(1);
    const producer = node.chain.clock.witnessAt(head.timestamp);
    // 16 TRX × 20 % = 3.2 TRX allowance per block produced; 12.8 TRX goes to the cycle's reward pool.
    const blocks = BigInt(node.chain.state.getWitness(producer)!.totalProduced);
    expect(node.chain.state.getAccount(producer)!.allowance).toBe(blocks * 3_200_000n);
    expect(node.chain.state.getRecord('mortgage', `0-${producer}-reward`)).toBe(blocks * 12_800_000n);
  });

  it('charges a plain transfer nothing while the free 600 bytes last, then bytes × 1000 sun', async () => {
    node = await startNode();
    const alice = fundedKey(node, 3);
    const bob = fundedKey(node, 4);
    const first = makeTx(node, transfer(alice, bob, 1n), alice.key);
    const second = makeTx(node, transfer(alice, bob, 2n), alice.key);
    const third = makeTx(node, transfer(alice, bob, 3n), alice.key);
    for (const tx of [first, second, third]) expect(await broadcast(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    const infos = await Promise.all(
      [first, second, third].map(
        async (tx) => (await call(node!, '/wallet/gettransactioninfobyid', { value: tx.txID })).json,
      ),
    );
    // Each signed transfer is 1 + 2 + raw + 1 + 1 + 65 bytes, plus 64: about 266 bytes. Two fit in 600 bytes; the third burns.
    const bytes = infos[0]!.receipt.net_usage as number;
    expect(BigInt(bytes)).toBe(bandwidthBytes(first));
    expect(infos[0]!.receipt).toEqual({ net_usage: bytes });
    expect(infos[1]!.receipt).toEqual({ net_usage: bytes });
    expect(infos[2]!.receipt).toEqual({ net_fee: bytes * 1000 });
    expect(infos[2]!.fee).toBe(bytes * 1000);
    const account = (await call(node, '/wallet/getaccount', { address: alice.hex })).json;
    // 2 × bytes used in slot s, read one slot later: avg = ceil(2·bytes·1e6 / 28800), decayed by
    // 28799/28800 and rounded, back to bytes (integer division): one byte has recovered.
    const average = Math.ceil((2 * bytes * 1e6) / 28_800);
    expect(account.free_net_usage).toBe(Math.floor((Math.round((average * 28_799) / 28_800) * 28_800) / 1e6));
    expect(account.free_net_usage).toBe(2 * bytes - 1);
    expect(account.latest_consume_free_time).toBe(
      node.chain.props.genesisTimestamp + 3000 * (node.chain.clock.headSlot - 1),
    );
  });

  it('charges the 1 TRX memo fee on top of bandwidth', async () => {
    node = await startNode();
    const alice = fundedKey(node, 6);
    const tx = makeTx(node, transfer(alice, fundedKey(node, 7), 9n), alice.key, { memo: 'invoice 42' });
    const before = node.pool.view.getAccount(alice.hex)!.balance;
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    const info = (await call(node, '/wallet/gettransactioninfobyid', { value: tx.txID })).json;
    // Free bandwidth covers the bytes; the memo fee appears only inside `fee`.
    expect(info.fee).toBe(1_000_000);
    expect(info.receipt).toEqual({ net_usage: expect.any(Number) });
    expect(node.chain.state.getAccount(alice.hex)!.balance).toBe(before - 9n - TRX);
    expect((await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json.raw_data.data).toBe(
      Buffer.from('invoice 42').toString('hex'),
    );
  });

  it('AccountCreateContract costs 1 TRX and AccountUpdateContract names an account once', async () => {
    node = await startNode();
    const alice = fundedKey(node, 5);
    const fresh = newKey();
    const create = makeTx(node, b.accountCreateContract({ owner: alice.hex, account: fresh.hex }), alice.key);
    expect(await broadcast(node, create)).toMatchObject({ result: true });
    // account_name is a "name" field: UTF-8 text under visible=true, so this hex JSON goes without it.
    const rename = makeTx(node, b.accountUpdateContract({ owner: alice.hex, name: 'treasury' }), alice.key);
    expect(await broadcast(node, rename, false)).toMatchObject({ result: true });
    await node.mine(1);
    const info = (await call(node, '/wallet/gettransactioninfobyid', { value: create.txID })).json;
    expect(info.fee).toBe(1_000_000 + 100_000);
    expect((await call(node, '/wallet/getaccount', { address: fresh.hex })).json.address).toBe(fresh.hex);
    // With visible=true java-tron reads the address in Base58Check only (JsonFormat.merge).
    const visibleAccount = { address: encodeBase58Check(hexToBytes(alice.hex)), visible: true };
    expect((await call(node, '/wallet/getaccount', visibleAccount)).json.account_name).toBe('treasury');
    const again = makeTx(node, b.accountUpdateContract({ owner: alice.hex, name: 'other' }), alice.key);
    // Sent with visible=true as a client writes it: the address in Base58Check, the name as text.
    const renamed = {
      ...again,
      visible: true,
      raw_data: {
        ...again.raw_data,
        contract: [
          {
            ...again.raw_data.contract[0]!,
            parameter: {
              ...again.raw_data.contract[0]!.parameter,
              value: { owner_address: encodeBase58Check(hexToBytes(alice.hex)), account_name: 'other' },
            },
          },
        ],
      },
    };
    expect((await call(node, '/wallet/broadcasttransaction', renamed)).json).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : This account name is already existed',
    });
    const dup = makeTx(node, b.accountCreateContract({ owner: alice.hex, account: fresh.hex }), alice.key);
    expect(await broadcast(node, dup)).toMatchObject({ message: 'Contract validate error : Account has existed' });
  });

  it('produces blocks on its own with a fast block time, one 3 s slot per block', async () => {
    const fast = await startNode({ blockTimeMs: 40 });
    node = fast;
    const start = fast.head();
    // However slow the machine, the producer gets there on its own; only the count is waited for.
    await vi.waitFor(() => expect(fast.head().number).toBeGreaterThan(start.number + 3), {
      timeout: 60_000,
      interval: 20,
    });
    const head = fast.head();
    expect(head.timestamp - start.timestamp).toBe(3000 * (head.number - start.number));
  });
});
