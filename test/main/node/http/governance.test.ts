import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { startNode, type Key, type Reply } from '../helpers';
import { b, call, fundedKey, send, TRX } from '../staking/helpers';

/**
 * listnodes (a node without peers: java-tron's empty NodeList) and getpaginatednowwitnesslist
 * (Wallet.getPaginatedNowWitnessList: the votes cast since the last maintenance already counted).
 */
describe('listnodes and getpaginatednowwitnesslist', () => {
  let node: TronNode;
  let voter: Key;
  let cand: Key;
  let genesis: string[];

  beforeAll(async () => {
    node = await startNode({ witnessCount: 2 });
    genesis = [...node.chain.props.activeWitnesses];
    voter = fundedKey(node, 0);
    cand = fundedKey(node, 1);
    await send(node, b.witnessCreateContract({ owner: cand.hex, url: 'https://cand.example' }), cand);
    await send(node, b.freezeBalanceV2Contract({ owner: voter.hex, amount: 500n * TRX }), voter);
    await node.mine(1);
    await send(node, b.voteWitnessContract({ owner: voter.hex, votes: [{ witness: cand.hex, count: 500n }] }), voter);
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('listnodes answers {} on GET and POST', async () => {
    expect((await call(node, '/wallet/listnodes')).text).toBe('{}\n');
    expect((await call(node, '/wallet/listnodes', {})).json).toEqual({});
  });

  it('ranks the candidate first by the votes not yet counted, while listwitnesses still shows 0', async () => {
    const page = (await call(node, '/wallet/getpaginatednowwitnesslist', { offset: 0, limit: 10 })).json;
    const witnesses = page.witnesses as Reply[];
    expect(witnesses[0]).toMatchObject({ address: cand.hex, voteCount: 500 });
    expect(
      witnesses
        .slice(1)
        .map((w) => w.address)
        .sort(),
    ).toEqual([...genesis].sort());
    const listed = ((await call(node, '/wallet/listwitnesses')).json.witnesses as Reply[]).find(
      (w) => w.address === cand.hex,
    );
    expect(listed?.voteCount).toBeUndefined();
    // Once the vote's block is solidified, /walletsolidity sees it too.
    await node.mine(3);
    expect((await call(node, '/walletsolidity/getpaginatednowwitnesslist', { offset: 0, limit: 1 })).json).toEqual({
      witnesses: [expect.objectContaining({ address: cand.hex, voteCount: 500 })],
    });
  });

  it('pages by offset and limit; {} for a limit ≤ 0, a negative offset or an offset past the end', async () => {
    const second = (await call(node, '/wallet/getpaginatednowwitnesslist?offset=1&limit=1')).json.witnesses as Reply[];
    expect(second).toHaveLength(1);
    expect(second[0]!.address).not.toBe(cand.hex);
    for (const body of [
      { offset: 0, limit: 0 },
      { offset: -1, limit: 5 },
      { offset: 3, limit: 5 },
    ])
      expect((await call(node, '/wallet/getpaginatednowwitnesslist', body)).json).toEqual({});
    expect((await call(node, '/wallet/getpaginatednowwitnesslist?limit=1')).json).toEqual({
      Error: 'class java.lang.NumberFormatException : null',
    });
    const visible = (await call(node, '/wallet/getpaginatednowwitnesslist', { offset: 0, limit: 1, visible: true }))
      .json.witnesses as Reply[];
    expect(visible[0]!.address).toMatch(/^T/);
  });
});
