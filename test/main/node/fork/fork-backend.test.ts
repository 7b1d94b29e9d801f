import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../../src-core/bytes/hex';
import { messageToJson } from '../../../../src-core/proto/json-codec';
import { decodeHeader, sealBlock } from '../../../../src-main/node/chain/block';
import { blockJson } from '../../../../src-main/node/http/format';
import { ForkStateBackend, FORK_PREFIX } from '../../../../src-main/node/fork/fork-backend';
import { ForkPoint } from '../../../../src-main/node/fork/fork-point';
import type { UpstreamCall, UpstreamReader } from '../../../../src-main/node/fork/upstream';
import { ForkUpstreamError } from '../../../../src-main/node/errors';
import { accountToMessage, newAccount } from '../../../../src-main/node/state/account';
import { LevelStateBackend } from '../../../../src-main/node/state/level-backend';
import { genesisProperties } from '../../../../src-main/node/chain/genesis';
import { StateView } from '../../../../src-main/node/state/view';
import type { Store } from '../../../../src-main/node/store/store';
import { CONTRACT_RECORD_CODECS } from '../../../../src-main/node/vm-host/contract-records';
import { withChainParameters } from '../../../../src-core/chain/parameters';
import { newKey, tempStore } from '../helpers';

/**
 * The fork's state backend over a scripted upstream: what is fetched, when, and what is kept in
 * the data directory. The script answers java-tron JSON made by this node's own formatters.
 */
type Json = Record<string, unknown>;
const GENESIS_TS = 1_700_000_000_000;

function blockAt(number: number): Json {
  const block = sealBlock({
    number,
    timestamp: GENESIS_TS + number * 3000,
    parentHash: new Uint8Array(32),
    witnessAddress: number ? new Uint8Array(21).fill(0x41, 0, 1) : new Uint8Array(),
    transactions: [],
  });
  return blockJson(block.bytes, false);
}

class Script implements UpstreamReader {
  readonly url = 'http://upstream.test';
  readonly calls: UpstreamCall[] = [];
  readonly accounts = new Map<string, Json>();
  down = false;

  callSync(calls: readonly UpstreamCall[]): unknown[] {
    return calls.map((call) => {
      this.calls.push(call);
      if (this.down) throw new ForkUpstreamError(call.item, 'ECONNREFUSED');
      const body = call.body as Json;
      switch (call.path) {
        case '/wallet/getnowblock':
          return blockAt(100);
        case '/wallet/getblockbynum':
          return blockAt(Number(body.num));
        case '/wallet/getchainparameters':
          return { chainParameter: [{ key: 'getEnergyFee', value: 420 }, { key: 'getAllowMultiSign' }] };
        case '/wallet/getaccountresource':
          return { TotalEnergyWeight: 5, TotalNetWeight: 7 };
        case '/wallet/getnextmaintenancetime':
          return { num: GENESIS_TS + 400 * 3000 };
        case '/wallet/getaccount':
          return this.accounts.get(String(body.address)) ?? {};
        default:
          return {};
      }
    });
  }

  fail(item: string, cause: string): never {
    throw new ForkUpstreamError(item, cause);
  }

  items(): string[] {
    return this.calls.map((c) => c.item).filter((i) => !i.startsWith('the ') && !i.startsWith('upstream '));
  }
}

function upstreamAccount(hex: string, balance: bigint): Json {
  const account = newAccount(Uint8Array.from(Buffer.from(hex, 'hex')), {
    createTime: GENESIS_TS,
    activeOperations: new Uint8Array(32),
  });
  account.balance = balance;
  return messageToJson('protocol.Account', accountToMessage(account));
}

async function open(store: Store, script: Script): Promise<ForkStateBackend> {
  const local = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CONTRACT_RECORD_CODECS });
  const { point, ops } = await ForkPoint.open(store, script);
  if (ops.length) await store.write(ops);
  return ForkStateBackend.open(local, store, script, point, {
    extCodecs: CONTRACT_RECORD_CODECS,
    cacheBytes: 1 << 20,
    log: () => {},
  });
}

async function fetchedRows(store: Store): Promise<string[]> {
  const out: string[] = [];
  for await (const k of store.scanKeys(Uint8Array.of(FORK_PREFIX.fetched)))
    out.push(new TextDecoder().decode(k.subarray(1)));
  return out.filter((k) => !k.startsWith('#'));
}

