import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority, for threads whose work can wait: on a machine
 * with few cores a background thread at the same priority takes its share of CPU from the threads
 * that admit transactions. A thread, not the process: on Linux, setpriority(2) with a thread id
 * changes that thread alone, and /proc/thread-self names the caller's id (proc(5)). Elsewhere, or
 * where the kernel refuses, the thread keeps its priority and only runs sooner than it needs to.
 */
export function lowerThreadPriority(niceness: number): boolean {
  const tid = ownThreadId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}

function ownThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    // "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isSafeInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}
