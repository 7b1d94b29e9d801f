import type { Envelope } from '../../../src-core/envelope';
import { ForkError } from '../../../src-core/errors';
import type {
  ForkProgress,
  ForkRehearsal,
  ForkSimulation,
  ForkStatus,
  ForkTarget,
  ForkTargetView,
} from '../../../src-core/ipc/channels/fork';
import type { PermissionStructureInput } from '../../../src-core/ipc/channels/permissions';
import type { NodeStatus } from '../../../src-core/ipc/channels/node';
import type { SimulationView } from '../../../src-core/ipc/channels/tx';
import type { EmitEvent } from '../context';
import { forkAccess, simulateEnvelopeOnNode } from './simulate-on-fork';
import type { Settings } from '../stores/settings';
import type { DryRunner } from '../node-host/chain-access';
import type { TronNodeClient } from '../../../src-core/client/client';
import { ForkErrorCode } from '../node-host/fork-errors';
import { forkReportView } from '../node-host/fork-report';
import { forkTargets, resolveForkTarget, targetOfNetwork, type ForkUpstream } from '../node-host/fork-targets';
import { rehearsePermissionUpdate, type RehearsalPlan } from './permission-rehearsal';
import type { ForkControlLike } from '../node-host/embedded-node';
import { withThrowawayFork, type CreateForkNode, type ForkNodeLike } from '../node-host/throwaway-fork';

/** What the fork service uses of the node host. */
export interface ForkHost {
  forkUpstream(): ForkUpstream | null;
  forkControl(): ForkControlLike | null;
  startFork(upstream: ForkUpstream): Promise<NodeStatus>;
  stopFork(): Promise<NodeStatus>;
  onNetworkChange(listener: () => void): () => void;
}

export interface ForkServiceOptions {
  readonly settings: Settings;
  readonly host: ForkHost;
  readonly createNode?: CreateForkNode;
  readonly emit: EmitEvent;
  readonly transactions: {
    simulateOn(
      input: { txid: string },
      on: { client: TronNodeClient; dryRun: DryRunner | null; headTime: number | null },
    ): Promise<SimulationView>;
  };
  readonly envelopes: { envelopeFor(input: { id: string }): Envelope };
  readonly permissions: { rehearsalPlan(address: string, update: PermissionStructureInput): Promise<RehearsalPlan> };
  /** Where throw-away forks keep their temporary folders (the OS temp folder by default). */
  readonly tempRoot?: string;
}

const REHEARSAL_STEPS = 3;

/**
 * IPC domain `fork`. The embedded node as a fork of a known network (Node screen), impersonation on
 * it, and rehearsals on throw-away forks of the current real network: a built transaction, an
 * envelope, a permission edit. Rehearsals run one at a time (each is a node with its own folder).
 */
