import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { Chain } from '../chain/chain';
import type { BlockResult } from './block-builder';
import { buildBlock } from './block-builder';
import type { TxPool } from '../pool/pool';

/**
 * The production loop (java-tron DposTask): with the default 3 s block time it wakes at every
 * wall-clock slot boundary and produces once the wall clock has reached the next block's slot;
 * with another block time every `blockTimeMs` (the chain still steps 3 s slots,
 * consensus/slot-clock.ts); 0 produces only on request (/admin/mine). Which representative signs
 * which slot is consensus/schedule.ts.
 */
export class Producer {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly chain: Chain,
    private readonly pool: TxPool,
    private readonly blockTimeMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    if (this.blockTimeMs > 0) this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    let delay = this.blockTimeMs;
    if (this.blockTimeMs === PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS) {
      // Wake at the next wall-clock slot boundary.
      delay = PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS - (Date.now() % PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS) + 5;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.produceOnTime()
        .catch(this.onError)
        .finally(() => this.schedule());
    }, delay);
  }

  /**
   * The loop's block: none while the next slot is still ahead of the wall clock (after a
   * maintenance block's skipped slots, or blocks mined on request).
   */
  private produceOnTime(): Promise<unknown> {
    const run = this.queue.then(async () => {
      const now = Date.now();
      if (this.chain.clock.nextSlotReached(now)) await this.produceOne(now);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Produces `count` blocks now, one after another. `wallNow` moves the wall clock the slots are
   * chosen from (a chain's first block may go into a slot already past).
   */
  produce(count: number, wallNow?: number): Promise<BlockResult[]> {
    const run = this.queue.then(async () => {
      const results: BlockResult[] = [];
      for (let i = 0; i < count; i++) results.push(await this.produceOne(wallNow ?? Date.now()));
      return results;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Produces `count` blocks, each once the wall clock has reached its slot (TRE's `tre_mine`: a block
   * mined on request is never stamped ahead of the wall clock, so a head block's time stays in the
   * past for what a client stamps with `Date.now()`). With another block time, the same as `produce`.
   * The queue is held meanwhile, so the loop cannot take the slot waited for.
   */
  produceOnClock(count: number): Promise<BlockResult[]> {
    const run = this.queue.then(async () => {
      const results: BlockResult[] = [];
      for (let i = 0; i < count; i++) {
        for (
          let wait = this.chain.clock.msUntilNextSlot(Date.now());
          wait > 0;
          wait = this.chain.clock.msUntilNextSlot(Date.now())
        ) {
          if (this.stopped) return results;
          await new Promise((resume) => setTimeout(resume, wait + 5));
        }
        results.push(await this.produceOne(Date.now()));
      }
      return results;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One block from the pool's transactions; the pool's lock keeps admissions out meanwhile. */
  private produceOne(wallNow: number): Promise<BlockResult> {
    return this.pool.exclusive(async () => {
      const result = await buildBlock(this.chain, this.pool.pendingState(), wallNow);
      await this.pool.blockCommitted([...result.packed.map(({ tx }) => tx.idHex), ...result.dropped]);
      return result;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.queue;
  }
}