describe('ForkStateBackend', () => {
  const disposers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const d of disposers.splice(0)) await d();
  });
  const freshStore = async (): Promise<Store> => {
    const { store, dispose } = await tempStore();
    disposers.push(dispose);
    return store;
  };

  it('fetches an account on first read only, and reads it back from the data directory after a restart', async () => {
    const store = await freshStore();
    const script = new Script();
    const alice = newKey().hex;
    script.accounts.set(alice, upstreamAccount(alice, 123_456n));
    const backend = await open(store, script);
    expect(backend.getAccount(alice)?.balance).toBe(123_456n);
    expect(backend.getAccount(alice)?.balance).toBe(123_456n);
    expect(script.items()).toEqual([`account ${alice}`]);
    await backend.flushed();
    expect(backend.report()).toEqual({ counts: { account: 1 }, readRange: { from: 100, to: 100 } });

    const again = new Script();
    const reopened = await open(store, again);
    expect(reopened.getAccount(alice)?.balance).toBe(123_456n);
    expect(again.calls).toEqual([]);
    expect(reopened.report().counts).toEqual({ account: 1 });
  });

  it('remembers that upstream has no such account, and asks nothing for contract records of a non-contract', async () => {
    const store = await freshStore();
    const script = new Script();
    const backend = await open(store, script);
    const nobody = newKey().hex;
    expect(backend.getAccount(nobody)).toBeUndefined();
    expect(backend.getExt(`C${nobody}`)).toBeUndefined();
    expect(backend.getExt(`S${nobody}${'00'.repeat(32)}`)).toBeUndefined();
    expect(backend.getAccount(nobody)).toBeUndefined();
    expect(script.items()).toEqual([`account ${nobody}`]);
  });

  it("answers the fork's own writes over upstream's, deletions included", async () => {
    const store = await freshStore();
    const script = new Script();
    const [kept, removed] = [newKey().hex, newKey().hex];
    script.accounts.set(kept, upstreamAccount(kept, 10n));
    script.accounts.set(removed, upstreamAccount(removed, 20n));
    const backend = await open(store, script);
    const props = genesisProperties({ chainParameters: withChainParameters({}) }, [], GENESIS_TS, '00'.repeat(32));
    const view = new StateView(backend, props);
    view.mutableAccount(kept)!.balance = 11n;
    view.deleteAccount(removed);
    const ops = backend.stage(view);
    // Until the batch is written, reads answer the state before it.
    expect(backend.getAccount(kept)?.balance).toBe(10n);
    await store.write(ops);
    backend.settle(true);
    expect(backend.getAccount(kept)?.balance).toBe(11n);
    expect(backend.getAccount(removed)).toBeUndefined();
    const reopened = await open(store, new Script());
    expect(reopened.getAccount(kept)?.balance).toBe(11n);
    expect(reopened.getAccount(removed)).toBeUndefined();
  });

  it('caches nothing of an item whose request failed, and fetches it once upstream answers', async () => {
    const store = await freshStore();
    const script = new Script();
    const alice = newKey().hex;
    script.accounts.set(alice, upstreamAccount(alice, 5n));
    const backend = await open(store, script);
    script.down = true;
    expect(() => backend.getAccount(alice)).toThrow(`could not read account ${alice}`);
    await backend.flushed();
    expect(await fetchedRows(store)).toEqual([]);
    script.down = false;
    expect(backend.getAccount(alice)?.balance).toBe(5n);
    await backend.flushed();
    expect(await fetchedRows(store)).toEqual([`a${alice}`]);
  });

  it('takes the chain parameters, totals and fork point from upstream, a listed parameter without a value as 0', async () => {
    const store = await freshStore();
    const { point } = await ForkPoint.open(store, new Script());
    expect(point.info).toMatchObject({
      number: 100,
      id: blockAt(100).blockID,
      genesisId: blockAt(0).blockID,
      genesisTimestamp: GENESIS_TS,
      parameters: { getEnergyFee: 420n, getAllowMultiSign: 0n },
      totalEnergyWeight: 5n,
      totalNetWeight: 7n,
    });
    // The fork point's block is kept as its header alone, which gives upstream's id back.
    expect(bytesToHex(decodeHeader(point.info.headBlock).id)).toBe(blockAt(100).blockID);
  });
});
