import { describe, expect, it } from 'vitest';
import { FORK_PREFIX } from '@main/node/fork/fork-backend';
import { genesisProperties } from '@main/node/chain/genesis';
import { StateView } from '@main/node/state/view';
import type { Store } from '@main/node/store/store';
import { withChainParameters } from '@core/chain/parameters';
import { newKey } from '../helpers';
import { GENESIS_TS, open, Script, tempStores, upstreamAccount } from './helpers';

/**
 * The fork's state backend over a scripted upstream: what is fetched, when, and what is kept in
 * the data directory. The script answers java-tron JSON made by this node's own formatters.
 */
async function fetchedRows(store: Store): Promise<string[]> {
  const out: string[] = [];
  for await (const k of store.scanKeys(Uint8Array.of(FORK_PREFIX.fetched)))
    out.push(new TextDecoder().decode(k.subarray(1)));
  return out.filter((k) => !k.startsWith('#'));
}

describe('ForkStateBackend', () => {
  const freshStore = tempStores();

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
});
