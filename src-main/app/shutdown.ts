import type { Logger } from '../ipc/logger';

export interface ShutdownHook {
  /** Shown in the log, e.g. "stop node and flush store". */
  readonly name: string;
  /** Lower runs first; equal orders run in registration order. */
  readonly order: number;
  /** A hook that takes longer is abandoned so the app still quits. */
  readonly timeoutMs: number;
  readonly run: () => Promise<void> | void;
}

/** Suggested orders, so services registered from different modules line up predictably. */
export const ShutdownOrder = {
  /** Stop accepting work from the renderer (close windows, unbind IPC). */
  ui: 100,
  /** Lock the vault, cancel pending jobs. */
  services: 200,
  /** Stop the node and flush its store last: earlier hooks may still write to it. */
  storage: 300,
} as const;

export interface ShutdownSequence {
  register(
    hook: Omit<ShutdownHook, 'order' | 'timeoutMs'> & Partial<Pick<ShutdownHook, 'order' | 'timeoutMs'>>,
  ): () => void;
  /** Runs every hook once, one after the other; later calls return the same promise. */
  run(): Promise<void>;
  readonly started: boolean;
}

/**
 * Ordered async "before quit" hooks. One failing or hanging hook is logged and skipped; the
 * rest still run, because a half-finished shutdown is worse than a slow one.
 */
export function createShutdownSequence(
  log: Logger,
  defaults: { timeoutMs: number } = { timeoutMs: 10_000 },
): ShutdownSequence {
  const hooks: (ShutdownHook & { seq: number })[] = [];
  let seq = 0;
  let running: Promise<void> | null = null;

  async function runAll(): Promise<void> {
    const ordered = [...hooks].sort((a, b) => a.order - b.order || a.seq - b.seq);
    for (const hook of ordered) {
      const started = Date.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), hook.timeoutMs);
      });
      try {
        const outcome = await Promise.race([
          Promise.resolve()
            .then(hook.run)
            .then(() => 'done' as const),
          timeout,
        ]);
        if (outcome === 'timeout') log.warn(`Shutdown step "${hook.name}" timed out`, { timeoutMs: hook.timeoutMs });
        else log.info(`Shutdown step "${hook.name}" finished`, { ms: Date.now() - started });
      } catch (error) {
        log.error(`Shutdown step "${hook.name}" failed`, { error: error instanceof Error ? error.name : typeof error });
      } finally {
        clearTimeout(timer);
      }
    }
  }

  return {
    register(hook) {
      if (running) throw new Error(`Cannot register "${hook.name}": shutdown has started.`);
      const entry = { order: ShutdownOrder.services, timeoutMs: defaults.timeoutMs, ...hook, seq: seq++ };
      hooks.push(entry);
      return () => {
        const at = hooks.indexOf(entry);
        if (at >= 0) hooks.splice(at, 1);
      };
    },
    run() {
      running ??= runAll();
      return running;
    },
    get started() {
      return running !== null;
    },
  };
}
