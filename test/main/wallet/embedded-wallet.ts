import type { FetchLike } from '../../../src-core/client/fetch';
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
