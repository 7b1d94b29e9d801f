import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { createNode, type TronNode } from '@main/node';
import { protocol } from '@core/proto/runtime';
import { bytesToHex } from '@core/bytes/hex';
import { recoverAddress } from '@core/keys/keys';
import { newKey, startNode, transfer, type Key } from '../helpers';
import { toBase58Address } from '@core/address/address';
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
  const block = protocol.Block.decode((await node.chain.blockBytes(number))!) as unknown as {
    block_header: { raw_data: Record<string, unknown>; witness_signature: Uint8Array };
  };
  const raw = protocol.BlockHeader.raw.encode(block.block_header.raw_data as protocol.BlockHeader.Iraw).finish();
  return {
    witness: bytesToHex(block.block_header.raw_data.witness_address as Uint8Array),
    signer: recoverAddress(sha256(raw), block.block_header.witness_signature),
  };
}

/** An address as the node's log lines show it: base58, then hex. */
const shown = (hex: string): string => `${toBase58Address(hex)} (${hex})`;

/** The signers of the next `count` blocks, mined now. */
async function mineAndRead(node: TronNode, count: number): Promise<{ witness: string; signer: string }[]> {
  const from = node.head().number + 1;
  await node.mine(count);
  return Promise.all(Array.from({ length: count }, (_, i) => blockSigner(node, from + i)));
}

/** Funds each key with 20,000 TRX (WitnessCreate 9,999 TRX, a permission update 100 TRX) and makes it a candidate. */
async function makeCandidates(node: TronNode, keys: readonly Key[]): Promise<void> {
  const funder = fundedKey(node, 0);
  for (const k of keys) await send(node, transfer(funder, k, 20_000n * TRX), funder);
  await node.mine(1);
  for (const k of keys) await send(node, b.witnessCreateContract({ owner: k.hex, url: `https://${k.hex}.example` }), k);
  await node.mine(1);
}

/** Gives `operator` a witness permission naming `witnessKey` (owner and active stay its own key). */
async function setWitnessPermission(node: TronNode, operator: Key, witnessKey: Key): Promise<void> {
  const self = { address: operator.hex, weight: 1n };
  await send(
    node,
    b.accountPermissionUpdateContract({
      owner: operator.hex,
      ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: [self] },
      witness: {
        type: 'Witness',
        permission_name: 'witness',
        threshold: 1,
        keys: [{ address: witnessKey.hex, weight: 1n }],
      },
      actives: [
        {
          type: 'Active',
          permission_name: 'active',
          threshold: 1,
          operations: '7fff1fc0033efb0f' + '00'.repeat(24),
          keys: [self],
        },
      ],
    }),
    operator,
  );
  await node.mine(1);
  expect(node.chain.state.getAccount(operator.hex)!.witnessPermission!.keys.map((k) => k.addressHex)).toEqual([
    witnessKey.hex,
  ]);
}

/** Funded account 1 stakes 300 TRX, votes `votes`, and a maintenance period passes. */
async function elect(node: TronNode, votes: readonly (readonly [Key, bigint])[]): Promise<void> {
  const voter = fundedKey(node, 1);
  await send(node, b.freezeBalanceV2Contract({ owner: voter.hex, amount: 300n * TRX }), voter);
  await node.mine(1);
  await send(
    node,
    b.voteWitnessContract({ owner: voter.hex, votes: votes.map(([k, count]) => ({ witness: k.hex, count })) }),
    voter,
  );
  await node.mine(1);
  await advance(node, 6 * 3600);
}

