import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../src-core/client/fetch';
import { TxRequestSchema, type TxRequestInput } from '../../../../src-core/ipc/channels/tx';
import { createNode, type TronNode } from '../../../../src-main/node';
import { embeddedNodeFactory } from '../../../../src-main/wallet/node-host/create-embedded';
import { createWalletServices, type WalletServices } from '../../../../src-main/wallet';
import { UnavailableSecretStore } from '../../../../src-main/vault/secret-store';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

type Artifact = { abi: unknown[]; bytecode: string };

/**
 * The transaction service with the embedded node's VM and internal-transaction storage on:
 * internal transactions with their notes, events of two contracts decoded with their ABIs, and
 * an out-of-energy risk the dry run shows before signing.
 */
describe('transaction service with the VM', () => {
  let dir: string;
  let wallet: WalletServices;
  let events: RecordedEvents;
  const started: TronNode[] = [];
  let owner: string;
  let artifacts: Record<string, Artifact>;
  const request = (input: TxRequestInput) => TxRequestSchema.parse(input);

  async function confirm(input: TxRequestInput) {
    const built = await wallet.transactions.build(request(input));
    await wallet.transactions.sign({ txid: built.txid });
    await wallet.transactions.broadcast({ txid: built.txid });
    await events.waitFor('tx:status', (s) => s.txid === built.txid && (s.state === 'confirmed' || s.state === 'failed'), 30_000);
    return { built, track: await wallet.transactions.track({ txid: built.txid }) };
  }

  async function deploy(name: string): Promise<string> {
    const artifact = artifacts[name]!;
    const { track } = await confirm({ kind: 'deploy', owner, abi: JSON.stringify(artifact.abi), bytecode: artifact.bytecode, name, consumeUserResourcePercent: 100, originEnergyLimit: '10000000' });
    expect(track.result).toBe('SUCCESS');
    return track.contractAddress!;
  }

  beforeAll(async () => {
    artifacts = (JSON.parse(await readFile('test/fixtures/contracts/artifacts.json', 'utf8')) as { artifacts: Record<string, Artifact> }).artifacts;
    dir = await tempDir('tx-vm-');
    events = recordEvents();
    wallet = await createWalletServices({
      userDataDir: dir,
      emit: events.emit,
      log: quietLog,
      createEmbeddedNode: embeddedNodeFactory(async (input) => {
        const node = await createNode({ ...input, signatureWorkers: 0 });
        started.push(node);
        return node;
      }),
      fetch: globalThis.fetch as unknown as FetchLike,
      clipboard: { writeText() {} },
      secretStore: new UnavailableSecretStore('test', { available: false, backend: 'test', reason: 'MODULE_MISSING', message: 'No keychain.' }),
      scrypt: CHEAP_SCRYPT,
      embeddedPollMs: 25,
      settingsDefaults: { embeddedNode: { port: 0, blockTimeMs: 100, saveInternalTx: true } },
    });
    await wallet.ready;
    await wallet.vault.initialize('Treasury-Desk-2024!');
    owner = (await wallet.vault.importDevAccounts(1))[0]!.address;
  });
  afterAll(async () => {
    await wallet?.close();
    for (const node of started) await node.stop();
    await removeDir(dir);
  });

  it('follows a contract call to confirmation with its internal transactions and the events of both contracts decoded', async () => {
    const child = await deploy('Child');
    const router = await deploy('Router');
    const call: TxRequestInput = { kind: 'call', owner, contract: router, function: 'forward', args: [child], callValueSun: '1000000' };
    const built = await wallet.transactions.build(request(call));
    expect(built.estimate?.energy?.energy).toBeGreaterThan(0n);
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(simulation).toMatchObject({ method: 'dry-run', success: true });
    expect(simulation.balanceChanges).toContainEqual({ address: child, asset: 'TRX', delta: 1_000_000n, decimals: 6 });

    const { track } = await confirm(call);
    expect(track).toMatchObject({ state: 'confirmed', success: true, result: 'SUCCESS' });
    expect(track.internalTransactions.map((itx) => [itx.note, itx.rejected])).toEqual([
      ['call', false],
      ['call', true],
    ]);
    expect(track.internalTransactions[0]).toMatchObject({ caller: router, to: child, values: [{ tokenId: '', amount: 1_000_000n }] });
    expect(track.logs.map((log) => [log.address, log.event])).toEqual([
      [child, 'Pinged(address,uint256)'],
      [router, 'Forwarded(bool,bool)'],
    ]);
    expect(track.logs[1]!.args).toEqual([
      { name: 'pingOk', type: 'bool', value: 'true' },
      { name: 'failOk', type: 'bool', value: 'false' },
    ]);
    const events2 = await wallet.contracts.events({ address: child, txid: track.txid });
    expect(events2.map((e) => e.event)).toEqual(['Pinged(address,uint256)']);
  });

  it('shows an out-of-energy failure and its risk before signing when the fee_limit is too small', async () => {
    const reverter = await deploy('Reverter');
    const built = await wallet.transactions.build(request({ kind: 'call', owner, contract: reverter, function: 'burn()', feeLimitSun: '1000000' }));
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(simulation).toMatchObject({ method: 'dry-run', success: false, result: 'OUT_OF_ENERGY', outOfEnergy: { risk: true } });
    const view = await wallet.contracts.call({ address: reverter, function: 'divide', args: ['1', '0'] });
    expect(view.reverted).toBe(true);
    expect(view.revertReason).toMatch(/division or modulo by zero/);
  });
});
