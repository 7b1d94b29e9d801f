import { fork } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { createNode } from '../../../src-main/node';
import { LeanConnection } from '../node/lean-client';
import { topOfProfile, type CpuProfile, type ProfileWindow } from '../node/cpu-profile';
import { buildChain, type BuiltChain, type ChainSize } from '../scale/build-chain';
import { isBlockReply, measureLatency, type Latency, type ReplyCheck } from '../scale/latency';

/**
 * `npm run bench -- scale [--accounts=N] [--transfers=N] [--per-block=N]`: a chain of 200,000
 * accounts and 1,000,000 signed transfers (by default) built through the node's pool and block
 * producer, then the data directory's size, a restart in a process of its own (time to the first
 * served request, the node's RSS) and p50/p99 latency of three reads under 32 concurrent clients
 * (from writing a request to its reply's last byte; see scale/latency.ts), with the node's CPU time
 * per request, the figure a loaded machine does not inflate.
 * `--keep=<dir>` builds the chain in `<dir>` and leaves it there; `--reuse=<dir>` skips the build
 * and measures a chain kept that way (so a change to the restart or the reads is measured in
 * minutes, on the same chain). `--profile` runs the restarted node under `--cpu-prof` and prints
 * its main thread's top functions during the restart and during each endpoint's reads.
 */
// 500 transfers a block: a busy mainnet block holds a few hundred.
const DEFAULT_SIZE: ChainSize = { accounts: 200_000, transfers: 1_000_000, perBlock: 500 };
const CLIENTS = 32;
const REQUESTS_PER_ENDPOINT = 2_000;
/** Blocks answer with every transaction in them: fewer requests keep the run short. */
const BLOCK_REQUESTS = 500;
const TARGET_RSS_MB = 1024;
const TARGET_RESTART_MS = 5_000;
const TARGET_P99_MS = 20;
/**
 * A whole block's reply (hundreds of kB) takes longer to write than 20 ms on a slow machine even for
 * a server that does nothing else, so getblockbynum's target is relative: its p99 at most the p99 of
 * node:http sending the same reply to the same clients, measured in the same run.
 */
const TARGET_FLOOR_RATIO: Readonly<Record<string, number>> = { getblockbynum: 1.0 };
/**
 * Each endpoint first gets this many more requests, in percent, that are not counted (see
 * `measure`). V8 optimizes an endpoint's code over its first several hundred requests: with 200
 * getaccount requests of warm-up, the 2,000 measured ones still shared the two cores with 250 ms
 * of compiler threads and ran partly unoptimized (p99 twice the next 2,000's).
 */
const WARM_UP_PERCENT = 50;
const withWarmUp = (count: number): number => count + Math.ceil((count * WARM_UP_PERCENT) / 100);

