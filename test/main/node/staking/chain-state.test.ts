import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { createNode, type TronNode } from '../../../../src-main/node';
import { protocol } from '../../../../src-core/proto/runtime';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';
import { recoverAddress } from '../../../../src-core/keys/keys';
import { newKey, startNode, transfer } from '../helpers';
import { advance, b, build, call, fundedKey, send, TRX } from './helpers';

/**
 * Staking state across restarts and for /walletsolidity, and who signs blocks: the key of a
 * representative's witness permission (java-tron `localwitness` / `localWitnessAccountAddress`);
 * slots of a representative whose key this node lacks are missed.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Signer of a stored block: recovered from witness_signature over sha256(BlockHeader.raw). */
async function blockSigner(node: TronNode, number: number): Promise<{ witness: string; signer: string }> {
  const block = protocol.Block.decode((await node.chain.blockBytes(number))!) as unknown as { block_header: { raw_data: Record<string, unknown>; witness_signature: Uint8Array } };
  const raw = protocol.BlockHeader.raw.encode(block.block_header.raw_data as protocol.BlockHeader.Iraw).finish();
  return { witness: bytesToHex(block.block_header.raw_data.witness_address as Uint8Array), signer: recoverAddress(sha256(raw), block.block_header.witness_signature) };
}

