import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TxId } from '../../../src-core/brand';
import { NetworkError, WatchError } from '../../../src-core/errors';
import * as b from '../../../src-core/tx/builders';
import { Watchtower, type WatchtowerOptions } from '../../../src-main/watchtower/scanner';
import type { Alert, CatchUpProgress, NumberedEvent, WatchEvent } from '../../../src-main/watchtower/types';
import { defaultRules, type WatchList } from '../../../src-main/watchtower/watch-list';
import { FakeChain, GENESIS_TIME, signedTx, testKey, type TestKey } from './fake-chain';

let dir: string;
let chain: FakeChain;
let treasury: TestKey;
let other: TestKey;
let list: WatchList;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchtower-'));
  chain = new FakeChain();
  treasury = testKey();
  other = testKey();
  chain.accounts.set(treasury.hex, { balance: 10_000_000_000n });
  list = {
    accounts: [{ address: treasury.hex, label: 'Treasury', rules: defaultRules() }],
    envelopes: [],
    knownAddresses: [],
  };
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function open(options: Partial<WatchtowerOptions> = {}): Promise<{ tower: Watchtower; events: WatchEvent[] }> {
  const events: WatchEvent[] = [];
  const tower = await Watchtower.open({
    source: chain,
    stateFile: join(dir, 'state.json'),
    watchList: () => list,
    onEvents: (numbered) => events.push(...numbered.map((n) => n.event)),
    ...options,
  });
  return { tower, events };
}

function send(amount: bigint): ReturnType<typeof signedTx> {
  return signedTx(b.transferContract({ owner: treasury.hex, to: other.hex, amount }), [treasury]);
}

const alertsOf = (events: readonly WatchEvent[]) => events.flatMap((e) => (e.type === 'alert' ? [e.alert] : []));
const ofType = (events: readonly WatchEvent[], type: WatchEvent['type']) => events.filter((e) => e.type === type);
/** The event a state change of `alert` must be: its id, rule, account, transaction and block. */
const stateChange = (type: 'confirmed' | 'retracted', alert: Alert): WatchEvent => ({
  type,
  id: alert.id,
  rule: alert.rule,
  account: alert.account,
  ...(alert.txid ? { txid: alert.txid } : {}),
  block: alert.block,
});

describe('the scanner on a chain it can follow', () => {
  it('starts at the head, raises a transfer as pending on its block and confirms it once solidified', async () => {
    chain.mine([], [], 5);
    const { tower, events } = await open();
    expect((await tower.poll()).cursor).toBe(5);
    expect(events).toEqual([]);

    const tx = send(7_000_000n);
    const block = chain.mine([tx]);
    await tower.poll();
    const [alert] = alertsOf(events);
    expect(alert).toMatchObject({
      rule: 'outgoing-value',
      txid: tx.txID,
      account: treasury.hex,
      label: 'Treasury',
      status: 'pending',
      block: { number: 6, id: block.id },
    });
    expect(tower.pendingAlerts().map((a) => a.id)).toEqual([alert!.id]);

    chain.mine([], [], 3);
    chain.solid = 6;
    await tower.poll();
    expect(ofType(events, 'confirmed')).toEqual([stateChange('confirmed', alert!)]);
    expect(tower.pendingAlerts()).toEqual([]);
    expect(alertsOf(events)).toHaveLength(1);
  });

  it('raises an alert of a block that is already solidified as confirmed, with no later state change', async () => {
    const { tower, events } = await open();
    await tower.poll();
    chain.mine([send(1n)], [], 4);
    chain.solid = chain.headNumber;
    await tower.poll();
    expect(alertsOf(events).map((a) => a.status)).toEqual(['confirmed']);
    expect(ofType(events, 'confirmed')).toEqual([]);
  });

  it('retracts a pending alert whose block is replaced by a block without its transaction', async () => {
    const { tower, events } = await open();
    await tower.poll();
    const tx = send(5n);
    chain.mine([tx], [], 2);
    await tower.poll();
    const [alert] = alertsOf(events);
    expect(alert!.status).toBe('pending');

    chain.cutFrom(1);
    chain.mine([], [], 3, 'fork');
    await tower.poll();
    expect(ofType(events, 'retracted')).toEqual([stateChange('retracted', alert!)]);
    expect(alert!.txid).toBe(tx.txID);
    expect(tower.pendingAlerts()).toEqual([]);
    expect(tower.cursor!.id).toBe(chain.chain.at(-1)!.block.id);
  });

  it('keeps an alert pending in its new block, raised once, when the replacing chain packs the same transaction', async () => {
    const { tower, events } = await open();
    await tower.poll();
    const tx = send(5n);
    chain.mine([tx]);
    await tower.poll();
    chain.cutFrom(1);
    chain.mine([], [], 1, 'fork');
    const moved = chain.mine([tx], [], 1, 'fork');
    await tower.poll();
    expect(alertsOf(events)).toHaveLength(1);
    expect(ofType(events, 'retracted')).toEqual([]);
    expect(tower.pendingAlerts()).toMatchObject([{ txid: tx.txID, block: { number: 2, id: moved.id } }]);

    chain.solid = 2;
    await tower.poll();
    expect(ofType(events, 'confirmed')).toMatchObject([{ txid: tx.txID, block: { number: 2, id: moved.id } }]);
  });

  it('notices a head block replaced at the same height before any new block arrives', async () => {
    const { tower, events } = await open();
    await tower.poll();
    chain.mine([send(9n)]);
    await tower.poll();
    chain.cutFrom(1);
    chain.mine([], [], 1, 'fork');
    await tower.poll();
    expect(ofType(events, 'retracted')).toHaveLength(1);
  });

  it('stops with WATCH_CHAIN_MISMATCH when a block it scanned below the solidified one is gone', async () => {
    const { tower } = await open();
    await tower.poll();
    chain.mine([], [], 10);
    chain.solid = 8;
    await tower.poll();
    chain.cutFrom(3);
    chain.mine([], [], 10, 'other');
    const error = await tower.poll().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WatchError);
    expect((error as WatchError).code).toBe('WATCH_CHAIN_MISMATCH');
  });

  it('refuses a node on another chain than the state file watches', async () => {
    const first = await open();
    await first.tower.poll();
    chain.genesisSalt = 'another network';
    const second = await open();
    const error = await second.tower.poll().catch((e: unknown) => e);
    expect((error as WatchError).code).toBe('WATCH_WRONG_NETWORK');
  });
});

