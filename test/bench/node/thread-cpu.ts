import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time each thread of this process has used. Linux's /proc/self/task/<tid>/schedstat gives the
 * time on a CPU in ns (its first field); where it is missing, stat's utime + stime (fields 14 and
 * 15) in clock ticks of 10 ms, too coarse for a round of a few hundred ms. Unlike wall time it does
 * not grow while other processes on a shared machine hold the cores. Empty where /proc is not available.
 */
const TICK_MS = 10;

function taskCpuMs(tid: string): number {
  try {
    return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
}

export function threadCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      out.set(Number(tid), taskCpuMs(tid));
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

/** CPU ms of the main thread (tid = pid) and of all other threads but `exclude` between two readings. */
export function cpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  exclude: readonly (number | undefined)[] = [],
): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const [tid, ms] of after) {
    if (exclude.includes(tid)) continue;
    const used = ms - (before.get(tid) ?? 0);
    if (tid === process.pid) main += used;
    else others += used;
  }
  return { main, others };
}

/** The thread's name as Linux reports it (MainThread, V8Worker for V8's GC and compiler helpers, WorkerThread, …). */
function taskName(tid: number): string {
  try {
    return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/**
 * Each thread's CPU between two readings, in µs per `count` (threads under 1 µs left out), busiest
 * first: which of the node's threads, V8's own helpers included, a transfer's CPU goes to.
 */
export function cpuPerThread(
  before: Map<number, number>,
  after: Map<number, number>,
  count: number,
  exclude: readonly (number | undefined)[] = [],
): { thread: string; micros: number }[] {
  const out: { thread: string; micros: number }[] = [];
  for (const [tid, ms] of after) {
    if (exclude.includes(tid) || count === 0) continue;
    const micros = ((ms - (before.get(tid) ?? 0)) * 1000) / count;
    if (micros >= 1) out.push({ thread: `${taskName(tid)} ${tid}`, micros: Math.round(micros) });
  }
  return out.sort((a, b) => b.micros - a.micros);
}
