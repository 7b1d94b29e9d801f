import type { NetworkChoice } from '../../../src-core/ipc/channels/network';
import { probeRemote } from './connection';
import type { HostSession } from './host-session';
import { networkKey, networkName, storedNetwork, withNetworkChoice } from './networks';

/**
 * Switches network. A remote node must answer first (genesis and head): until it does, the wallet
 * stays where it is and nothing is stopped. Then the old network's watcher stops (and the embedded
 * node, when leaving it), its stores close, and the new network's stores open before anything is
 * read from it.
 */
export async function switchNetwork(session: HostSession, choice: NetworkChoice): Promise<void> {
  const { options } = session;
  session.guard.refuse('switch networks');
  const target = storedNetwork(choice);
  if (target.kind !== 'embedded') {
    const key = networkKey(target);
    const typed = choice.kind === 'embedded' ? undefined : choice.apiKey;
    const apiKey = typed === null ? undefined : (typed ?? options.settings.get().apiKeys[key]);
    await probeRemote(
      target,
      {
        fetch: session.fetch,
        timeoutMs: options.remoteTimeoutMs ?? 10_000,
        ...(apiKey ? { apiKey } : {}),
      },
      networkName(session.connection?.network ?? options.settings.get().network),
    );
  }
  await options.settings.update((current) => withNetworkChoice(current, choice, target));
  session.hostLog(`Network: ${networkName(target)}.`);
  await session.disconnect(
    target.kind === 'embedded' ? 'Switching network.' : `Stopped while the wallet uses ${networkName(target)}.`,
  );
  await session.fork.drop();
  await session.connect(target, true);
}
