import { NodeHostError } from '../../../src-core/errors';
import { NodeHostErrorCode } from './connection';

/**
 * The node host's lifecycle calls (start, stop, restart, reset, switch, close), one at a time in
 * call order, so two windows' clicks or a retry never interleave a stop with a start. Once the
 * host closed, every call is refused.
 */
export class LifecycleQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private isClosed = false;

  get closed(): boolean {
    return this.isClosed;
  }

  /** Marks the host closed; calls queued after this one are refused. */
  close(): void {
    this.isClosed = true;
  }

  run<T>(operation: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.isClosed) throw new NodeHostError(NodeHostErrorCode.notRunning, 'The app is shutting down.');
      return operation();
    };
    const next = this.tail.then(run, run);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
