import { ForkError } from '../../../src-core/errors';
import type { NodeBlock, NodeStatus } from '../../../src-core/ipc/channels/node';
import { NetworkConnection, type ConnectionContext, type StatusUpdate } from './connection';
import { discardFork, forkConnectionTarget, type StagedFork } from './embedded-fork';
import { forkFailure } from './fork-errors';
import type { ForkUpstream } from './fork-targets';
import type { HostSession } from './host-session';

const EMBEDDED = { kind: 'embedded' } as const;

/**
 * Starts the embedded node as a fork of `upstream` beside what runs now (the dev chain, another
 * fork or a remote network), in a fresh temporary folder so it begins at upstream's head. Only once
 * the fork answered (it read its fork point upstream and serves its head block) does the wallet
 * switch over: the chain it was on stops and the fork's stores (`networks/fork-<key>`) open. A
 * fork that does not start is stopped and its folder deleted; what ran keeps running, and the
 * ForkError says why in words and that nothing changed.
 */
export async function startEmbeddedFork(session: HostSession, upstream: ForkUpstream): Promise<void> {
  session.guard.refuse('start a fork of a network');
  const staged = await session.fork.stage(upstream);
  const beside = session.embedded !== null;
  session.hostLog(
    `Forking ${upstream.name} (${upstream.url})${beside ? ' on a free port beside the running chain' : ''}.`,
  );
  const relay = new StagedRelay(session, `Fork of ${upstream.name}`);
  const connection = new NetworkConnection(EMBEDDED, `fork-${upstream.key}`, relay.context(staged, beside));
  let started: unknown = null;
  try {
    await connection.startEmbedded();
  } catch (error) {
    started = error;
  }
  if (started !== null || relay.status.state !== 'running') {
    await connection.close();
    if (connection.embedded) await connection.embedded.stop().catch(() => undefined);
    await discardFork(staged);
    const failure = forkFailure(
      started ?? new Error(relay.status.message ?? 'the fork did not answer'),
      upstream.name,
      upstream.url,
      upstream.apiKey !== undefined,
    );
    session.hostLog(failure.message);
    throw stayed(failure, session.statusValue);
  }
  await switchTo(session, connection, staged, relay);
}

/** The fork answered: the chain the wallet was on stops, and the fork becomes the current network. */
async function switchTo(
  session: HostSession,
  connection: NetworkConnection,
  staged: StagedFork,
  relay: StagedRelay,
): Promise<void> {
  const { settings } = session.options;
  const previous = session.connection;
  session.connection = null;
  await session.retire(previous);
  if (settings.get().network.kind !== 'embedded')
    await settings.update((current) => ({ ...current, network: EMBEDDED }));
  const replaced = session.fork.adopt(staged);
  await session.openStores(session.fork.keyOf(EMBEDDED));
  session.connection = connection;
  session.recent.clear();
  relay.goLive(connection.head);
  await discardFork(replaced);
  session.hostLog(`The embedded node is a fork of ${staged.upstream.name} at ${connection.embedded?.url ?? ''}.`);
  for (const listener of session.networkListeners) listener();
}

/** The failure, with what the wallet stayed on: nothing changed, and how to get a chain running if none was. */
function stayed(failure: Error, was: NodeStatus): Error {
  if (!(failure instanceof ForkError)) return failure;
  const after =
    was.state === 'running'
      ? `Nothing changed: the wallet stays on ${was.network}, which keeps running.`
      : was.source === 'embedded'
        ? `Nothing changed: the wallet stays on ${was.network}, which was not running; "Start node" on the Node screen starts it.`
        : `Nothing changed: the wallet stays on ${was.network}.`;
  return new ForkError(failure.code, `${failure.message} ${after}`, { ...failure.details, stayedOn: was.network });
}

/**
 * What the staged fork's connection reports while it starts beside the current chain: its steps as
 * `fork:progress`, its status kept aside, its blocks held back, so the Node screen keeps showing the
 * chain that runs. Once live, everything goes to the host as for any connection.
 */
class StagedRelay {
  status: NodeStatus;
  private live = false;

  constructor(
    private readonly session: HostSession,
    private readonly network: string,
  ) {
    this.status = { state: 'starting', source: 'embedded', network };
  }

  context(staged: StagedFork, beside: boolean): ConnectionContext {
    const { session } = this;
    return session.connectionContext({
      // The chain that runs keeps its port until the fork answered; the fork takes a free one.
      embeddedSettings: () => ({ ...session.embeddedSettings(), ...(beside ? { port: 0 } : {}) }),
      nodeDir: () => staged.datadir,
      fork: () => forkConnectionTarget(staged.upstream),
      status: () => (this.live ? session.statusValue : this.status),
      setStatus: (next) => this.report(next),
      block: (block) => {
        if (this.live) session.onHead(block);
      },
    });
  }

  goLive(head: NodeBlock | null): void {
    this.live = true;
    const { source: _source, network: _network, ...update } = this.status;
    this.session.setStatus(update);
    if (head) this.session.onHead(head);
  }

  private report(next: StatusUpdate): void {
    if (this.live) return this.session.setStatus(next);
    this.status = { source: 'embedded', network: this.network, ...next };
    if (next.state === 'starting' && next.progress)
      this.session.options.emit('fork:progress', { task: 'embedded', ...next.progress });
  }
}

/** Stops the fork, deletes its folder and starts the embedded dev chain again. */
export async function stopEmbeddedFork(session: HostSession): Promise<void> {
  await session.disconnect('Leaving the fork.');
  await session.fork.drop();
  await session.connect(EMBEDDED, true);
}
