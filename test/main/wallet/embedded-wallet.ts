import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { FetchLike } from '../../../src-core/client/fetch';
import { TxRequestSchema, type TrackView, type TxRequestInput } from '../../../src-core/ipc/channels/tx';
import type { TronNode } from '../../../src-main/node';
import { UnavailableSecretStore } from '../../../src-main/vault/secret-store';
import { createWalletServices, type WalletServices } from '../../../src-main/wallet';
import { realNodeFactory } from '../../fixtures/real-node';
import { CHEAP_SCRYPT } from '../vault/helpers';
import { quietLog, removeDir, type RecordedEvents, tempDir } from './helpers';

export interface EmbeddedWallet {
  readonly wallet: WalletServices;
  readonly dir: string;
  /** The embedded nodes the wallet started (one, unless a test restarts it). */
  readonly nodes: TronNode[];
  /** Closes the wallet, stops its nodes and removes its folder. */
  close(): Promise<void>;
}

/**
 * A wallet profile in a temp folder on a real embedded node: no OS keychain, cheap scrypt, the
 * head polled every 25 ms, a free port and a fast block time. The vault is not initialized.
 */
export async function startEmbeddedWallet(options: { prefix: string; events: RecordedEvents; blockTimeMs: number; saveInternalTx?: boolean }): Promise<EmbeddedWallet> {
  const dir = await tempDir(options.prefix);
  const factory = realNodeFactory();
  const wallet = await createWalletServices({
    userDataDir: dir,
    emit: options.events.emit,
    log: quietLog,
    createEmbeddedNode: factory,
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText() {} },
    secretStore: new UnavailableSecretStore('test', { available: false, backend: 'test', reason: 'MODULE_MISSING', message: 'No keychain.' }),
    scrypt: CHEAP_SCRYPT,
    embeddedPollMs: 25,
    settingsDefaults: { embeddedNode: { port: 0, blockTimeMs: options.blockTimeMs, ...(options.saveInternalTx ? { saveInternalTx: true } : {}) } },
  });
  await wallet.ready;
  return {
    wallet,
    dir,
    nodes: factory.started,
    async close() {
      await wallet.close();
      for (const node of factory.started) await node.stop();
      await removeDir(dir);
    },
  };
}

/**
 * Builds, signs and broadcasts a request whose owner key the vault holds (threshold 1), and waits
 * until it is confirmed or failed.
 */
export async function confirmRequest(wallet: WalletServices, events: RecordedEvents, input: TxRequestInput): Promise<{ built: { txid: string }; track: TrackView }> {
  const built = await wallet.transactions.build(TxRequestSchema.parse(input));
  await wallet.transactions.sign({ txid: built.txid });
  await wallet.transactions.broadcast({ txid: built.txid });
  await events.waitFor('tx:status', (s) => s.txid === built.txid && (s.state === 'confirmed' || s.state === 'failed'), 30_000);
  return { built, track: await wallet.transactions.track({ txid: built.txid }) };
}

export interface FixtureArtifact {
  readonly abi: Record<string, unknown>[];
  readonly bytecode: string;
}

/** The compiled contracts of test/fixtures/contracts (artifacts.json), without loading solc. */
export async function fixtureArtifacts(): Promise<Record<string, FixtureArtifact>> {
  return (JSON.parse(await readFile(new URL('../../fixtures/contracts/artifacts.json', import.meta.url), 'utf8')) as { artifacts: Record<string, FixtureArtifact> }).artifacts;
}

/** Deploys a fixture contract from `owner` (a key the vault holds) and returns its Base58 address. */
export async function deployFixture(wallet: WalletServices, events: RecordedEvents, owner: string, artifact: FixtureArtifact, name: string): Promise<string> {
  const { track } = await confirmRequest(wallet, events, { kind: 'deploy', owner, abi: JSON.stringify(artifact.abi), bytecode: artifact.bytecode, name, consumeUserResourcePercent: 100, originEnergyLimit: '10000000' });
  expect(track.result).toBe('SUCCESS');
  return track.contractAddress!;
}
