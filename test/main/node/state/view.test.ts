import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { decodeRecord, encodeRecord } from '@main/node/state/records';
import { fundedKey, startNode } from '../helpers';

/** StateView journals: nested savepoints over accounts, witnesses, keyed records, names and totals. */
describe('StateView savepoints', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
  });
  afterAll(async () => node?.stop());

  it('an inner rollback keeps the outer changes; an outer rollback undoes both', () => {
    const view = node.chain.newView();
    const a = fundedKey(node, 0).hex;
    const genesis = node.chain.props.genesisWitnesses[0]!;
    const start = view.getAccount(a)!.balance;
    view.begin();
    view.mutableAccount(a)!.balance -= 1n;
    view.putRecord('votes', a, { old: [], new: [] });
    view.mutable.totalNetWeight += 5n;
    view.begin();
    view.mutableAccount(a)!.balance -= 10n;
    view.mutableWitness(genesis)!.voteCount = 99n;
    view.putRecord('votes', a, undefined);
    view.setName('6e616d65', a);
    view.mutable.totalNetWeight += 7n;
    view.rollback();
    expect(view.getAccount(a)!.balance).toBe(start - 1n);
    expect(view.getWitness(genesis)!.voteCount).toBe(0n);
    expect(view.getRecord('votes', a)).toEqual({ old: [], new: [] });
    expect(view.nameOwner('6e616d65')).toBeUndefined();
    expect(view.mutable.totalNetWeight).toBe(5n);
    view.begin();
    view.mutableAccount(a)!.balance -= 100n;
    view.commitTx();
    expect(view.getAccount(a)!.balance).toBe(start - 101n);
    view.rollback();
    expect(view.getAccount(a)!.balance).toBe(start);
    expect(view.getRecord('votes', a)).toBeUndefined();
    expect([...view.recordKeys('votes')]).toEqual([]);
    expect(view.mutable.totalNetWeight).toBe(0n);
    expect(node.chain.state.getAccount(a)!.balance).toBe(start);
  });

  it('answers a query with its own changes first, then its base', () => {
    const view = node.chain.newView();
    const [a, b] = [fundedKey(node, 0).hex, fundedKey(node, 1).hex];
    const start = view.peekAccount(a)!.balance;
    view.mutableAccount(a)!.balance -= 3n;
    expect(view.peekAccount(a)!.balance).toBe(start - 3n);
    expect(view.peekAccount(b)).toEqual(view.getAccount(b));
    expect(view.peekAccount('41' + '00'.repeat(20))).toBeUndefined();
  });

  it('stores records as JSON with bigints and bytes intact', () => {
    const value = { n: 2n ** 70n, b: Uint8Array.of(0x41, 0xff), list: [{ x: 1n }], s: 'text' };
    expect(decodeRecord(encodeRecord(value))).toEqual(value);
  });
});
