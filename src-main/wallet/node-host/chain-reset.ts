import { rm } from 'node:fs/promises';
import { NodeHostError } from '../../../src-core/errors';
import { NODE_RESET_CONFIRMATION } from '../../../src-core/ipc/channels/node';
import { NodeHostErrorCode } from './connection';
import type { HostSession } from './host-session';

/**
 * Deletes the embedded chain (`<data dir>/tron-node`) and starts a fresh one when it ran or starts
 * by itself. The embedded network's history goes too, since its transactions no longer exist;
 * drafts, envelopes and the address book stay.
 */
export async function resetEmbeddedChain(session: HostSession, confirmation: string): Promise<void> {
  if (confirmation !== NODE_RESET_CONFIRMATION) {
    throw new NodeHostError(
      NodeHostErrorCode.resetNotConfirmed,
      `Type ${NODE_RESET_CONFIRMATION} to confirm deleting the embedded chain. Nothing was deleted.`,
    );
  }
  session.guard.refuse('run the embedded chain');
  session.requireEmbeddedSelected();
  if (session.fork.active)
    throw new NodeHostError(
      NodeHostErrorCode.notEmbedded,
      'The embedded node runs as a fork; leave the fork first, then reset the dev chain.',
    );
  const wasRunning = session.embedded !== null;
  await session.disconnect('Resetting the chain.');
  const dir = session.nodeDir();
  await rm(dir, { recursive: true, force: true });
  session.hostLog(`Deleted ${dir}.`);
  const history = session.networkStores?.history;
  if (history && !history.store.problem) {
    await history.store.update((doc) => ({ ...doc, entries: [] }));
  }
  session.recent.clear();
  if (wasRunning || session.embeddedSettings().autoStart) await session.connect({ kind: 'embedded' }, true);
}