describe('staking state of the chain', () => {
  it('survives a restart: stake, delegations, pending votes, tokens and the token counter', async () => {
    const datadir = await mkdtemp(join(tmpdir(), 'node-stake-'));
    dirs.push(datadir);
    const first = await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0, witnessCount: 1 });
    const [a, bob, cand] = [fundedKey(first, 0), fundedKey(first, 1), fundedKey(first, 2)];
    const token = (node: TronNode, owner: string, name: string) => {
      const start = node.head().timestamp + 60_000;
      return b.assetIssueContract({ owner, name, abbr: 'X', totalSupply: 10n, precision: 0, trxNum: 1, num: 1, startTime: start, endTime: start + 1000, url: 'https://x.example' });
    };
    await send(first, b.witnessCreateContract({ owner: cand.hex, url: 'https://c.example' }), cand);
    await send(first, b.freezeBalanceV2Contract({ owner: a.hex, amount: 100n * TRX, resource: 'ENERGY' }), a);
    await send(first, token(first, a.hex, 'One'), a);
    await first.mine(1);
    await send(first, b.delegateResourceContract({ owner: a.hex, receiver: bob.hex, amount: 30n * TRX, resource: 'ENERGY', lock: true }), a);
    await send(first, b.voteWitnessContract({ owner: a.hex, votes: [{ witness: cand.hex, count: 100n }] }), a);
    await first.mine(1);
    const snapshot = async (node: TronNode) => ({
      account: (await call(node, '/wallet/getaccount', { address: a.hex })).json,
      resource: (await call(node, '/wallet/getaccountresource', { address: bob.hex })).json,
      delegated: await build(node, 'getdelegatedresourcev2', { fromAddress: a.hex, toAddress: bob.hex }),
      token: await build(node, 'getassetissuebyid', { value: '1000001' }),
      witnesses: await build(node, 'listwitnesses', {}),
    });
    const before = await snapshot(first);
    await first.stop();
    const second = await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0, witnessCount: 1 });
    try {
      expect(await snapshot(second)).toEqual(before);
      // The pending votes are counted at the next maintenance, after the restart.
      await advance(second, 6 * 3600);
      expect(second.chain.witnesses.get(cand.hex)!.voteCount).toBe(100n);
      await send(second, token(second, bob.hex, 'Two'), bob);
      await second.mine(1);
      expect((await build(second, 'getassetissuebyid', { value: '1000002' })).owner_address).toBe(bob.hex);
    } finally {
      await second.stop();
    }
  });

  it('serves /walletsolidity reads from the solidified block', async () => {
    const node = await startNode();
    try {
      const [a, bob] = [fundedKey(node, 0), fundedKey(node, 1)];
      await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 10n * TRX }), a);
      await node.mine(1);
      await send(node, b.delegateResourceContract({ owner: a.hex, receiver: bob.hex, amount: 5n * TRX }), a);
      await node.mine(1);
      const body = { fromAddress: a.hex, toAddress: bob.hex };
      const head = (await call(node, '/wallet/getdelegatedresourcev2', body)).json;
      expect(head.delegatedResource).toHaveLength(1);
      // 27 representatives: the solidified block trails the head by 18 blocks.
      expect((await call(node, '/walletsolidity/getdelegatedresourcev2', body)).json).toEqual({});
      expect((await call(node, '/walletsolidity/getavailableunfreezecount', { owner_address: a.hex })).json).toEqual({ count: 32 });
      await node.mine(20);
      expect((await call(node, '/walletsolidity/getdelegatedresourcev2', body)).json).toEqual(head);
    } finally {
      await node.stop();
    }
  });

  it('an elected operator produces blocks signed by its witness-permission key; a keyless one misses its slots', async () => {
    const operator = newKey();
    const witnessKey = newKey();
    const keyless = newKey();
    const node = await startNode({ witnessCount: 1, dev: false, localWitness: [bytesToHex(witnessKey.key)], localWitnessAccountAddress: operator.hex });
    try {
      const [funder, voter] = [fundedKey(node, 0), fundedKey(node, 1)];
      await send(node, transfer(funder, operator, 20_000n * TRX), funder);
      await send(node, transfer(funder, keyless, 20_000n * TRX), funder);
      await node.mine(1);
      await send(node, b.witnessCreateContract({ owner: operator.hex, url: 'https://op.example' }), operator);
      await send(node, b.witnessCreateContract({ owner: keyless.hex, url: 'https://nokey.example' }), keyless);
      await send(node, b.freezeBalanceV2Contract({ owner: voter.hex, amount: 300n * TRX }), voter);
      await node.mine(1);
      const self = { address: operator.hex, weight: 1n };
      await send(node, b.accountPermissionUpdateContract({
        owner: operator.hex,
        ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [self] },
        witness: { type: 'Witness', permission_name: 'witness', threshold: 1, keys: [{ address: witnessKey.hex, weight: 1n }] },
        actives: [{ type: 'Active', permission_name: 'active', threshold: 1, operations: '7fff1fc0033efb0f' + '00'.repeat(24), keys: [self] }],
      }), operator);
      await send(node, b.voteWitnessContract({ owner: voter.hex, votes: [{ witness: operator.hex, count: 200n }, { witness: keyless.hex, count: 100n }] }), voter);
      await node.mine(1);
      await advance(node, 6 * 3600);
      const genesis = node.chain.props.genesisWitnesses[0]!;
      expect(node.chain.props.activeWitnesses).toEqual([operator.hex, keyless.hex, genesis]);
      const from = node.head().number + 1;
      await node.mine(9);
      const signers = await Promise.all(Array.from({ length: 9 }, (_, i) => blockSigner(node, from + i)));
      const byOperator = signers.filter((s) => s.witness === operator.hex);
      expect(byOperator.length).toBeGreaterThan(0);
      for (const s of byOperator) expect(s.signer).toBe(witnessKey.hex);
      for (const s of signers.filter((x) => x.witness === genesis)) expect(s.signer).toBe(genesis);
      // The keyless candidate never produced; its slots count as missed.
      expect(signers.some((s) => s.witness === keyless.hex)).toBe(false);
      expect(node.chain.witnesses.get(keyless.hex)!.totalMissed).toBeGreaterThan(0);
      expect(bytesToHex(hexToBytes(operator.hex))).toBe(node.config.localWitnessAccountAddress);
    } finally {
      await node.stop();
    }
  });

  it('refuses a localWitnessAccountAddress without exactly one localwitness key', async () => {
    await expect(startNode({ localWitnessAccountAddress: newKey().hex })).rejects.toThrow('localWitnessAccountAddress needs exactly one localwitness key');
    await expect(startNode({ localWitness: ['12'] })).rejects.toThrow('Each localwitness key must be a private key of 64 hex characters.');
  });
});
