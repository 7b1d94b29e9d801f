/** Time source and timers, injected so tests can move time by hand. */
export interface VaultClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: VaultClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // An idle timer must not keep a headless process (tests, the CLI node) alive.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Calls `onIdle` once no `touch()` happened for `idleMs`. One timer at a time: a touch only
 * records the time, and the timer re-arms itself for the remainder when it fires early.
 */
export class IdleTimer {
  private handle: unknown = null;
  private lastActivity = 0;
  private idleMs = 0;

  constructor(
    private readonly clock: VaultClock,
    private readonly onIdle: () => void,
  ) {}

  /** Starts (or restarts) watching; 0 disables the timer. */
  start(idleMs: number): void {
    this.stop();
    this.idleMs = idleMs;
    if (idleMs <= 0) return;
    this.lastActivity = this.clock.now();
    this.arm(idleMs);
  }

  touch(): void {
    this.lastActivity = this.clock.now();
  }

  stop(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }

  get running(): boolean {
    return this.handle !== null;
  }

  private arm(ms: number): void {
    this.handle = this.clock.setTimeout(() => this.fire(), ms);
  }

  private fire(): void {
    this.handle = null;
    const idleFor = this.clock.now() - this.lastActivity;
    if (idleFor >= this.idleMs) this.onIdle();
    else this.arm(this.idleMs - idleFor);
  }
}
