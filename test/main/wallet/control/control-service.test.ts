import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '@core/bytes/hex';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import { parseProofOfControl, serializeProofOfControl, signProofOfControl, withControlSignature } from '@core/control';
import { encodeOperations } from '@core/permission/operations';
import { accountPermissionUpdateContract, buildTransaction } from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import type { TronNode } from '@main/node';
import type { EmbeddedNode } from '@main/wallet';
import { ControlService } from '@main/wallet/control/control-service';
import { runVerifyControlCommand } from '@main/wallet/control/verify-control-command';
import { makeTreasury, type Treasury } from '../../../fixtures/cosign-network';
import { mineOverHttp, onDemandChain, sourceWorkerNodeFactory } from '../../../fixtures/worker-node';
import { PASSWORD } from '../../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { expectWalletError, recordEvents } from '../helpers';

const fetchLike = globalThis.fetch.bind(globalThis) as unknown as FetchLike;

/** Runs the CLI and keeps what it printed. */
async function cli(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runVerifyControlCommand(args, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

/**
 * A treasury on the embedded dev node with a 2-of-3 active permission "payments": two vault keys
 * sign an auditor's challenge through main's window, the file verifies against the dev node, and
 * fails against a fork of it on which the permission was changed.
 */
describe('proof of control on the embedded node', () => {
  let env: EmbeddedWallet;
  let node: TronNode;
  let treasury: Treasury;
  let control: ControlService;
  let dir: string;
  const saved: string[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    env = await startEmbeddedWallet({ prefix: 'control-', events: recordEvents(), blockTimeMs: 500 });
    node = env.nodes[0]!;
    dir = await mkdtemp(join(tmpdir(), 'control-files-'));
    await env.wallet.vault.initialize(PASSWORD);
    treasury = await makeTreasury(node);
    for (const [i, label] of ['Alice', 'Bob', 'Carol'].entries()) {
      ids.push((await env.wallet.vault.importPrivateKey(treasury.privateKeys[i as 0 | 1 | 2], { label })).id);
    }
    control = new ControlService({
      chain: env.wallet.node,
      vault: env.wallet.vault,
      ledgerTransports: {
        open: () => Promise.reject(new Error('no Ledger in this test')),
        support: () => Promise.reject(new Error('no Ledger in this test')),
      },
      files: {
        saveText: async (_options, text) => {
          saved.push(text);
          return { path: 'chosen.json' };
        },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await env?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('pins the head block, the permission and the balances, and two of three keys sign through main’s window', async () => {
    const started = await control.start({ account: treasury.address, permissionId: 2, challenge: 'Audit Q4 #7f3a' });
    expect(started.permission).toBe('Active permission "payments" (id 2)');
    expect(started.threshold).toBe('2');
    expect(started.keys.map((k) => [k.address, k.signed, k.label])).toEqual([
      [treasury.keys[0], false, 'Alice'],
      [treasury.keys[1], false, 'Bob'],
      [treasury.keys[2], false, 'Carol'],
    ]);
    const block = await env.client().getBlockByNum(started.block.number);
    expect(block?.blockID).toBe(started.block.id);
    const account = await env.client().getAccount(treasury.address);
    expect(started.balances.trxSun).toBe(account!.balance.toString());

    env.consent.answerWith({ approved: true, password: PASSWORD });
    await control.sign({ id: started.id, accountId: ids[0]! });
    const signed = await control.sign({ id: started.id, accountId: ids[2]! });
    expect(signed.weight).toBe('2');
    expect(signed.keys.map((k) => k.signed)).toEqual([true, false, true]);
    // Main's window showed exactly the text each key signed.
    expect(env.consent.asked).toHaveLength(2);
    expect(JSON.stringify(env.consent.last)).toContain(JSON.stringify(started.message).slice(1, -1));
    await expectWalletError(
      control.sign({ id: started.id, accountId: ids[0]! }),
      'ControlError',
      'CONTROL_ALREADY_SIGNED',
    );

    expect(await control.save({ id: started.id })).toEqual({ path: 'chosen.json' });
    expect(saved[0]).toBe(control.text(started.id));
    expect(parseProofOfControl(saved[0]!).signatures).toHaveLength(2);

    const verdict = await control.verify({ id: started.id });
    expect(verdict).toMatchObject({ verified: true, code: null });
    expect(verdict.method).toMatch(/read from this node at its head block/);
  });

  it('signs nothing when main’s window is declined, and refuses an account outside the permission', async () => {
    const stranger = await env.wallet.vault.importPrivateKey(node.accounts[4]!.privateKey, { label: 'Stranger' });
    const started = await control.start({ account: treasury.address, permissionId: 2, challenge: 'decline me' });
    env.consent.answerWith({ approved: false });
    await expectWalletError(control.sign({ id: started.id, accountId: ids[1]! }), 'ConsentError', 'CONSENT_DECLINED');
    expect(control.get({ id: started.id }).weight).toBe('0');
    await expectWalletError(
      control.sign({ id: started.id, accountId: stranger.id }),
      'ControlError',
      'CONTROL_NOT_A_KEY',
    );
    env.consent.answerWith({ approved: true, password: PASSWORD });
  });

  it('verifies with the CLI against the dev node (exit 0) and fails against a fork where the permission changed (exit 1)', async () => {
    const file = join(dir, 'proof.json');
    await writeFile(file, saved[0]!);
    const onDev = await cli([file, '--node', node.url]);
    expect(onDev).toMatchObject({ code: 0, err: '' });
    expect(onDev.out).toMatch(/^VERIFIED: Verified: keys worth 2 of the 2/);
    expect(onDev.out).toMatch(/Method: .*current state only/);

    // A key outside the permission: a third copy with a stranger's signature in place of one.
    const proof = parseProofOfControl(saved[0]!);
    const outsider = withControlSignature(
      { ...proof, signatures: proof.signatures.slice(0, 1) },
      signProofOfControl(proof, hexToBytes(node.accounts[4]!.privateKey)),
    );
    const outsiderFile = join(dir, 'outsider.json');
    await writeFile(outsiderFile, serializeProofOfControl(outsider));
    const refused = await cli([outsiderFile, '--node', node.url]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`FAILED: Signature 2 was made by ${node.accounts[4]!.address}, which is not a key`);

    const forkDir = await mkdtemp(join(tmpdir(), 'control-fork-'));
    // In a worker thread: a fork reads its upstream synchronously, so the two must not share a thread.
    const fork = await sourceWorkerNodeFactory({ nodeOverrides: { signatureWorkers: 0 } })({
      ...onDemandChain(forkDir),
      fork: { url: node.url },
    });
    try {
      await changePermissionOn(fork, node.accounts[5]!.privateKey, treasury);
      const onFork = await cli([file, '--node', fork.url, '--no-balances']);
      expect(onFork.code).toBe(1);
      expect(onFork.out).toMatch(
        /^FAILED: Active permission "payments" \(id 2\) of T\w+ differs on this node at block [\d,]+ from the one that signed the proof: its threshold is 3, not 2/,
      );
      expect(onFork.out).toContain('Balances were not compared.');
    } finally {
      await fork.stop();
      await rm(forkDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('exits 2 for bad arguments, a missing file and a file that is not a proof', async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(['x.json'])).err).toMatch(/--node <url>/);
    expect((await cli([join(dir, 'missing.json'), '--node', node.url])).code).toBe(2);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"format":"something-else"}');
    const result = await cli([bad, '--node', node.url]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/This proof of control cannot be read: format must be "tron-proof-of-control\/1"/);
  });
});

/** On the fork only: the treasury's owner raises "payments" to 3 of 3, and waits until the fork holds it. */
async function changePermissionOn(fork: EmbeddedNode, ownerKey: string, treasury: Treasury): Promise<void> {
  const client = new TronNodeClient({ fullNodeUrl: fork.url, fetch: fetchLike });
  const ref = await client.getRefBlock();
  const owner = (await client.getAccount(treasury.address))!;
  const update = buildTransaction(
    accountPermissionUpdateContract({
      owner: owner.address,
      ownerPermission: {
        type: 'Owner',
        permission_name: 'owner',
        threshold: 1n,
        keys: [{ address: owner.address, weight: 1n }],
      },
      actives: [
        {
          type: 'Active',
          permission_name: 'payments',
          threshold: 3n,
          operations: encodeOperations(['TransferContract', 'TriggerSmartContract']),
          keys: owner.active_permission[0]!.keys.map((k) => ({ address: k.address, weight: k.weight })),
        },
      ],
    }),
    { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }) },
  );
  await client.broadcastTransaction(signTransaction(update, hexToBytes(ownerKey)));
  await mineOverHttp(fork);
  for (let tries = 0; ; tries++) {
    const account = await client.getAccount(treasury.address);
    if (account?.active_permission[0]?.threshold === 3n) return;
    if (tries > 400) throw new Error('The fork did not apply the permission change.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
