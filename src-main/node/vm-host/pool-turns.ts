import type { VmPoolPort } from './ports';

/**
 * Runs `work` under the pool's lock (`VmPoolPort.exclusive`, the pool's), handing the lock and the thread over at
 * each `pause`: the lock is released, the event loop turns once (timers, HTTP requests, and
 * admissions or block production waiting for the lock run to their end), and the lock is taken
 * again before the work goes on. So the work never sees a transaction half-applied, and a long one
 * holds up the others for one slice at a time instead of its whole run.
 */
export async function withPoolTurns<T>(
  pool: Pick<VmPoolPort, 'exclusive'>,
  work: (pause: () => Promise<void>) => Promise<T>,
): Promise<T> {
  let leave: (() => void) | undefined;
  const enter = (): Promise<void> =>
    new Promise((entered) => {
      void pool.exclusive(
        () =>
          new Promise<void>((release) => {
            leave = release;
            entered();
          }),
      );
    });
  const exit = (): void => {
    const release = leave;
    leave = undefined;
    release?.();
  };
  await enter();
  try {
    return await work(async () => {
      exit();
      await new Promise<void>((resolve) => setImmediate(resolve));
      await enter();
    });
  } finally {
    exit();
  }
}
