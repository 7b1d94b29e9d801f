import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import { TxRequestSchema, type TxRequestInput } from '@core/ipc/channels/tx';
import type { TronNode } from '@main/node';
import { createWalletServices, type WalletServices } from '@main/wallet';
import { freshAddress } from '../../../fixtures/addresses';
import { attachTo, makeTreasury, type Treasury } from '../../../fixtures/cosign-network';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { realNodeFactory } from '../../../fixtures/real-node';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { contractArtifacts } from '../embedded-wallet';
import { noKeychain, quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

const PASSWORD = 'Treasury-Desk-2024!';

interface Desk {
  readonly wallet: WalletServices;
  readonly events: RecordedEvents;
  readonly dir: string;
}

async function openDesk(
  createEmbeddedNode: Parameters<typeof createWalletServices>[0]['createEmbeddedNode'],
  dir?: string,
): Promise<Desk> {
  const folder = dir ?? (await tempDir('follower-'));
  const events = recordEvents();
  const wallet = await createWalletServices({
    userDataDir: folder,
    emit: events.emit,
    log: quietLog,
    createEmbeddedNode,
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText() {} },
    secretStore: noKeychain(),
    scrypt: CHEAP_SCRYPT,
    consentSurface: ScriptedConsent.approve(PASSWORD),
    embeddedPollMs: 25,
    settingsDefaults: { embeddedNode: { port: 0, blockTimeMs: 100 } },
  });
  await wallet.ready;
  if (!dir) await wallet.vault.initialize(PASSWORD);
  return { wallet, events, dir: folder };
}

/**
 * Two desks on one embedded chain, a 2-of-3 treasury: A proposes with key 1, B holds keys 2
 * and 3 and broadcasts. A is never sent anything back: its own node must tell it what happened.
 */
