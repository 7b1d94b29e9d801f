import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import {
  TxRequestSchema,
  type PreparedTxView,
  type SimulationView,
  type TrackView,
  type TxRequestInput,
} from '../../../src-core/ipc/channels/tx';
import type { TronNode } from '../../../src-main/node';
import {
  createWalletServices,
  type AlertNotifier,
  type FileDialogs,
  type WalletServices,
} from '../../../src-main/wallet';
import { realNodeFactory } from '../../fixtures/real-node';
import { ScriptedConsent } from '../../fixtures/consent-surface';
import { CHEAP_SCRYPT, PASSWORD } from '../vault/helpers';
import { noKeychain, quietLog, removeDir, type RecordedEvents, tempDir } from './helpers';

export interface EmbeddedWallet {
  readonly wallet: WalletServices;
  readonly dir: string;
  /** The embedded nodes the wallet started (one, unless a test restarts it). */
  readonly nodes: TronNode[];
  /** Main's confirmation as the test scripts it (approves with the vault password by default). */
  readonly consent: ScriptedConsent;
  /** A client of the node the wallet runs now. */
  client(): TronNodeClient;
  /**
   * Builds the request through the transaction service, simulates it when asked, signs it with the
   * vault, broadcasts it and waits until tracking reaches `until` (confirmed by default; `packed`:
   * in a block, already judged) or fails. Resolves with the views of each step.
   */
  confirm(
    input: TxRequestInput,
    options?: ConfirmOptions,
  ): Promise<{ built: PreparedTxView; simulation: SimulationView | null; track: TrackView }>;
  /** Deploys a compiled artifact of test/fixtures/contracts through `confirm`; resolves with its address. */
  deploy(
    owner: string,
    name: string,
    options?: { args?: DeployInput['args']; callValueSun?: string; until?: 'packed' | 'confirmed' },
  ): Promise<string>;
  /** Closes the wallet, stops its nodes and removes its folder. */
  close(): Promise<void>;
}

export type Artifact = { abi: Record<string, unknown>[]; bytecode: string };
type DeployInput = Extract<TxRequestInput, { kind: 'deploy' }>;
export interface ConfirmOptions {
  readonly until?: 'packed' | 'confirmed';
  /** Simulate the built transaction before signing it. */
  readonly simulate?: boolean;
}

let artifactCache: Promise<Record<string, Artifact>> | undefined;

/** The compiled contracts of test/fixtures/contracts (artifacts.json), by contract name. */
export function contractArtifacts(): Promise<Record<string, Artifact>> {
  artifactCache ??= readFile('test/fixtures/contracts/artifacts.json', 'utf8').then(
    (text) => (JSON.parse(text) as { artifacts: Record<string, Artifact> }).artifacts,
  );
  return artifactCache;
}

/**
 * A wallet profile in a temp folder on a real embedded node: no OS keychain, cheap scrypt, the
 * head polled every 25 ms, a free port and a fast block time. The vault is not initialized.
 */
export async function startEmbeddedWallet(options: {
  prefix: string;
  events: RecordedEvents;
  blockTimeMs: number;
  saveInternalTx?: boolean;
  /** The watchtower's poll interval (default: the service's 3 s). */
  watchPollMs?: number;
  alertNotifier?: AlertNotifier;
  consent?: ScriptedConsent;
  /** Main's open and save dialogs as the test scripts them. */
  fileDialogs?: FileDialogs;
}): Promise<EmbeddedWallet> {
  const dir = await tempDir(options.prefix);
  const consent = options.consent ?? ScriptedConsent.approve(PASSWORD);
  const factory = realNodeFactory();
  const wallet = await createWalletServices({
    userDataDir: dir,
    emit: options.events.emit,
    log: quietLog,
    createEmbeddedNode: factory,
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText() {} },
    secretStore: noKeychain(),
    scrypt: CHEAP_SCRYPT,
    consentSurface: consent,
    embeddedPollMs: 25,
    ...(options.watchPollMs !== undefined ? { watchPollMs: options.watchPollMs } : {}),
    ...(options.alertNotifier ? { alertNotifier: options.alertNotifier } : {}),
    ...(options.fileDialogs ? { fileDialogs: options.fileDialogs } : {}),
    settingsDefaults: {
      embeddedNode: {
        port: 0,
        blockTimeMs: options.blockTimeMs,
        ...(options.saveInternalTx ? { saveInternalTx: true } : {}),
      },
    },
  });
  await wallet.ready;
  const { events } = options;
  async function confirm(input: TxRequestInput, { until = 'confirmed', simulate = false }: ConfirmOptions = {}) {
    const built = await wallet.transactions.build(TxRequestSchema.parse(input));
    const simulation = simulate ? await wallet.transactions.simulate({ txid: built.txid }) : null;
    await wallet.transactions.sign({ txid: built.txid });
    await wallet.transactions.broadcast({ txid: built.txid });
    const ends = until === 'packed' ? ['packed', 'confirmed', 'failed'] : ['confirmed', 'failed'];
    await events.waitFor('tx:status', (s) => s.txid === built.txid && ends.includes(s.state), 30_000);
    return { built, simulation, track: await wallet.transactions.track({ txid: built.txid }) };
  }
  return {
    wallet,
    dir,
    consent,
    nodes: factory.started,
    client: () =>
      new TronNodeClient({ fullNodeUrl: factory.started.at(-1)!.url, fetch: globalThis.fetch as unknown as FetchLike }),
    confirm,
    async deploy(owner, name, { args, callValueSun, until } = {}) {
      const artifact = (await contractArtifacts())[name]!;
      const { track } = await confirm(
        {
          kind: 'deploy',
          owner,
          abi: JSON.stringify(artifact.abi),
          bytecode: artifact.bytecode,
          name,
          consumeUserResourcePercent: 100,
          originEnergyLimit: '10000000',
          ...(args ? { args } : {}),
          ...(callValueSun ? { callValueSun } : {}),
        },
        until ? { until } : {},
      );
      expect(track.result).toBe('SUCCESS');
      return track.contractAddress!;
    },
    async close() {
      await wallet.close();
      for (const node of factory.started) await node.stop();
      await removeDir(dir);
    },
  };
}