describe('catching up from the persisted cursor', () => {
  it('resumes after a restart: every alert of the missed blocks once, none again, with progress', async () => {
    const first = await open();
    await first.tower.poll();
    const before = send(1n);
    chain.mine([before]);
    await first.tower.poll();
    expect(alertsOf(first.events)).toHaveLength(1);

    // Stopped: 250 blocks pass, three of them with transfers.
    const missed = [send(2n), send(3n), send(4n)];
    chain.mine([missed[0]!], [], 100);
    chain.mine([missed[1]!], [], 100);
    chain.mine([missed[2]!], [], 50);
    const progress: CatchUpProgress[] = [];
    const second = await open({ batchBlocks: 40, onProgress: (p) => progress.push(p) });
    await second.tower.poll();
    expect(alertsOf(second.events).map((a) => a.txid)).toEqual(missed.map((t) => t.txID));
    expect(progress[0]!.text).toBe(`catching up: block 1 of ${chain.headNumber}`);
    expect(progress.at(-1)).toEqual({
      block: chain.headNumber,
      head: chain.headNumber,
      text: `catching up: block ${chain.headNumber} of ${chain.headNumber}`,
    });
    expect(progress.length).toBe(Math.ceil(250 / 40) + 1);

    const third = await open();
    await third.tower.poll();
    expect(third.events).toEqual([]);
  });

  it('writes the progress in thousands as people read block numbers', async () => {
    chain.mine([], [], 2_345);
    const progress: string[] = [];
    const { tower } = await open({ startAt: 1, onProgress: (p) => progress.push(p.text) });
    await tower.poll();
    expect(progress[0]).toBe('catching up: block 0 of 2,345');
    expect(progress.at(-1)).toBe('catching up: block 2,345 of 2,345');
  });
});

