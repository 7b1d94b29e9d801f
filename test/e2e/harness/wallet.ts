import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '../../../src-core/client/fetch';
import { events as eventSpecs } from '../../../src-core/ipc/contract';
import { walletServices } from '../../../src-main/ipc/handlers';
import { createEventHub } from '../../../src-main/ipc/events';
import { silentLogger } from '../../../src-main/ipc/logger';
import { UnavailableSecretStore } from '../../../src-main/vault/secret-store';
import {
  createWalletServices,
  type EmbeddedNodeFactory,
  type FileDialogs,
  type LedgerTransports,
  type RecoveryPhraseView,
  type WalletServices,
} from '../../../src-main/wallet';
import type { SettingsDefaults } from '../../../src-main/wallet/stores/settings';
import { createNode, type TronNode } from '../../../src-main/node';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { realNodeFactory } from '../../fixtures/real-node';
import { HarnessConsent } from './consent';
import { startHarness, type Harness } from './index';

export interface WalletHarness {
  readonly harness: Harness;
  readonly wallet: WalletServices;
  /** The empty user data folder the services started from. */
  readonly userDataDir: string;
  /** What main wrote to the clipboard. */
  readonly clipboard: readonly string[];
  /** What main showed on its own recovery-phrase display (the Electron app's native dialog). */
  readonly recoveryPhrases: readonly RecoveryPhraseView[];
  /** Main's confirmation window as the suite shows it; set `consent.decide` to answer. */
  readonly consent: HarnessConsent;
  close(): Promise<void>;
}

/**
 * The renderer in Chromium with the real wallet services behind the bridge: a vault, stores and
 * node host in a fresh temp folder (an empty profile), and the embedded node from `createNode`.
 * No OS keychain (as on a headless machine) and cheap scrypt, so unlocking takes milliseconds.
 */
/** Main's save dialog in the harness: "the person chose" `<profile>-<n>-<suggested name>` in `folder`. */
export function savingDialogs(folder: string, profile: string, saved: string[]): FileDialogs {
  return {
    async saveText(options, text) {
      await mkdir(folder, { recursive: true });
      const path = join(folder, `${profile}-${saved.length + 1}-${options.defaultName}`);
      await writeFile(path, text);
      saved.push(path);
      return { path };
    },
  };
}

/** The vault password the suites create their vaults with; main's confirmation is approved with it. */
export const VAULT_PASSWORD = 'Treasury-Desk-2024!';

export async function startWalletHarness(options: {
  createNode: EmbeddedNodeFactory;
  settings?: SettingsDefaults;
  fileDialogs?: FileDialogs;
  /** The vault password the confirmation is approved with until a test decides otherwise (VAULT_PASSWORD). */
  consentPassword?: string;
  /** How main reaches a Ledger: the software device in the suites that use one (main's seam, not the page's). */
  ledgerTransports?: LedgerTransports;
  /** Extra Chromium flags for this profile's browser (e.g. its fake camera). */
  chromiumArgs?: readonly string[];
  /**
   * A user data folder the suite owns, to start the app again on what an earlier start left (a
   * reopened app); closing leaves it in place. A fresh temp folder, removed on close, otherwise.
   */
  userDataDir?: string;
}): Promise<WalletHarness> {
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'e2e-profile-')));
  const events = createEventHub(eventSpecs);
  const clipboard: string[] = [];
  const recoveryPhrases: RecoveryPhraseView[] = [];
  const consent = new HarnessConsent(() => ({ approve: true, password: options.consentPassword ?? VAULT_PASSWORD }));
  const wallet = await createWalletServices({
    userDataDir,
    emit: (event, payload) => events.emit(event, payload),
    log: silentLogger,
    createEmbeddedNode: options.createNode,
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText: (text) => void clipboard.push(text) },
    // Stands in for main's native dialog: records what main showed, and the page never gets it.
    recoveryPhraseDisplay: { show: async (view) => void recoveryPhrases.push(view) },
    consentSurface: consent,
    secretStore: new UnavailableSecretStore('none', {
      available: false,
      backend: 'none',
      reason: 'NO_SERVICE',
      message:
        'No keychain service answered on this computer, so "remember on this device" is off. The vault still works: unlock it with your password.',
    }),
    scrypt: { N: 1024, r: 8, p: 1 },
    // As in the app: throw-away forks are src-main/node's createNode.
    createForkNode: (input) => createNode(input),
    embeddedPollMs: 50,
    remoteRefreshMs: 1000,
    watchPollMs: 200,
    ...(options.settings ? { settingsDefaults: options.settings } : {}),
    ...(options.fileDialogs ? { fileDialogs: options.fileDialogs } : {}),
    ...(options.ledgerTransports ? { ledgerTransports: options.ledgerTransports } : {}),
  });
  let harness: Harness;
  try {
    harness = await startHarness({
      events,
      services: walletServices(wallet),
      ...(options.chromiumArgs ? { chromiumArgs: options.chromiumArgs } : {}),
    });
  } catch (error) {
    await wallet.close();
    throw error;
  }
  return {
    harness,
    wallet,
    userDataDir,
    clipboard,
    recoveryPhrases,
    consent,
    async close() {
      await consent.close();
      await harness.close();
      await wallet.close();
      if (!options.userDataDir) await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface EmbeddedWalletHarness extends WalletHarness {
  /** Every embedded node the host started, oldest first (a settings change restarts it). */
  readonly nodes: readonly TronNode[];
}

/** The wallet on the real embedded node (random loopback port); closing it stops every node it started. */
export async function startEmbeddedWalletHarness(
  blockTimeMs: number,
  options: { consentPassword?: string } = {},
): Promise<EmbeddedWalletHarness> {
  const factory = realNodeFactory();
  const stopNodes = async () => {
    for (const node of factory.started) await node.stop();
  };
  let setup: WalletHarness;
  try {
    setup = await startWalletHarness({
      createNode: factory,
      settings: { embeddedNode: { port: 0, blockTimeMs } },
      ...options,
    });
  } catch (error) {
    await stopNodes();
    throw error;
  }
  return {
    ...setup,
    nodes: factory.started,
    async close() {
      await setup.close();
      await stopNodes();
    },
  };
}

export interface DevWalletHarness extends EmbeddedWalletHarness {
  /** The dev accounts imported into the vault, Dev 1 first. */
  readonly dev: readonly VaultAccount[];
}

/**
 * The start most suites share: the wallet on the embedded node, its services ready, a vault created
 * with VAULT_PASSWORD holding the node's first `devAccounts` funded dev accounts.
 */
export async function startDevWalletHarness(blockTimeMs: number, devAccounts: number): Promise<DevWalletHarness> {
  const setup = await startEmbeddedWalletHarness(blockTimeMs);
  try {
    await setup.wallet.ready;
    await setup.wallet.vault.initialize(VAULT_PASSWORD);
    const dev = await setup.wallet.vault.importDevAccounts(devAccounts);
    return { ...setup, dev };
  } catch (error) {
    await setup.close();
    throw error;
  }
}
