import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { definePolicy } from '../../../src-core/policy/canonical';
import * as b from '../../../src-core/tx/builders';
import type { PolicyProvider } from '../../../src-main/watchtower/policies';
import { Watchtower } from '../../../src-main/watchtower/scanner';
import type { WatchEvent } from '../../../src-main/watchtower/types';
import { defaultRules, type WatchList } from '../../../src-main/watchtower/watch-list';
import { FakeChain, signedTx, testKey, type TestKey } from './fake-chain';

let dir: string;
let chain: FakeChain;
let treasury: TestKey;
let other: TestKey;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchtower-policy-'));
  chain = new FakeChain();
  treasury = testKey();
  other = testKey();
  chain.accounts.set(treasury.hex, { balance: 10_000_000_000n });
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const TRX = 1_000_000n;

function provider(): PolicyProvider {
  const policy = definePolicy({
    format: 'tron-treasury-policy/1',
    version: 1,
    account: toBase58Address(treasury.hex),
    permissions: [
      {
        permissionId: 0,
        assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: 10n * TRX }],
        unlistedAssets: 'allow',
        tiers: [],
      },
    ],
  });
  return { policyFor: (account) => (account === treasury.hex ? { policy } : undefined) };
}

async function open(list: WatchList): Promise<{ tower: Watchtower; events: WatchEvent[] }> {
  const events: WatchEvent[] = [];
  const tower = await Watchtower.open({
    source: chain,
    stateFile: join(dir, 'state.json'),
    watchList: () => list,
    onEvents: (numbered) => events.push(...numbered.map((n) => n.event)),
  });
  return { tower, events };
}

const send = (amount: bigint) =>
  signedTx(b.transferContract({ owner: treasury.hex, to: other.hex, amount }), [treasury]);
const breaches = (events: readonly WatchEvent[]) =>
  events.flatMap((e) => (e.type === 'alert' && e.alert.rule === 'policy-breach' ? [e.alert] : []));

describe('the scanner with treasury policies', () => {
  it('raises policy-breach once the outflows it saw in a day pass the daily cap, also after a restart', async () => {
    const list: WatchList = {
      accounts: [{ address: treasury.hex, label: 'Treasury', rules: defaultRules() }],
      envelopes: [],
      knownAddresses: [],
      policies: provider(),
    };
    chain.mine([], [], 3);
    const first = await open(list);
    await first.tower.poll();
    chain.mine([send(6n * TRX)]);
    await first.tower.poll();
    expect(breaches(first.events)).toEqual([]);

    // The outflow seen before the restart still counts toward the day.
    const second = await open(list);
    const tx = send(5n * TRX);
    chain.mine([tx]);
    await second.tower.poll();
    const [alert] = breaches(second.events);
    expect(alert).toMatchObject({
      txid: tx.txID,
      account: treasury.hex,
      details: { breaches: [{ code: 'POLICY_DAILY_CAP' }] },
    });
    expect(alert!.title).toContain('11 TRX');
  });

  it('raises nothing without a policy for the account', async () => {
    const list: WatchList = {
      accounts: [{ address: treasury.hex, label: 'Treasury', rules: defaultRules() }],
      envelopes: [],
      knownAddresses: [],
    };
    chain.mine([], [], 3);
    const { tower, events } = await open(list);
    await tower.poll();
    chain.mine([send(60n * TRX)]);
    await tower.poll();
    expect(events.some((e) => e.type === 'alert' && e.alert.rule === 'outgoing-value')).toBe(true);
    expect(breaches(events)).toEqual([]);
  });
});