export class ForkService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ForkServiceOptions) {
    options.host.onNetworkChange(() => this.announce());
  }

  targets(): ForkTargetView[] {
    return forkTargets(this.options.settings.get());
  }

  status(): ForkStatus {
    const upstream = this.options.host.forkUpstream();
    const control = this.options.host.forkControl();
    const rehearsal = this.rehearsalUpstream();
    return {
      active: upstream !== null,
      target: upstream?.target ?? null,
      name: upstream?.name ?? null,
      report: control ? forkReportView(control.report()) : null,
      rehearsal:
        'upstream' in rehearsal
          ? { available: true, network: rehearsal.upstream.name, reason: null }
          : { available: false, network: null, reason: rehearsal.reason },
    };
  }

  async startEmbedded(input: { target: ForkTarget; apiKey?: string | null | undefined }): Promise<ForkStatus> {
    if (!this.options.createNode)
      throw new ForkError(ForkErrorCode.unavailable, 'This build of the app has no fork support in its node.');
    const { settings } = this.options;
    // Resolving first refuses `custom` without a saved node before anything is saved or stopped.
    const { key } = resolveForkTarget(settings.get(), input.target);
    if (input.apiKey !== undefined)
      await settings.update((current) => {
        const apiKeys = { ...current.apiKeys };
        if (input.apiKey === null) delete apiKeys[key];
        else apiKeys[key] = input.apiKey!;
        return { ...current, apiKeys };
      });
    const upstream = resolveForkTarget(settings.get(), input.target);
    // A fork that does not start throws why, and the chain the wallet was on keeps running.
    try {
      await this.options.host.startFork(upstream);
    } finally {
      this.announce();
    }
    return this.status();
  }

  async stopEmbedded(): Promise<ForkStatus> {
    await this.options.host.stopFork();
    this.announce();
    return this.status();
  }

  async impersonate(input: { address: string }): Promise<ForkStatus> {
    await this.requireControl().impersonate(input.address);
    this.announce();
    return this.status();
  }

  async stopImpersonating(input: { address: string }): Promise<ForkStatus> {
    await this.requireControl().stopImpersonating(input.address);
    this.announce();
    return this.status();
  }

  simulateTx(input: { txid: string }): Promise<ForkSimulation> {
    return this.rehearse('Running the transaction on the fork', async (node) => {
      const { client, dryRun } = forkAccess(node);
      const simulation = await this.options.transactions.simulateOn(input, {
        client,
        dryRun,
        headTime: node.head().timestamp,
      });
      return { simulation, cost: null, report: forkReportView(node.fork?.report() ?? {}) };
    });
  }

  simulateEnvelope(input: { id: string }): Promise<ForkSimulation> {
    const envelope = this.options.envelopes.envelopeFor(input);
    return this.rehearse('Running the envelope on the fork', async (node) => {
      const { simulation, cost, report } = await simulateEnvelopeOnNode(node, envelope);
      return { simulation, cost, report };
    });
  }

  async rehearsePermissions(input: { address: string; update: PermissionStructureInput }): Promise<ForkRehearsal> {
    const plan = await this.options.permissions.rehearsalPlan(input.address, input.update);
    return this.rehearse('Applying the update impersonated, then a transfer by each group', async (node) => {
      const result = await rehearsePermissionUpdate(node, plan);
      return { ...result, report: forkReportView(node.fork?.report() ?? {}) };
    });
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  /** The network a rehearsal forks: the current one when it is real. */
  private rehearsalUpstream(): { upstream: ForkUpstream } | { reason: string } {
    if (!this.options.createNode) return { reason: 'This build of the app has no fork support in its node.' };
    const settings = this.options.settings.get();
    const forked = this.options.host.forkUpstream();
    if (forked)
      return {
        reason: `The embedded node already is a fork of ${forked.name}: its own simulation runs on the fork.`,
      };
    const target = targetOfNetwork(settings.network);
    if (!target)
      return {
        reason:
          'The wallet uses the embedded dev chain, which has no real network to fork. Choose Mainnet, Nile, Shasta or a custom node on the Node screen.',
      };
    try {
      return { upstream: resolveForkTarget(settings, target) };
    } catch (error) {
      return { reason: (error as Error).message };
    }
  }

  private rehearse<T extends object>(
    running: string,
    task: (node: ForkNodeLike) => Promise<T>,
  ): Promise<T & { network: string }> {
    const run = async () => {
      const found = this.rehearsalUpstream();
      if (!('upstream' in found)) throw new ForkError(ForkErrorCode.notRealNetwork, found.reason);
      const { upstream } = found;
      this.progress(`Starting a fork of ${upstream.name} at its head block`, 1);
      const result = await withThrowawayFork(
        upstream,
        { createNode: this.options.createNode!, ...(this.options.tempRoot ? { tempRoot: this.options.tempRoot } : {}) },
        async (node) => {
          this.progress(running, 2);
          const out = await task(node);
          this.progress('Stopping the fork and deleting its folder', 3);
          return out;
        },
      );
      return { ...result, network: upstream.name };
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private progress(step: string, index: number): void {
    const payload: ForkProgress = { task: 'rehearsal', step, index, total: REHEARSAL_STEPS };
    this.options.emit('fork:progress', payload);
  }

  private requireControl(): ForkControlLike {
    const control = this.options.host.forkControl();
    if (!control)
      throw new ForkError(
        ForkErrorCode.notForked,
        'Impersonation exists only on a fork: start the embedded node as a fork on the Node screen first.',
      );
    return control;
  }

  private announce(): void {
    this.options.emit('fork:changed', this.status());
  }
}
