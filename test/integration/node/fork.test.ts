import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { createNode, type TronNode } from '../../../src-main/node';
import type { ForkConfig } from '../../../src-main/node/config';
import * as b from '../../../src-core/tx/builders';
import { ACTIVE_DEFAULT_OPERATIONS } from '../../../src-main/node/state/dynamic';
import { transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { signDigest } from '../../../src-core/keys/keys';
import { blockJson } from '../../../src-main/node/http/format';
import { jsonText } from '../../../src-main/node/http/server';
import { addressFromPrivateKey, privateKeyFromHex } from '../../../src-core/keys/keys';
import { deriveKeys, WITNESS_PATH } from '../../../src-main/node/genesis';
import {
  balanceOfData,
  buildUpstreamState,
  send,
  signedTx,
  spawnHeadlessNode,
  type Party,
  transferData,
  type ChildNode,
  type UpstreamScenario,
} from '../../fixtures/fork-upstream';

/**
 * Fork mode end to end, two nodes on loopback: A (a plain node with a TRC-20 and its holders, a
 * 2-of-3 multisig account, stake, a delegation and votes, approved fee proposals, a TronWeb-made
 * treasury and a TRC-10 token) runs as the headless node in a child
 * process; B forks it in this process and TronWeb reads both.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form replies
const TRX = 1_000_000n;

async function post(url: string, path: string, body: unknown = {}): Promise<Json> {
  const response = await fetch(url + path, { method: 'POST', body: JSON.stringify(body) });
  return (await response.json()) as Json;
}

interface TreasuryScenario {
  /** Owner 1-of-1, active 2-of-3 for operations 1, 2 and 31, set with TronWeb. */
  readonly treasury: string;
  /** Issued a TRC-10 token and sent some to `tokenHolder`. */
  readonly issuer: string;
  readonly tokenHolder: string;
}

const OPS_1_2_31 = '06000080' + '00'.repeat(28);

/**
 * Gives A a price history: ENERGY_FEE 150 and TRANSACTION_FEE 20, each proposed by one
 * representative and approved by all, decided at the maintenance after they expire.
 */
async function approveFeeProposals(node: TronNode, funder: Party): Promise<void> {
  const tronWeb = new TronWeb({ fullHost: node.url });
  const active = new Set(node.chain.props.activeWitnesses);
  const witnesses = deriveKeys(node.config.mnemonic, WITNESS_PATH, active.size).filter((k) => active.has(k.hex));
  const accept = async (tx: unknown, key: string): Promise<void> => {
    const reply = (await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx as never, key))) as Json;
    if (reply.result !== true) throw new Error(`node A refused: ${JSON.stringify(reply)}`);
  };
  // A representative signs with its account's owner permission: the account must exist.
  for (const w of witnesses)
    await accept(await tronWeb.transactionBuilder.sendTrx(w.hex, 10_000_000, funder.hex), bytesToHex(funder.key));
  await node.mine(1);
  const proposer = witnesses[0]!;
  // One parameter a proposal: TronWeb and the node order a two-entry parameter map differently.
  for (const [key, value] of [
    [11, 150],
    [3, 20],
  ] as const)
    await accept(
      await tronWeb.transactionBuilder.createProposal([{ key, value }], proposer.hex),
      bytesToHex(proposer.privateKey),
    );
  await node.mine(1);
  const ids = ((await tronWeb.trx.listProposals()) as Json[]).map((p) => p.proposal_id as number);
  for (const id of ids)
    for (const w of witnesses)
      await accept(await tronWeb.transactionBuilder.voteProposal(id, true, w.hex), bytesToHex(w.privateKey));
  await node.mine(1);
  const expiration = ((await tronWeb.trx.getProposal(ids[0]!)) as Json).expiration_time as number;
  node.advanceTime((expiration - node.head().timestamp) / 1000 + 3);
  await node.mine(1);
  node.advanceTime(Number(node.chain.props.parameters.getMaintenanceTimeInterval) / 1000);
  await node.mine(1);
  for (const id of ids)
    if (((await tronWeb.trx.getProposal(id)) as Json).state !== 'APPROVED')
      throw new Error(`node A did not approve proposal ${id}`);
}