describe('each desk follows its open envelopes on its own node', () => {
  let node: TronNode;
  let a: Desk;
  let b: Desk;
  let treasury: Treasury;
  let bobId = '';
  let client: TronNodeClient;

  const transfer = (amountSun: string): TxRequestInput => ({
    kind: 'trx-transfer',
    owner: treasury.address,
    to: freshAddress(0xf011),
    amountSun,
    expirationMs: 3_600_000,
  });

  /** `desk` proposes the request signed with key 1; B imports it and signs with key 2. */
  async function proposeAndCosign(
    desk: Desk,
    request: TxRequestInput,
  ): Promise<{ id: string; txid: string; bId: string }> {
    const built = await desk.wallet.transactions.build(TxRequestSchema.parse(request));
    const handed = await desk.wallet.transactions.sign({ txid: built.txid });
    const imported = await b.wallet.cosign.import({
      text: desk.wallet.cosign.export({ id: handed.envelopeId! }).text,
      source: 'file',
    });
    await b.wallet.cosign.sign({ id: imported.id, accountId: bobId });
    return { id: handed.envelopeId!, txid: built.txid, bId: imported.id };
  }

  async function broadcastFromB(bId: string, txid: string, end = 'confirmed'): Promise<void> {
    await b.wallet.cosign.broadcast({ id: bId });
    await b.events.waitFor('tx:status', (s) => s.txid === txid && s.state === end, 30_000);
  }

  async function expectConfirmedElsewhere(desk: Desk, id: string, txid: string): Promise<void> {
    await expect
      .poll(async () => (await desk.wallet.cosign.list()).items.find((i) => i.id === id)?.stage, { timeout: 15_000 })
      .toBe('confirmed');
    const item = (await desk.wallet.cosign.list()).items.find((i) => i.id === id)!;
    const info = (await client.getTransactionInfoById(txid))!;
    expect(item).toMatchObject({
      currentWeight: 2n,
      threshold: 2n,
      signatures: 2,
      broadcastBy: 'elsewhere',
      onChainAt: info.blockTimeStamp,
    });
    const row = (await desk.wallet.history.list()).find((r) => r.txid === txid)!;
    expect(row).toMatchObject({
      stage: 'confirmed',
      envelopeId: id,
      broadcastBy: 'elsewhere',
      blockNumber: info.blockNumber,
      confirmedAt: info.blockTimeStamp,
    });
    expect(row.message).toMatch(/elsewhere/);
    expect(row.signers.map((s) => s.address).sort()).toEqual([treasury.keys[0], treasury.keys[1]].sort());
    const csv = (await desk.wallet.history.exportCsv()).csv.split(/\r?\n/);
    const columns = csv[0]!.split(',');
    const cells = csv.find((l) => l.includes(txid))!.split(',');
    expect(cells[columns.indexOf('stage')]).toBe('confirmed');
    expect(cells[columns.indexOf('broadcast_by')]).toBe('elsewhere');
  }

  /** Deploys the fixture contract whose `fail` reverts, from a plain account on B's desk. */
  async function deployReverter(): Promise<string> {
    const deployer = node.accounts[0]!;
    await b.wallet.vault.importPrivateKey(deployer.privateKey, { label: 'Deployer' });
    const artifact = (await contractArtifacts()).Reverter!;
    const built = await b.wallet.transactions.build(
      TxRequestSchema.parse({
        kind: 'deploy',
        owner: deployer.address,
        abi: JSON.stringify(artifact.abi),
        bytecode: artifact.bytecode,
        name: 'Reverter',
        consumeUserResourcePercent: 100,
        originEnergyLimit: '10000000',
      }),
    );
    await b.wallet.transactions.sign({ txid: built.txid });
    await b.wallet.transactions.broadcast({ txid: built.txid });
    await b.events.waitFor('tx:status', (s) => s.txid === built.txid && s.state === 'confirmed', 30_000);
    return (await b.wallet.transactions.track({ txid: built.txid })).contractAddress!;
  }

  beforeAll(async () => {
    const factory = realNodeFactory();
    a = await openDesk(factory);
    node = factory.started[0]!;
    b = await openDesk(attachTo(node));
    treasury = await makeTreasury(node);
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    await a.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    await a.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    bobId = (await b.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' })).id;
    await b.wallet.vault.importPrivateKey(treasury.privateKeys[2], { label: 'Carol' });
    await b.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
  });
  afterAll(async () => {
    for (const desk of [b, a]) {
      await desk?.wallet.close();
      if (desk) await removeDir(desk.dir);
    }
    await node?.stop();
  });

  it('moves the proposer’s inbox, history and CSV to confirmed with the on-chain weight, broadcast elsewhere, without opening the envelope', async () => {
    const { id, txid, bId } = await proposeAndCosign(a, transfer('1200000'));
    expect((await a.wallet.cosign.list()).items.find((i) => i.id === id)).toMatchObject({
      stage: 'collecting',
      currentWeight: 1n,
    });
    await broadcastFromB(bId, txid);
    await expectConfirmedElsewhere(a, id, txid);
    // Opening it afterwards shows the same on-chain weight, never the local one.
    expect(await a.wallet.cosign.get({ id })).toMatchObject({ stage: 'confirmed', currentWeight: 2n });
  });

  it('catches up on start: a desk closed while the payment was broadcast reads it confirmed once it opens again', async () => {
    const desk = await openDesk(attachTo(node));
    await desk.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    const { id, txid, bId } = await proposeAndCosign(desk, transfer('1300000'));
    await desk.wallet.close();
    await broadcastFromB(bId, txid);
    const reopened = await openDesk(attachTo(node), desk.dir);
    try {
      await expectConfirmedElsewhere(reopened, id, txid);
    } finally {
      await reopened.wallet.close();
      await removeDir(desk.dir);
    }
  });

  it('moves the proposer’s inbox and history to failed with the node’s reason when the co-signed call reverts on chain', async () => {
    const contract = await deployReverter();
    const { id, txid, bId } = await proposeAndCosign(a, {
      kind: 'call',
      owner: treasury.address,
      contract,
      function: 'fail(string)',
      args: ['no payroll today'],
      feeLimitSun: '100000000',
      expirationMs: 3_600_000,
    });
    await broadcastFromB(bId, txid, 'failed');
    await expect
      .poll(async () => (await a.wallet.cosign.list()).items.find((i) => i.id === id)?.stage, { timeout: 15_000 })
      .toBe('failed');
    expect((await a.wallet.cosign.list()).items.find((i) => i.id === id)).toMatchObject({ currentWeight: 2n });
    const info = await client.getTransactionInfoById(txid);
    const row = (await a.wallet.history.list()).find((r) => r.txid === txid)!;
    expect(row).toMatchObject({ stage: 'failed', blockNumber: info!.blockNumber });
    expect(row.message).toBe(info!.resMessage || 'It was packed but failed: REVERT.');
    expect(row.message).not.toBe('');
  });

  it('the proposer’s watchtower expects its own proposal on chain whoever broadcasts it; the desk it was sent to does not', async () => {
    const { txid } = await proposeAndCosign(a, transfer('1400000'));
    const watchedBy = (desk: Desk) => desk.wallet.watchtower.watchList().envelopes.find((e) => e.txid === txid);
    expect(watchedBy(a)).toMatchObject({ broadcastByUs: true });
    expect(watchedBy(b)).toMatchObject({ broadcastByUs: false });
  });
});