describe('watch gaps', () => {
  it('opens a gap when the node goes away, gives its range when it returns and fills it', async () => {
    const { tower, events } = await open();
    chain.mine([], [], 4);
    await tower.poll();
    chain.offline = true;
    await expect(tower.poll()).rejects.toBeInstanceOf(NetworkError);
    await expect(tower.poll()).rejects.toBeInstanceOf(NetworkError);
    expect(ofType(events, 'gap-opened')).toMatchObject([{ gap: { from: 5 } }]);
    expect(tower.gaps()).toMatchObject([{ from: 5 }]);

    const during = send(3n);
    chain.mine([during], [], 6);
    chain.offline = false;
    await tower.poll();
    expect(ofType(events, 'gap-closed')).toMatchObject([{ gap: { from: 5, to: 10 } }]);
    expect(ofType(events, 'gap-filled')).toMatchObject([{ gap: { from: 5, to: 10 } }]);
    expect(alertsOf(events).map((a) => a.txid)).toEqual([during.txID]);
    expect(tower.gaps()[0]!.filledAt).toBeDefined();
    // One gap for the whole outage, not one per failed poll.
    expect(ofType(events, 'gap-opened')).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('hands each consumer every event in order and keeps events until all consumers took them', async () => {
    const { tower } = await open({ consumers: ['stdout', 'webhook'] });
    await tower.poll();
    chain.mine([send(1n)]);
    chain.mine([send(2n)]);
    await tower.poll();
    const stdout = tower.eventsFor('stdout');
    expect(stdout.map((e) => e.seq)).toEqual([1, 2]);
    await tower.ack('stdout', 2);
    expect(tower.eventsFor('stdout')).toEqual([]);
    expect(tower.eventsFor('webhook').map((e) => e.seq)).toEqual([1, 2]);

    // A restart keeps what the webhook has not taken.
    const reopened = await open({ consumers: ['stdout', 'webhook'] });
    expect(reopened.tower.eventsFor('webhook').map((e: NumberedEvent) => e.seq)).toEqual([1, 2]);
    await reopened.tower.ack('webhook', 1);
    expect(reopened.tower.eventsFor('webhook').map((e) => e.seq)).toEqual([2]);
    const state = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8'));
    expect(state.outbox.events.map((e: NumberedEvent) => e.seq)).toEqual([2]);
  });

  it('refuses a state file it did not write and leaves it as it is', async () => {
    await writeFile(join(dir, 'state.json'), '{"format":"tron-watchtower-state","version":1,"cursor":');
    await expect(open()).rejects.toMatchObject({ code: 'WATCH_STATE_CORRUPT' });
    expect(await readFile(join(dir, 'state.json'), 'utf8')).toBe(
      '{"format":"tron-watchtower-state","version":1,"cursor":',
    );
  });
});

describe('envelopes and floors', () => {
  it('reports our envelope broadcast by someone else, and not one we broadcast', async () => {
    const theirs = send(10n);
    const ours = send(11n);
    list = {
      ...list,
      accounts: [],
      envelopes: [
        { txid: theirs.txID as TxId, owner: treasury.hex, expiration: GENESIS_TIME + 3_600_000, broadcastByUs: false },
        { txid: ours.txID as TxId, owner: treasury.hex, expiration: GENESIS_TIME + 3_600_000, broadcastByUs: true },
      ],
    };
    const { tower, events } = await open();
    await tower.poll();
    chain.mine([theirs, ours]);
    await tower.poll();
    expect(alertsOf(events).map((a) => [a.rule, a.txid])).toEqual([['envelope-broadcast-elsewhere', theirs.txID]]);
  });

  it('reports an envelope that expired unsigned once, and not one packed before watching began', async () => {
    const unsigned = send(12n);
    const packedBefore = send(13n);
    chain.packedEarlier.add(packedBefore.txID);
    const expiration = GENESIS_TIME + 3 * 3000;
    list = {
      ...list,
      envelopes: [unsigned, packedBefore].map((t) => ({
        txid: t.txID as TxId,
        owner: treasury.hex,
        expiration,
        broadcastByUs: false,
      })),
    };
    const { tower, events } = await open();
    await tower.poll();
    chain.mine([], [], 2);
    await tower.poll();
    expect(alertsOf(events)).toEqual([]);
    chain.mine([], [], 3);
    await tower.poll();
    chain.mine([], [], 3);
    await tower.poll();
    const expired = alertsOf(events).filter((a) => a.rule === 'envelope-expired');
    expect(expired.map((a) => [a.txid, a.block.number])).toEqual([[unsigned.txID, 3]]);
  });

  it('reports a balance below its floor once, anchored to the transaction that touched the account', async () => {
    const rules = defaultRules();
    list = {
      ...list,
      accounts: [
        { ...list.accounts[0]!, rules: { ...rules, balanceFloor: { ...rules.balanceFloor, trxSun: 100_000_000n } } },
      ],
    };
    const { tower, events } = await open();
    await tower.poll();
    expect(alertsOf(events)).toEqual([]);

    const drain = send(9_950_000_000n);
    chain.accounts.set(treasury.hex, { balance: 50_000_000n });
    const block = chain.mine([drain]);
    await tower.poll();
    const floor = alertsOf(events).filter((a) => a.rule === 'balance-floor');
    expect(floor).toMatchObject([
      {
        txid: drain.txID,
        block: { number: block.number },
        details: { asset: 'TRX', balance: '50000000', floor: '100000000' },
        title: 'The TRX balance of Treasury is 50 TRX, below the floor of 100 TRX set for it.',
      },
    ]);

    chain.mine([send(1n)]);
    await tower.poll();
    expect(alertsOf(events).filter((a) => a.rule === 'balance-floor')).toHaveLength(1);
  });

  it('keeps no floor nobody set: an empty account raises nothing and no balance is read', async () => {
    const fresh = testKey();
    list = {
      ...list,
      accounts: [...list.accounts, { address: fresh.hex, label: 'New signer key', rules: defaultRules() }],
    };
    const { tower, events } = await open();
    await tower.poll();
    chain.accounts.set(treasury.hex, { balance: 1n });
    chain.mine([send(9_999_999_999n)]);
    chain.reads.length = 0;
    await tower.poll();
    expect(alertsOf(events).filter((a) => a.rule === 'balance-floor')).toEqual([]);
    expect(chain.reads.filter((r) => r.startsWith('account'))).toEqual([]);
  });
});
