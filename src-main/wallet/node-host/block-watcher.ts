import type { NodeBlock } from '../../../src-core/ipc/channels/node';

/** Reads the newest block (with its producer and transaction count) and the solidified number. */
export type ReadHead = (last: NodeBlock | null) => Promise<NodeBlock>;

export interface BlockWatcherOptions {
  readonly intervalMs: number;
  /** A new head block, or the same head with a newer solidified number. */
  readonly onBlock: (block: NodeBlock) => void;
  /** The first failure after a success (not every failed poll). */
  readonly onError: (error: unknown) => void;
  /** The first success after a failure. */
  readonly onRecover: () => void;
}

/**
 * Polls a node for its head block, one request at a time (a slow node is never asked twice at
 * once). The timer is unref'd so that it never keeps a headless process alive.
 */
export class BlockWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private failing = false;
  private latest: NodeBlock | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly read: ReadHead,
    private readonly options: BlockWatcherOptions,
  ) {}

  get last(): NodeBlock | null {
    return this.latest;
  }

  /** Polls once now, then every `intervalMs`. Resolves after the first poll. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.poll();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  /** Polls now (e.g. after a broadcast), without waiting for the timer. */
  async poll(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight = this.once().finally(() => {
      this.inFlight = null;
      if (this.running) {
        this.timer = setTimeout(() => void this.poll(), this.options.intervalMs);
        this.timer.unref();
      }
    });
    return this.inFlight;
  }

  private async once(): Promise<void> {
    let block: NodeBlock;
    try {
      block = await this.read(this.latest);
    } catch (error) {
      if (!this.running) return;
      if (!this.failing) {
        this.failing = true;
        this.options.onError(error);
      }
      return;
    }
    if (!this.running) return;
    if (this.failing) {
      this.failing = false;
      this.options.onRecover();
    }
    const previous = this.latest;
    if (previous && block.number < previous.number) return;
    if (previous && block.number === previous.number && block.solidBlock === previous.solidBlock) return;
    this.latest = block;
    this.options.onBlock(block);
  }
}