/** Adds fee proposals, a TronWeb-made multisig treasury and a TRC-10 token with a holder to A's data directory. */
async function addTreasuryAndToken(datadir: string, funder: Party, holder: Party): Promise<TreasuryScenario> {
  const node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0, datadir });
  try {
    await approveFeeProposals(node, funder);
    const tronWeb = new TronWeb({ fullHost: node.url });
    const treasuryKey = privateKeyFromHex('6'.repeat(64));
    const treasury = addressFromPrivateKey(treasuryKey);
    const issuerKey = privateKeyFromHex('8'.repeat(64));
    const issuer = addressFromPrivateKey(issuerKey);
    const cosigners = ['a', 'b', 'c'].map((d) => addressFromPrivateKey(privateKeyFromHex(d.repeat(64))));
    const sendSigned = async (tx: unknown, key: Uint8Array | string): Promise<void> => {
      const signed = await tronWeb.trx.sign(tx as never, typeof key === 'string' ? key : bytesToHex(key));
      const reply = (await tronWeb.trx.sendRawTransaction(signed)) as Json;
      if (reply.result !== true) throw new Error(`node A refused: ${JSON.stringify(reply)}`);
      await node.mine(1);
    };
    for (const to of [treasury, issuer])
      await sendSigned(await tronWeb.transactionBuilder.sendTrx(to, Number(5_000n * TRX), funder.hex), funder.key);
    await sendSigned(
      await tronWeb.transactionBuilder.updateAccountPermissions(
        treasury,
        { type: 0, permission_name: 'owner', threshold: 1, keys: [{ address: cosigners[0]!, weight: 1 }] } as never,
        undefined as never,
        [
          {
            type: 2,
            permission_name: 'treasury',
            threshold: 2,
            operations: OPS_1_2_31,
            keys: cosigners.map((address) => ({ address, weight: 1 })),
          },
        ] as never,
      ),
      treasuryKey,
    );
    const head = node.head().timestamp;
    const issue = signedTx(
      node,
      b.assetIssueContract({
        owner: issuer,
        name: 'Fidelity',
        abbr: 'FID',
        totalSupply: 1_000_000_000n,
        precision: 6,
        trxNum: 1,
        num: 1,
        startTime: head + 60_000,
        endTime: head + 86_400_000,
        url: 'https://example.com',
      }),
      [issuerKey],
    );
    if ((await send(node, issue)).result !== true) throw new Error('node A refused the token');
    await node.mine(1);
    const tokenId = String((await post(node.url, '/wallet/getaccount', { address: issuer })).asset_issued_ID);
    const give = signedTx(node, b.transferAssetContract({ owner: issuer, to: holder.hex, tokenId, amount: 12_345n }), [
      issuerKey,
    ]);
    if ((await send(node, give)).result !== true) throw new Error('node A refused the token transfer');
    // Solidified: more than 2/3 of the representatives built on the last change.
    await node.mine(20);
    return { treasury, issuer, tokenHolder: holder.hex };
  } finally {
    await node.stop();
  }
}

