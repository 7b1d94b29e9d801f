import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HexAddress } from '../../../src-core/brand';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import type { TronNode } from '../../../src-main/node';
import { nodeChainSource } from '../../../src-main/watchtower/chain-source';
import { Watchtower } from '../../../src-main/watchtower/scanner';
import type { Alert, CatchUpProgress, WatchEvent } from '../../../src-main/watchtower/types';
import { defaultRules, type AccountRules, type WatchList } from '../../../src-main/watchtower/watch-list';
import { b, broadcast, fundedKey, makeTx, newKey, startNode, transfer, type Key } from '../node/helpers';
import { callData, deploy, TRX, trigger, word } from '../node/vm-host/helpers';

/**
 * The acceptance scenarios on the embedded node over its HTTP API: a permission change by a
 * second owner key, TRC-20 transfers around a threshold, and a 2,000-block catch-up.
 */
let node: TronNode;
let dir: string;
let client: TronNodeClient;
let alice: Key;

const SOLIDIFY = 19;

beforeAll(async () => {
  node = await startNode();
  alice = fundedKey(node, 0);
  dir = await mkdtemp(join(tmpdir(), 'watchtower-node-'));
  client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
});
afterAll(async () => {
  await node?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function fund(to: Key, trx: bigint): Promise<void> {
  expect((await broadcast(node, makeTx(node, transfer(alice, to, trx * TRX), alice.key))).result).toBe(true);
  await node.mine(1);
}

async function watcher(
  name: string,
  list: WatchList,
  onProgress?: (p: CatchUpProgress) => void,
): Promise<{ tower: Watchtower; events: WatchEvent[] }> {
  const events: WatchEvent[] = [];
  const tower = await Watchtower.open({
    source: nodeChainSource(client),
    stateFile: join(dir, `${name}.json`),
    watchList: () => list,
    onEvents: (numbered) => events.push(...numbered.map((n) => n.event)),
    ...(onProgress ? { onProgress } : {}),
  });
  return { tower, events };
}

function watchOne(address: string, rules: Partial<AccountRules> = {}, knownAddresses: HexAddress[] = []): WatchList {
  return {
    accounts: [{ address: address as HexAddress, label: 'Treasury', rules: { ...defaultRules(), ...rules } }],
    envelopes: [],
    knownAddresses,
  };
}

const alerts = (events: readonly WatchEvent[], rule?: string): Alert[] =>
  events.flatMap((e) => (e.type === 'alert' && (rule === undefined || e.alert.rule === rule) ? [e.alert] : []));

function ownerUpdate(account: Key, keys: readonly Key[]) {
  return b.accountPermissionUpdateContract({
    owner: account.hex,
    ownerPermission: {
      type: 'Owner',
      permission_name: 'owner',
      threshold: 1,
      keys: keys.map((k) => ({ address: k.hex, weight: 1 })),
    },
    actives: [
      {
        type: 'Active',
        permission_name: 'active',
        threshold: 1,
        operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
        keys: keys.map((k) => ({ address: k.hex, weight: 1 })),
      },
    ],
  });
}

describe('the watchtower on the embedded node', () => {
  it('reports a permission change by a second owner key within one block, with the diff and the lockout verdict, and confirms it once solidified', async () => {
    const treasury = newKey();
    const partner = newKey();
    await fund(treasury, 1_000n);
    // The treasury shares its owner permission with a partner (either key alone suffices).
    const share = makeTx(node, ownerUpdate(treasury, [treasury, partner]), treasury.key);
    expect((await broadcast(node, share)).result).toBe(true);
    await node.mine(1);

    const { tower, events } = await watcher('permissions', watchOne(treasury.hex, {}, [treasury.hex as HexAddress]));
    await tower.poll();
    expect(events).toEqual([]);

    // The partner, alone, removes the treasury's own key.
    const takeover = makeTx(node, ownerUpdate(treasury, [partner]), partner.key);
    expect((await broadcast(node, takeover)).result).toBe(true);
    const packed = await node.mine(1);
    await tower.poll();

    const [alert] = alerts(events, 'permission-changed');
    expect(alert).toMatchObject({
      txid: takeover.txID,
      account: treasury.hex,
      status: 'pending',
      block: { number: packed.number, id: packed.id },
    });
    expect(alert!.details.changes).toEqual([
      'The owner permission: key Treasury removed',
      'Active permission "active" (id 2): key Treasury removed',
    ]);
    expect(alert!.details.before).toMatchObject({
      owner: { keys: [{ address: treasury.hex }, { address: partner.hex }] },
    });
    expect(alert!.details.after).toMatchObject({ owner: { keys: [{ address: partner.hex, weight: '1' }] } });
    // The treasury's own key no longer reaches the owner threshold: the prover blocks.
    expect(alert!.details.verdict).toBe('block');
    expect(alert!.details.findings).toContainEqual(
      expect.objectContaining({ code: 'LOCKOUT_OWNER_UNREACHABLE_BY_KNOWN_KEYS' }),
    );

    await node.mine(SOLIDIFY);
    expect(node.head().solidified).toBeGreaterThanOrEqual(packed.number);
    await tower.poll();
    expect(events.filter((e) => e.type === 'confirmed')).toEqual([
      {
        type: 'confirmed',
        id: alert!.id,
        rule: 'permission-changed',
        account: treasury.hex,
        txid: takeover.txID,
        block: alert!.block,
      },
    ]);
    expect(tower.pendingAlerts().filter((a) => a.rule === 'permission-changed')).toEqual([]);
  });

  it('reports a TRC-20 transfer above the threshold and none for one below it', async () => {
    const treasury = newKey();
    const receiver = newKey();
    await fund(treasury, 2_000n);
    const token = (await deploy(node, treasury, 'Token', word(1_000_000n))).address;
    const rules = defaultRules();
    const list = watchOne(treasury.hex, {
      outgoingValue: {
        ...rules.outgoingValue,
        trxSun: 10n ** 15n,
        tokens: new Map([[token, 1_000n]]),
        otherTokens: null,
      },
    });
    const { tower, events } = await watcher('trc20', list);
    await tower.poll();

    const below = await trigger(node, treasury, token, callData('transfer(address,uint256)', receiver.hex, 1_000n));
    expect(below.reply.result).toBe(true);
    await node.mine(1);
    await tower.poll();
    expect(alerts(events, 'outgoing-value')).toEqual([]);

    const above = await trigger(node, treasury, token, callData('transfer(address,uint256)', receiver.hex, 1_001n));
    expect(above.reply.result).toBe(true);
    await node.mine(1);
    await tower.poll();
    const found = alerts(events, 'outgoing-value');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      txid: above.tx.txID,
      details: { outflows: [{ asset: 'TRC20', token, amount: '1001', threshold: '1000', to: receiver.hex }] },
    });
  });

  it('catches up 2,000 blocks from its persisted cursor: every alert of the gap once, none twice, with progress', async () => {
    const treasury = newKey();
    const receiver = newKey();
    await fund(treasury, 100n);
    const list = watchOne(treasury.hex);
    const first = await watcher('catch-up', list);
    await first.tower.poll();
    const stoppedAt = first.tower.cursor!.number;

    // Stopped for 2,000 blocks; four transfers happen in them.
    const sent: string[] = [];
    for (const [i, blocks] of [400, 600, 500, 500].entries()) {
      const tx = makeTx(node, transfer(treasury, receiver, BigInt(i + 1) * TRX), treasury.key);
      expect((await broadcast(node, tx)).result).toBe(true);
      sent.push(tx.txID);
      await node.mine(blocks);
    }
    expect(node.head().number - stoppedAt).toBe(2_000);

    const progress: CatchUpProgress[] = [];
    const second = await watcher('catch-up', list, (p) => progress.push(p));
    const report = await second.tower.poll();
    expect(report.cursor).toBe(node.head().number);
    expect(report.scanned).toBe(2_000);
    const raised = alerts(second.events, 'outgoing-value');
    expect(raised.map((a) => a.txid)).toEqual(sent);
    expect(new Set(raised.map((a) => a.id)).size).toBe(4);
    expect(progress[0]!.text).toBe(
      `catching up: block ${stoppedAt.toLocaleString('en-US')} of ${node.head().number.toLocaleString('en-US')}`,
    );
    expect(progress.at(-1)!.block).toBe(node.head().number);
    expect(progress.length).toBe(21);

    const third = await watcher('catch-up', list);
    await node.mine(1);
    await third.tower.poll();
    expect(alerts(third.events)).toEqual([]);
  }, 120_000);
});
