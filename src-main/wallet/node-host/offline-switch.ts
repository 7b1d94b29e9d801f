import type { HostSession } from './host-session';

/** Opens the selected network as at app start; the embedded node starts if `autoStart` is on. */
export async function openSelected(session: HostSession): Promise<void> {
  const settings = session.options.settings.get();
  await session.connect(settings.network, settings.network.kind !== 'embedded' || settings.embeddedNode.autoStart);
}

/**
 * Becomes the offline signer: the mode is saved first (a crash after this point still starts
 * offline), then the network is left — the embedded node stopped, the watcher ended, the stores
 * closed — and nothing connects again until `leaveOffline`.
 */
export async function enterOffline(session: HostSession): Promise<void> {
  if (session.guard.offline) return;
  await session.guard.switchTo(true);
  session.hostLog('Offline signer: the node stops and nothing connects.');
  await session.disconnect('Offline signer: no node runs and nothing connects.');
  await session.closeStores();
  session.recent.clear();
}

/** Back to the online wallet: the selected network opens as at start. */
export async function leaveOffline(session: HostSession): Promise<void> {
  if (!session.guard.offline) return;
  await session.guard.switchTo(false);
  session.hostLog('Left the offline signer.');
  await openSelected(session);
}