describe('fork mode against a live upstream node', () => {
  const dirs: string[] = [];
  let scenario: UpstreamScenario;
  let treasuryScenario: TreasuryScenario;
  let upstreamDir: string;
  let copyDir: string;
  let a: ChildNode;
  let fork: ForkConfig;
  let forkDir: string;
  let node: TronNode;

  const startFork = (): Promise<TronNode> =>
    createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0, datadir: forkDir, fork });

  beforeAll(async () => {
    const temp = async (name: string): Promise<string> => {
      const dir = await mkdtemp(join(tmpdir(), name));
      dirs.push(dir);
      return dir;
    };
    upstreamDir = await temp('fork-upstream-');
    scenario = await buildUpstreamState(upstreamDir);
    treasuryScenario = await addTreasuryAndToken(upstreamDir, scenario.alice, scenario.carol);
    // A copy of A's data directory, for the same transfer on A's state without touching A.
    copyDir = await temp('fork-copy-');
    await cp(upstreamDir, copyDir, { recursive: true });
    a = await spawnHeadlessNode(['--port', '0', '--block-time-ms', '0', '--datadir', upstreamDir]);
    fork = { url: a.url, block: 'latest', attempts: 2, backoffMs: 50, timeoutMs: 5_000 };
    forkDir = await temp('fork-b-');
    node = await startFork();
  });

  afterAll(async () => {
    await node?.stop();
    await a?.stop().catch(() => undefined);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("prints every getaccount field of A's multisig treasury, contract, staker, delegate and TRC-10 holders as A does", async () => {
    const { treasury, issuer, tokenHolder } = treasuryScenario;
    const accounts = {
      treasury,
      contract: scenario.token,
      staker: scenario.alice.hex,
      delegate: scenario.bob.hex,
      issuer,
      tokenHolder,
    };
    for (const [role, address] of Object.entries(accounts)) {
      const [fromA, fromB] = [
        await post(a.url, '/wallet/getaccount', { address }),
        await post(node.url, '/wallet/getaccount', { address }),
      ];
      expect(Object.keys(fromA).length, role).toBeGreaterThan(3);
      // Serialized, so the order of the fields counts too. No field differs: B has built no block yet,
      // so usage recovers to the same head slot on both.
      expect([role, JSON.stringify(fromB)]).toEqual([role, JSON.stringify(fromA)]);
    }
    const onB = await post(node.url, '/wallet/getaccount', { address: treasury });
    expect(onB.owner_permission.threshold).toBe(1);
    expect(onB.active_permission[0].operations).toBe(OPS_1_2_31);
    expect(onB.active_permission[0].keys).toHaveLength(3);
  });

  it('starts at the upstream head with upstream chain parameters and produces its own blocks on top', async () => {
    const upstreamHead = await post(a.url, '/wallet/getnowblock');
    const forkPoint = (await post(node.url, '/admin/fork')).forkPoint;
    expect(forkPoint).toEqual({
      number: upstreamHead.block_header.raw_data.number,
      id: upstreamHead.blockID,
      timestamp: upstreamHead.block_header.raw_data.timestamp,
    });
    expect(await post(node.url, '/wallet/getchainparameters')).toEqual(await post(a.url, '/wallet/getchainparameters'));
    for (const path of ['/wallet/getenergyprices', '/wallet/getbandwidthprices']) {
      const upstream = await post(a.url, path);
      expect(upstream.prices).toMatch(/^0:\d+,\d+:\d+$/);
      expect([path, await post(node.url, path)]).toEqual([path, upstream]);
    }
    await node.mine(1);
    const next = await post(node.url, '/wallet/getnowblock');
    expect(next.block_header.raw_data.number).toBe(forkPoint.number + 1);
    expect(next.block_header.raw_data.parentHash).toBe(forkPoint.id);
    expect((await post(node.url, '/wallet/getblockbynum', { num: 0 })).blockID).toBe(
      (await post(a.url, '/wallet/getblockbynum', { num: 0 })).blockID,
    );
  });

  it("shows A's balances, permissions, stake, votes, resources and TRC-20 balances exactly through TronWeb", async () => {
    const onA = new TronWeb({ fullHost: a.url });
    const onB = new TronWeb({ fullHost: node.url });
    const { alice, bob, multisig, token } = scenario;
    for (const hex of [alice.hex, bob.hex, multisig.hex]) {
      const [fromA, fromB] = [
        (await onA.trx.getUnconfirmedAccount(hex)) as Json,
        (await onB.trx.getUnconfirmedAccount(hex)) as Json,
      ];
      for (const field of [
        'balance',
        'owner_permission',
        'active_permission',
        'frozenV2',
        'votes',
        'delegated_frozenV2_balance_for_bandwidth',
        'account_resource',
        'create_time',
      ])
        expect([hex, field, fromB[field]]).toEqual([hex, field, fromA[field]]);
      const [resA, resB] = [
        (await onA.trx.getAccountResources(hex)) as Json,
        (await onB.trx.getAccountResources(hex)) as Json,
      ];
      for (const field of ['EnergyLimit', 'NetLimit', 'TotalEnergyWeight', 'TotalNetWeight', 'tronPowerLimit'])
        expect([hex, field, resB[field]]).toEqual([hex, field, resA[field]]);
    }
    expect(((await onB.trx.getUnconfirmedAccount(multisig.hex)) as Json).owner_permission.threshold).toBe(2);
    for (const holder of [alice.hex, bob.hex, scenario.carol.hex]) {
      const call = { owner_address: holder, contract_address: token, data: balanceOfData(holder) };
      const [fromA, fromB] = [
        await post(a.url, '/wallet/triggerconstantcontract', call),
        await post(node.url, '/wallet/triggerconstantcontract', call),
      ];
      expect(fromB.constant_result).toEqual(fromA.constant_result);
      expect(fromB.energy_used).toBe(fromA.energy_used);
    }
    const witness = (await post(node.url, '/wallet/getaccount', { address: scenario.representative })) as Json;
    expect(witness.address).toBe(scenario.representative);
  });

  it('runs a TRC-20 transfer with the energy the same transfer takes on a copy of A, and never touches A', async () => {
    const { bob, carol, token } = scenario;
    const aBefore = [
      await post(a.url, '/wallet/getaccount', { address: bob.hex }),
      await post(a.url, '/wallet/getnowblock'),
    ];
    const spec = b.triggerSmartContract({ owner: bob.hex, contract: token, data: transferData(carol.hex, 12_345n) });
    const copy = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0, datadir: copyDir });
    let onCopy: Json;
    try {
      const tx = signedTx(copy, spec, [bob.key], { feeLimit: 100n * TRX });
      expect(await send(copy, tx)).toMatchObject({ result: true });
      await copy.mine(1);
      onCopy = await post(copy.url, '/wallet/gettransactioninfobyid', { value: tx.txID });
    } finally {
      await copy.stop();
    }
    const tx = signedTx(node, spec, [bob.key], { feeLimit: 100n * TRX });
    expect(await send(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    const onFork = await post(node.url, '/wallet/gettransactioninfobyid', { value: tx.txID });
    expect(onFork.receipt.result).toBe('SUCCESS');
    expect(onFork.receipt.energy_usage_total).toBe(onCopy.receipt.energy_usage_total);
    expect(onFork.receipt).toEqual(onCopy.receipt);
    const call = { owner_address: carol.hex, contract_address: token, data: balanceOfData(carol.hex) };
    expect((await post(node.url, '/wallet/triggerconstantcontract', call)).constant_result).toEqual([
      (2_500_000n + 12_345n).toString(16).padStart(64, '0'),
    ]);
    // A never sees B's transaction.
    expect(await post(a.url, '/wallet/gettransactionbyid', { value: tx.txID })).toEqual({});
    expect([
      await post(a.url, '/wallet/getaccount', { address: bob.hex }),
      await post(a.url, '/wallet/getnowblock'),
    ]).toEqual(aBefore);
  });

  it("applies the multisig's permission update and a transfer while impersonating it, and refuses both without", async () => {
    const { multisig, carol } = scenario;
    const { newOwner } = scenario;
    const update = b.accountPermissionUpdateContract({
      owner: multisig.hex,
      ownerPermission: {
        type: 'Owner',
        permission_name: 'owner',
        threshold: 1,
        keys: [{ address: newOwner.hex, weight: 1 }],
      },
      actives: [
        {
          type: 'Active',
          permission_name: 'ops',
          threshold: 1,
          operations: ACTIVE_DEFAULT_OPERATIONS,
          keys: [{ address: newOwner.hex, weight: 1 }],
        },
      ],
    });
    const unsigned = (spec: b.ContractSpec, permissionId: number) => signedTx(node, spec, [], { permissionId });
    const pay = b.transferContract({ owner: multisig.hex, to: carol.hex, amount: 5n * TRX });
    for (const refused of [await send(node, unsigned(update, 0)), await send(node, unsigned(pay, 2))]) {
      expect(refused).toMatchObject({ code: 'SIGERROR' });
      expect(refused.result).not.toBe(true);
    }
    expect(await post(node.url, '/admin/impersonate', { address: 'T-not-an-address' })).toEqual({
      Error: 'class java.lang.IllegalArgumentException : address "T-not-an-address" is not a TRON address (T… or 41…)',
    });
    expect(await post(node.url, '/admin/impersonate', { address: multisig.hex })).toMatchObject({
      impersonating: expect.stringMatching(/^T/),
    });
    expect(await send(node, unsigned(update, 0))).toMatchObject({ result: true });
    await node.mine(1);
    const after = await post(node.url, '/wallet/getaccount', { address: multisig.hex });
    expect(after.owner_permission.keys).toEqual([{ address: newOwner.hex, weight: 1 }]);
    expect(after.active_permission[0].permission_name).toBe('ops');
    const carolBefore = (await post(node.url, '/wallet/getaccount', { address: carol.hex })).balance as number;
    expect(await send(node, unsigned(pay, 2))).toMatchObject({ result: true });
    await node.mine(1);
    expect((await post(node.url, '/wallet/getaccount', { address: carol.hex })).balance).toBe(carolBefore + 5_000_000);
    // Upstream's multisig is unchanged.
    expect((await post(a.url, '/wallet/getaccount', { address: multisig.hex })).owner_permission.threshold).toBe(2);
  });

  it("accepts a transaction whose reference block is upstream's, from before the fork point, and refuses a foreign one", async () => {
    const { bob, carol } = scenario;
    const forkPoint = (await post(node.url, '/admin/fork')).forkPoint.number as number;
    const reference = await post(a.url, '/wallet/getblockbynum', { num: forkPoint - 1 });
    const header = transactionHeader({
      refBlock: { number: BigInt(forkPoint - 1), blockId: reference.blockID },
      headTimestamp: node.head().timestamp,
      expirationMs: 60_000,
    });
    const pay = b.transferContract({ owner: bob.hex, to: carol.hex, amount: 1n * TRX });
    const sign = (tx: TransactionJson): TransactionJson => ({
      ...tx,
      signature: [bytesToHex(signDigest(hexToBytes(tx.txID), bob.key))],
    });
    expect(await send(node, sign(b.buildTransaction(pay, { header })))).toMatchObject({ result: true });
    const foreign = transactionHeader({
      refBlock: { number: BigInt(forkPoint - 2), blockId: 'ab'.repeat(32) },
      headTimestamp: node.head().timestamp,
      expirationMs: 60_000,
    });
    expect(await send(node, sign(b.buildTransaction(pay, { header: foreign })))).toMatchObject({ code: 'TAPOS_ERROR' });
    const log = (await post(node.url, '/admin/fork')).requests.log as Json[];
    expect(log.map((r) => r.item)).toContain(`block ${forkPoint - 1}`);
    await node.mine(1);
  });

  it('fetched only the items it touched, each once, and fetches none of them again after a restart', async () => {
    const report = await post(node.url, '/admin/fork');
    const items = (report.requests.log as Json[]).map((r) => r.item as string).filter((i) => !i.startsWith('the '));
    expect(new Set(items).size).toBe(items.length);
    expect(items).toContain(`account ${scenario.alice.hex}`);
    expect(items).toContain(`contract ${scenario.token}`);
    expect(items.some((i) => i.startsWith('storage slot'))).toBe(true);
    // Only accounts something read: the scenario's, the token's, the representative's and the fork's own representatives'.
    const touched = new Set(
      [
        scenario.alice.hex,
        scenario.bob.hex,
        scenario.carol.hex,
        scenario.multisig.hex,
        scenario.newOwner.hex,
        scenario.token,
        scenario.representative,
        treasuryScenario.treasury,
        treasuryScenario.issuer,
        ...node.chain.props.genesisWitnesses,
      ].map((hex) => `account ${hex}`),
    );
    const accounts = items.filter((i) => i.startsWith('account '));
    expect(accounts.filter((i) => !touched.has(i))).toEqual([]);
    expect(accounts).not.toContain(`account ${scenario.untouched.hex}`);
    expect(report.fetched.account).toBeGreaterThan(0);
    expect(report.fetched.contract).toBe(1);
    expect(report.readRange.from).toBeLessThanOrEqual(report.readRange.to);
    expect(report.readRange.from).toBeGreaterThanOrEqual(report.forkPoint.number);
    await node.stop();
    node = await startFork();
    for (const holder of [scenario.alice.hex, scenario.bob.hex, scenario.carol.hex]) {
      await post(node.url, '/wallet/getaccount', { address: holder });
      await post(node.url, '/wallet/triggerconstantcontract', {
        owner_address: holder,
        contract_address: scenario.token,
        data: balanceOfData(holder),
      });
    }
    const again = await post(node.url, '/admin/fork');
    const refetched = (again.requests.log as Json[]).filter((r) => items.includes(r.item as string));
    expect(refetched).toEqual([]);
    expect(again.fetched).toEqual(report.fetched);
  });

  it('names the item when upstream is down, caches nothing of it, and recovers when upstream is back', async () => {
    const fresh = scenario.untouched.hex;
    await a.kill();
    const down = await post(node.url, '/wallet/getaccount', { address: fresh });
    expect(down.Error).toContain(`could not read account ${fresh}`);
    a = await spawnHeadlessNode(['--port', String(a.port), '--block-time-ms', '0', '--datadir', upstreamDir]);
    const back = await post(node.url, '/wallet/getaccount', { address: fresh });
    expect(back.balance).toBe((await post(a.url, '/wallet/getaccount', { address: fresh })).balance);
  });

  it("serves upstream's blocks it stored and its own as rendering them prints them, before and after a restart", async () => {
    const forkPoint = (await post(node.url, '/admin/fork')).forkPoint as { number: number; id: string };
    await node.mine(1);
    const head = node.head().number;
    const numbers = [0, forkPoint.number, forkPoint.number + 1, head];
    const served = async (num: number, visible: boolean): Promise<Buffer> => {
      const response = await fetch(`${node.url}/wallet/getblockbynum`, {
        method: 'POST',
        body: JSON.stringify({ num, visible }),
      });
      return Buffer.from(await response.arrayBuffer());
    };
    const before = new Map<string, Buffer>();
    for (const num of numbers)
      for (const visible of [false, true]) {
        const bytes = (await node.chain.blockBytes(num))!;
        const reply = await served(num, visible);
        expect(reply).toEqual(Buffer.from(jsonText(blockJson(bytes, visible)), 'utf8'));
        before.set(`${num}:${visible}`, reply);
      }
    expect(before.get(`${forkPoint.number}:false`)!.toString()).toContain(`"blockID":"${forkPoint.id}"`);
    await node.stop();
    node = await startFork();
    for (const num of numbers)
      for (const visible of [false, true]) expect(await served(num, visible)).toEqual(before.get(`${num}:${visible}`));
  });
});