describe('staking state of the chain', () => {
  it('survives a restart: stake, delegations, pending votes, tokens and the token counter', async () => {
    const datadir = await mkdtemp(join(tmpdir(), 'node-stake-'));
    dirs.push(datadir);
    const first = await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0, witnessCount: 1 });
    const [a, bob, cand] = [fundedKey(first, 0), fundedKey(first, 1), fundedKey(first, 2)];
    const token = (node: TronNode, owner: string, name: string) => {
      const start = node.head().timestamp + 60_000;
      return b.assetIssueContract({
        owner,
        name,
        abbr: 'X',
        totalSupply: 10n,
        precision: 0,
        trxNum: 1,
        num: 1,
        startTime: start,
        endTime: start + 1000,
        url: 'https://x.example',
      });
    };
    await send(first, b.witnessCreateContract({ owner: cand.hex, url: 'https://c.example' }), cand);
    await send(first, b.freezeBalanceV2Contract({ owner: a.hex, amount: 100n * TRX, resource: 'ENERGY' }), a);
    await send(first, token(first, a.hex, 'One'), a);
    await first.mine(1);
    await send(
      first,
      b.delegateResourceContract({
        owner: a.hex,
        receiver: bob.hex,
        amount: 30n * TRX,
        resource: 'ENERGY',
        lock: true,
      }),
      a,
    );
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
      expect(second.chain.state.getWitness(cand.hex)!.voteCount).toBe(100n);
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
      expect((await call(node, '/walletsolidity/getavailableunfreezecount', { owner_address: a.hex })).json).toEqual({
        count: 32,
      });
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
    const lines: string[] = [];
    const node = await startNode({
      witnessCount: 1,
      dev: false,
      localWitness: [bytesToHex(witnessKey.key)],
      localWitnessAccountAddress: operator.hex,
      log: (l) => lines.push(l),
    });
    try {
      await makeCandidates(node, [operator, keyless]);
      await setWitnessPermission(node, operator, witnessKey);
      await elect(node, [
        [operator, 200n],
        [keyless, 100n],
      ]);
      const genesis = node.chain.props.genesisWitnesses[0]!;
      expect(node.chain.props.activeWitnesses).toEqual([operator.hex, keyless.hex, genesis]);
      const signers = await mineAndRead(node, 9);
      // Slots cycle operator, keyless, genesis; keyless slots are skipped, so blocks alternate operator / genesis.
      expect(new Set(signers.map((s) => s.witness))).toEqual(new Set([operator.hex, genesis]));
      const byOperator = signers.filter((s) => s.witness === operator.hex);
      expect(byOperator.length).toBeGreaterThanOrEqual(4);
      for (const s of byOperator) expect(s.signer).toBe(witnessKey.hex);
      for (const s of signers.filter((x) => x.witness === genesis)) expect(s.signer).toBe(genesis);
      // The keyless candidate never produced; its slots count as missed. Not ours to produce for: nothing logged.
      expect(node.chain.state.getWitness(keyless.hex)!.totalMissed).toBeGreaterThan(0);
      expect(node.config.localWitnessAccountAddress).toBe(operator.hex);
      expect(lines.filter((l) => l.startsWith('Not producing'))).toEqual([]);
    } finally {
      await node.stop();
    }
  });

  it('with localWitnessAccountAddress empty, a witness-permission key produces nothing for the operator account and the log says why, once', async () => {
    const operator = newKey();
    const witnessKey = newKey();
    const lines: string[] = [];
    const node = await startNode({
      witnessCount: 1,
      dev: false,
      localWitness: [bytesToHex(witnessKey.key)],
      log: (l) => lines.push(l),
    });
    try {
      await makeCandidates(node, [operator]);
      await setWitnessPermission(node, operator, witnessKey);
      await elect(node, [[operator, 200n]]);
      const genesis = node.chain.props.genesisWitnesses[0]!;
      expect(node.chain.props.activeWitnesses).toEqual([operator.hex, genesis]);
      const signers = await mineAndRead(node, 6);
      // Empty address: the key produces for its own account (not a representative), never for the operator.
      expect(signers.every((s) => s.witness === genesis && s.signer === genesis)).toBe(true);
      expect(node.chain.state.getWitness(operator.hex)!.totalMissed).toBeGreaterThanOrEqual(5);
      const reasons = lines.filter((l) => l.startsWith('Not producing'));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(`representative ${shown(operator.hex)}`);
      expect(reasons[0]).toContain(`its witness permission names ${shown(witnessKey.hex)}`);
      expect(reasons[0]).toContain(
        'localWitnessAccountAddress is empty, so the localwitness key produces only for its own account',
      );
      expect(reasons[0]).toContain(`Set localWitnessAccountAddress to ${shown(operator.hex)}`);
    } finally {
      await node.stop();
    }
  });

  it('with localWitnessAccountAddress naming another account, the elected operator whose witness permission names the key produces nothing', async () => {
    const operator = newKey();
    const witnessKey = newKey();
    const unrelated = newKey();
    const lines: string[] = [];
    const node = await startNode({
      witnessCount: 1,
      dev: false,
      localWitness: [bytesToHex(witnessKey.key)],
      localWitnessAccountAddress: unrelated.hex,
      log: (l) => lines.push(l),
    });
    try {
      await makeCandidates(node, [operator]);
      await setWitnessPermission(node, operator, witnessKey);
      await elect(node, [[operator, 200n]]);
      const genesis = node.chain.props.genesisWitnesses[0]!;
      const signers = await mineAndRead(node, 6);
      expect(signers.map((s) => s.witness)).toEqual(Array(6).fill(genesis));
      expect(node.chain.state.getWitness(operator.hex)!.totalMissed).toBeGreaterThanOrEqual(5);
      const reasons = lines.filter((l) => l.startsWith('Not producing'));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(`representative ${shown(operator.hex)}`);
      expect(reasons[0]).toContain(`localWitnessAccountAddress is ${shown(unrelated.hex)}`);
    } finally {
      await node.stop();
    }
  });

  it('the configured operator produces nothing while its witness permission names another key (logged once), then signs with the key once the permission names it', async () => {
    const operator = newKey();
    const witnessKey = newKey();
    const lines: string[] = [];
    const node = await startNode({
      witnessCount: 1,
      dev: false,
      localWitness: [bytesToHex(witnessKey.key)],
      localWitnessAccountAddress: operator.hex,
      log: (l) => lines.push(l),
    });
    try {
      // WitnessCreate gives the operator the default witness permission: its own address.
      await makeCandidates(node, [operator]);
      await elect(node, [[operator, 200n]]);
      const genesis = node.chain.props.genesisWitnesses[0]!;
      expect((await mineAndRead(node, 4)).map((s) => s.witness)).toEqual(Array(4).fill(genesis));
      const reasons = lines.filter((l) => l.startsWith('Not producing'));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(
        `representative ${shown(operator.hex)}: its witness permission names ${shown(operator.hex)}`,
      );
      expect(reasons[0]).toContain(`the localwitness key configured for it is the key of ${shown(witnessKey.hex)}`);
      expect(reasons[0]).toContain('Witness permission is wrong.');

      await setWitnessPermission(node, operator, witnessKey);
      const signers = await mineAndRead(node, 6);
      const byOperator = signers.filter((s) => s.witness === operator.hex);
      expect(byOperator.length).toBeGreaterThanOrEqual(2);
      for (const s of byOperator) expect(s.signer).toBe(witnessKey.hex);
      expect(lines.filter((l) => l.startsWith('Not producing'))).toHaveLength(1);
    } finally {
      await node.stop();
    }
  });

  it('in dev mode a funded key produces only for its own account, not for a representative whose witness permission names it', async () => {
    const operator = newKey();
    const lines: string[] = [];
    const node = await startNode({ witnessCount: 1, log: (l) => lines.push(l) });
    try {
      const delegate = fundedKey(node, 5);
      await makeCandidates(node, [operator]);
      await setWitnessPermission(node, operator, delegate);
      await elect(node, [[operator, 200n]]);
      const genesis = node.chain.props.genesisWitnesses[0]!;
      expect((await mineAndRead(node, 4)).map((s) => s.witness)).toEqual(Array(4).fill(genesis));
      const reasons = lines.filter((l) => l.startsWith('Not producing'));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(`that dev funded account key produces only for ${shown(delegate.hex)}`);
    } finally {
      await node.stop();
    }
  });

  it('refuses a localWitnessAccountAddress without exactly one localwitness key', async () => {
    await expect(startNode({ localWitnessAccountAddress: newKey().hex })).rejects.toThrow(
      'localWitnessAccountAddress needs exactly one localwitness key',
    );
    await expect(startNode({ localWitness: ['12'] })).rejects.toThrow(
      'Each localwitness key must be a private key of 64 hex characters.',
    );
  });
});