function flag(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const arg = process.argv.find((a) => a.startsWith(prefix));
  if (!arg) return fallback;
  const value = Number(arg.slice(prefix.length).replace(/_/g, ''));
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${prefix}… takes a positive whole number.`);
  return value;
}

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await directorySize(path) : (await stat(path)).size;
  }
  return total;
}

async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * CPU time (user + system, all threads) a process has used, in ms: /proc/<pid>/stat fields 14 and
 * 15 in clock ticks (USER_HZ, 100 on Linux). On a shared machine the latencies include waiting for
 * a core; the node's own CPU per request does not.
 */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Picks `count` items spread over `items` (deterministic). */
function spread<T>(items: readonly T[], count: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(items[(i * 7_919) % items.length]!);
  return out;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Of the replies to `bodies`, the one of median length. */
async function medianReply(port: number, path: string, bodies: readonly string[]): Promise<Buffer> {
  const connection = await LeanConnection.open(port);
  try {
    const replies: Buffer[] = [];
    for (const body of bodies) replies.push(await connection.postForBytes(path, body));
    return replies.sort((a, b) => a.length - b.length)[Math.floor(replies.length / 2)]!;
  } finally {
    connection.close();
  }
}

/**
 * The same requests, with the same warm-up, to node:http answering each with `reply` and doing
 * nothing else (scale/floor-server.ts): what this machine's cores and loopback allow these
 * clients, measured in the same run.
 */
async function measureFloor(reply: Buffer, bodies: readonly string[]): Promise<Latency> {
  const server = fork(fileURLToPath(new URL('../scale/floor-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    server.send(reply.toString('base64'));
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      server.once('message', (m) => resolve(m as { port: number }));
      server.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
    });
    const same = (answer: Buffer) => answer.length === reply.length;
    await measureLatency(
      port,
      CLIENTS,
      '/floor',
      bodies.slice(0, Math.ceil((bodies.length * WARM_UP_PERCENT) / 100)),
      same,
    );
    return await measureLatency(port, CLIENTS, '/floor', bodies, same);
  } finally {
    server.send('stop');
    await exited;
  }
}

function textFlag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** µs on the clock V8's profiler stamps samples with (CLOCK_MONOTONIC, as process.hrtime). */
const nowMicros = (): number => Number(process.hrtime.bigint() / 1000n);
const PROFILE_TOP = 15;

/** The main thread's top functions by self time in each window (profile files name their thread second to last). */
async function printProfile(dir: string, windows: Record<string, ProfileWindow>): Promise<void> {
  const file = (await readdir(dir)).find((f) => /\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error(`no main-thread profile in ${dir}`);
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
  for (const [name, window] of Object.entries(windows)) {
    const top = topOfProfile(profile, window, PROFILE_TOP);
    console.log(
      `\nmain thread, ${name}: ${Math.round(top.sampledMs)} ms sampled, ${Math.round(top.busyMs)} ms not idle`,
    );
    console.table(top.functions.map((f) => ({ 'self ms': Math.round(f.selfMs), '% busy': f.share, function: f.name })));
  }
}

/** What the read phase needs of a built chain, kept beside the node's data in `--keep`'s directory. */
const BUILT_FILE = 'scale-bench-chain.json';

async function build(datadir: string, size: ChainSize): Promise<BuiltChain> {
  const node = await createNode({
    datadir,
    port: 0,
    blockTimeMs: 0,
    accounts: 20,
    signatureWorkers: os.availableParallelism(),
    maxPendingTransactions: Math.max(100_000, size.perBlock),
  });
  const funded = node.accounts.map((a) => ({ key: hexToBytes(a.privateKey), address: hexToBytes(a.hex) }));
  try {
    return await buildChain(node, funded, size, (line) => console.log(line));
  } finally {
    await node.stop();
  }
}

export async function run(): Promise<boolean> {
  const size: ChainSize = {
    accounts: flag('accounts', DEFAULT_SIZE.accounts),
    transfers: flag('transfers', DEFAULT_SIZE.transfers),
    perBlock: flag('per-block', DEFAULT_SIZE.perBlock),
  };
  if (size.transfers < size.accounts)
    throw new RangeError('--transfers must be at least --accounts (each new account is created by a transfer).');
  const reuse = textFlag('reuse');
  const keep = textFlag('keep') ?? reuse;
  const datadir = keep ?? (await mkdtemp(join(os.tmpdir(), 'tron-scale-')));
  try {
    let built: BuiltChain;
    if (reuse) {
      built = JSON.parse(await readFile(join(reuse, BUILT_FILE), 'utf8')) as BuiltChain;
      console.log(
        `\nscale: the chain kept in ${reuse} (${built.headNumber} blocks, ${built.addresses.length} accounts)`,
      );
    } else {
      console.log(`\nscale: ${size.accounts} accounts, ${size.transfers} transfers, ${size.perBlock} per block`);
      built = await build(datadir, size);
      if (keep) await writeFile(join(keep, BUILT_FILE), JSON.stringify(built));
    }
    const datadirBytes = await directorySize(datadir);

    // --- restart in a process of its own --------------------------------------------------------
    const profileDir = process.argv.includes('--profile') ? await mkdtemp(join(os.tmpdir(), 'scale-profile-')) : null;
    const windows: Record<string, ProfileWindow> = { restart: { startMicros: nowMicros(), endMicros: 0 } };
    const forkedAt = performance.now();
    const child = fork(fileURLToPath(new URL('../scale/serve.ts', import.meta.url)), [datadir], {
      execArgv: [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const ready = await new Promise<{ port: number; createNodeMs: number }>((resolve, reject) => {
        child.once('message', (m) => resolve(m as { port: number; createNodeMs: number }));
        child.once('exit', (code) => reject(new Error(`the restarted node exited with ${code}`)));
      });
      const first = await LeanConnection.open(ready.port);
      const askedAt = performance.now();
      const firstReply = await first.post('/wallet/getnowblock', '{}');
      const firstAnswerMs = performance.now() - askedAt;
      const sinceForkMs = performance.now() - forkedAt;
      first.close();
      windows.restart!.endMicros = nowMicros();
      const restartMs = ready.createNodeMs + firstAnswerMs;
      const headServed = firstReply.includes(`"number":${built.headNumber}`);
      console.log(
        `  built in ${Math.round(built.seconds)} s; restart ${Math.round(restartMs)} ms; measuring reads with ${CLIENTS} clients…`,
      );

      // --- reads under concurrency -------------------------------------------------------------
      const reads: { name: string; latency: Latency; cpuMsPerRequest: number; floor: Latency; replyBytes: number }[] =
        [];
      const measure = async (name: string, all: string[], ok: ReplyCheck): Promise<void> => {
        // The first requests to an endpoint after the restart also pay for compiling its code (on V8's
        // threads, which the node's CPU counts): they are sent first and not counted.
        const warmUp = all.length - Math.round((all.length * 100) / (100 + WARM_UP_PERCENT));
        await measureLatency(ready.port, CLIENTS, `/wallet/${name}`, all.slice(all.length - warmUp), ok);
        const bodies = all.slice(0, all.length - warmUp);
        const window = { startMicros: nowMicros(), endMicros: 0 };
        const cpuBefore = await cpuMsOf(child.pid!);
        const latency = await measureLatency(ready.port, CLIENTS, `/wallet/${name}`, bodies, ok);
        const cpuMsPerRequest = ((await cpuMsOf(child.pid!)) - cpuBefore) / latency.requests;
        window.endMicros = nowMicros();
        windows[name] = window;
        const reply = await medianReply(ready.port, `/wallet/${name}`, bodies.slice(0, 9));
        const floor = await measureFloor(reply, bodies);
        reads.push({ name, latency, cpuMsPerRequest, floor, replyBytes: reply.length });
      };
      const addressBodies = spread(built.addresses, withWarmUp(REQUESTS_PER_ENDPOINT)).map((a) =>
        JSON.stringify({ address: a }),
      );
      await measure('getaccount', addressBodies, (r) => r.includes('"address"'));
      const idBodies = spread(built.sampleTxIds, withWarmUp(REQUESTS_PER_ENDPOINT)).map((id) =>
        JSON.stringify({ value: id }),
      );
      await measure('gettransactionbyid', idBodies, (r) => r.includes('"txID"'));
      const numbers = Array.from({ length: built.headNumber }, (_, i) => i + 1);
      const blockBodies = spread(numbers, withWarmUp(BLOCK_REQUESTS)).map((num) => JSON.stringify({ num }));
      await measure('getblockbynum', blockBodies, isBlockReply);
      const memory = await memoryOf(child.pid!);

      const failedReads = reads.reduce((n, r) => n + r.latency.failed, 0);
      const targetText = (r: (typeof reads)[number]): string => {
        const ratio = TARGET_FLOOR_RATIO[r.name];
        return ratio === undefined
          ? `target p99 < ${TARGET_P99_MS} ms`
          : `target p99 ≤ ${ratio.toFixed(1)}× the floor's`;
      };
      const meetsTarget = (r: (typeof reads)[number]): boolean => {
        const ratio = TARGET_FLOOR_RATIO[r.name];
        return ratio === undefined ? r.latency.p99 < TARGET_P99_MS : r.latency.p99 <= ratio * r.floor.p99;
      };
      console.table([
        {
          measure: 'chain built through the pool and the producer',
          value: `${built.headNumber} blocks in ${Math.round(built.seconds)} s (${Math.round(size.transfers / built.seconds)} tx/s), ${built.refused} refused`,
        },
        { measure: 'data directory', value: `${(datadirBytes / 1024 / 1024).toFixed(1)} MB` },
        {
          measure: 'restart: createNode to the first served request',
          value: `${Math.round(restartMs)} ms (target < ${TARGET_RESTART_MS}); ${Math.round(sinceForkMs)} ms from process start, with Node and tsx`,
        },
        {
          measure: "the restarted node's RSS after the reads (peak)",
          value: `${Math.round(memory.rssMb)} MB (${Math.round(memory.peakMb)} MB) (target < ${TARGET_RSS_MB} MB)`,
        },
        ...reads.flatMap((r) => [
          {
            measure: `${r.name}: p50 / p99 / max, ${r.latency.requests} requests, ${CLIENTS} clients`,
            value: `${ms(r.latency.p50)} / ${ms(r.latency.p99)} / ${ms(r.latency.max)} (${targetText(r)}); node CPU ${r.cpuMsPerRequest.toFixed(2)} ms a request (client ${r.latency.clientCpuMs.toFixed(2)} ms)${r.latency.failed ? `, ${r.latency.failed} wrong answers` : ''}`,
          },
          {
            measure: `  floor: node:http sending one ${kb(r.replyBytes)} reply, same clients`,
            value: `${ms(r.floor.p50)} / ${ms(r.floor.p99)} / ${ms(r.floor.max)}; the node's p99 is ${(r.latency.p99 / r.floor.p99).toFixed(2)}× the floor's`,
          },
        ]),
      ]);
      console.log(
        `latency: from writing a request to the last byte of its reply, each of ${CLIENTS} keep-alive clients sending its next request when its reply is in (so it includes queueing behind the others on the node's one event loop), after ${WARM_UP_PERCENT} % more requests not counted; floor: the same requests to a server of its own that answers each with the median-length reply of that endpoint's first nine and does nothing else; node CPU: the restarted node's user + system time over the requests (all its threads), client: the bench process's. Load average: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.`,
      );
      if (built.refused) console.log(`first refusal while building: ${built.firstRefusal}`);
      for (const r of reads)
        if (r.latency.firstFailure) console.log(`${r.name}, first wrong answer: ${r.latency.firstFailure}`);
      if (!headServed)
        console.log(`the first answer after the restart was not head ${built.headNumber}: ${firstReply.slice(0, 200)}`);
      return (
        built.refused === 0 &&
        headServed &&
        failedReads === 0 &&
        restartMs < TARGET_RESTART_MS &&
        memory.rssMb < TARGET_RSS_MB &&
        reads.every(meetsTarget)
      );
    } finally {
      child.send('stop');
      await exited;
      if (profileDir) {
        await printProfile(profileDir, windows);
        await rm(profileDir, { recursive: true, force: true });
      }
    }
  } finally {
    if (!keep) await rm(datadir, { recursive: true, force: true });
  }
}
