import type { ForkUpstream } from './fork-targets';
import type { HostSession } from './host-session';

/**
 * Restarts the embedded node as a fork of `upstream` (selecting the embedded network): a fresh
 * temporary data folder, so the fork starts at upstream's head; its stores are apart from the dev
 * chain's (`networks/fork-<key>`). A fork that does not start leaves the node stopped with a
 * failed status naming what went wrong, and the dev chain selected again.
 */
export async function startEmbeddedFork(session: HostSession, upstream: ForkUpstream): Promise<void> {
  const { settings } = session.options;
  session.guard.refuse('start a fork of a network');
  await session.disconnect('Starting a fork.');
  await session.fork.drop();
  if (settings.get().network.kind !== 'embedded')
    await settings.update((current) => ({ ...current, network: { kind: 'embedded' } }));
  await session.fork.begin(upstream);
  session.hostLog(`Forking ${upstream.name} (${upstream.url}).`);
  await session.connect({ kind: 'embedded' }, true);
  if (session.statusValue.state !== 'running') {
    const message = session.statusValue.message;
    await session.disconnect(undefined);
    await session.fork.drop();
    session.setStatus({ state: 'failed', ...(message ? { message } : {}) });
  }
}

/** Stops the fork, deletes its folder and starts the embedded dev chain again. */
export async function stopEmbeddedFork(session: HostSession): Promise<void> {
  await session.disconnect('Leaving the fork.');
  await session.fork.drop();
  await session.connect({ kind: 'embedded' }, true);
}
