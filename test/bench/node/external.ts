import { fork, type ChildProcess } from 'node:child_process';
import type { TronNode } from '../../../src-main/node';
import type { Sent } from './broadcast';
import type { ExternalJob, ExternalReady, ExternalResult } from './external-protocol';

/**
 * The external client (external-client.ts) in a process of its own: `start` has it sign batches of
 * the given sizes with TronWeb and waits until it holds them; each `send` has it post the next batch
 * and answers with its replies and its own CPU. The process leaves after the last batch.
 */
export class ExternalClient {
  private constructor(
    private readonly child: ChildProcess,
    readonly ready: ExternalReady,
  ) {}

  static async start(
    node: TronNode,
    batches: readonly number[],
    firstAmount: number,
    connections: number,
  ): Promise<ExternalClient> {
    const head = node.head();
    const job: ExternalJob = {
      port: node.port,
      connections,
      batches,
      firstAmount,
      accounts: node.accounts.map((a) => ({ hex: a.hex, privateKey: a.privateKey })),
      // java-tron's reference: the block number's last two bytes and bytes 8–16 of its id.
      blockHeader: {
        ref_block_bytes: head.number.toString(16).padStart(16, '0').slice(-4),
        ref_block_hash: head.id.slice(16, 32),
        expiration: head.timestamp + 3_600_000,
        timestamp: head.timestamp,
      },
    };
    const child = fork(new URL('./external-client.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await ExternalClient.next<ExternalReady>(child, () => child.send({ job }));
    return new ExternalClient(child, ready);
  }

  /** Posts the next signed batch; resolves with the replies counted and the client's CPU ms while it posted. */
  async send(): Promise<Sent> {
    const result = await ExternalClient.next<ExternalResult>(this.child, () => this.child.send({ go: true }));
    return { accepted: result.accepted, refused: result.refused, clientCpuMs: result.cpuMicros / 1000 };
  }

  /** Waits for the child's process to end (it leaves once it has sent every batch), or ends it. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    if (this.child.connected) this.child.kill();
    await exited;
  }

  private static next<T>(child: ChildProcess, ask: () => void): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null): void => reject(new Error(`the external client exited with ${code}`));
      child.once('message', (message: T) => {
        child.off('exit', onExit);
        resolve(message);
      });
      child.once('exit', onExit);
      ask();
    });
  }
}
