import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admission, presign, startBenchNode, throughput, type Throughput } from './broadcast';
import { ClientThread } from './client-thread';
import { ExternalClient } from './external';
import type { TronNode } from '../../../src-main/node';
import { topOfProfile, type CpuProfile, type ProfileWindow } from './cpu-profile';

/**
 * `npm run bench:profile`: where the node's CPU goes while it admits and packs transfers over HTTP.
 * Runs itself again under `node --cpu-prof` (the main thread and each worker write a profile),
 * broadcasts as `npm run bench -- node` does, and prints the top functions and modules by self
 * time, counting only samples taken while the broadcast ran (not startup or pre-signing).
 * `-- --external` broadcasts from the external client instead (TronWeb-signed, node:http, a process
 * of its own, whose profile is not taken). `--connections=N`: the client's keep-alive connections
 * (32 for the external client, 128 for the client thread by default).
 */
const WARM_UP = 1500;
const MEASURED = 4500;
const CONCURRENCY = 128;
const WINDOW_FILE = 'window.json';
const EXTERNAL_CONNECTIONS = 32;

const option = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
/** Functions and modules listed per thread (`--top=N`). */
const TOP = Number(option('top') ?? 15);

/** µs on the clock V8's profiler stamps samples with (CLOCK_MONOTONIC, as process.hrtime). */
const nowMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/** Broadcasts WARM_UP transfers, then MEASURED ones in the profile's window, from the client thread. */
async function fromThread(node: TronNode, window: ProfileWindow, concurrency: number): Promise<Throughput> {
  const warmUp = await presign(node, WARM_UP, 1);
  const measured = await presign(node, MEASURED, 1 + WARM_UP);
  const client = await ClientThread.start(node.port, concurrency);
  try {
    await throughput(node, warmUp, client);
    // Handing the batch to the client thread copies every body on this thread: done before the
    // window opens, as it is before `throughput` starts its clock.
    const batch = await client.keep(measured.map((s) => s.body));
    window.startMicros = nowMicros();
    const result = await admission(node, () => client.sendKept(batch), client.taskId);
    window.endMicros = nowMicros();
    return result;
  } finally {
    await client.close();
  }
}

/** The same from the external client's process: both batches are signed there before the first is sent. */
async function fromProcess(node: TronNode, window: ProfileWindow, connections: number): Promise<Throughput> {
  const client = await ExternalClient.start(node, [WARM_UP, MEASURED], 1, connections);
  try {
    await admission(node, () => client.send());
    window.startMicros = nowMicros();
    const result = await admission(node, () => client.send());
    window.endMicros = nowMicros();
    return result;
  } finally {
    await client.close();
  }
}

async function child(dir: string): Promise<void> {
  const cores = os.availableParallelism();
  const node = await startBenchNode();
  const external = process.argv.includes('--external');
  const connections = Number(option('connections') ?? (external ? EXTERNAL_CONNECTIONS : CONCURRENCY));
  try {
    const window: ProfileWindow = { startMicros: 0, endMicros: 0 };
    const result = external
      ? await fromProcess(node, window, connections)
      : await fromThread(node, window, connections);
    await writeFile(join(dir, WINDOW_FILE), JSON.stringify(window));
    const client = `${external ? 'external client' : 'client thread'}, ${connections} connections`;
    console.log(
      `${result.packed} of ${MEASURED} packed at ${Math.round(result.tps)} tx/s (${cores} cores, ` +
        `${node.recovery.implementation}, ${client}); CPU per packed transfer: ` +
        `main thread ${Math.round(result.cpuMain)} µs, other threads ${Math.round(result.cpuOthers)} µs ` +
        `(the client ${Math.round(result.cpuClient)} µs, not counted)`,
    );
    // From the kernel: time on a CPU only (a profile's samples also land while a thread waits for a
    // core). V8Worker threads are V8's own (GC and compiler helpers), v8:ProfEvntProc the profiler's.
    const threads = (result.byThread ?? []).map((t) => `${t.thread} ${t.micros} µs`).join(', ');
    console.log(`CPU per packed transfer by thread: ${threads}`);
  } finally {
    await node.stop();
  }
}

async function parent(): Promise<void> {
  const dir = await mkdtemp(join(os.tmpdir(), 'admission-profile-'));
  try {
    const self = fileURLToPath(import.meta.url);
    const code = await new Promise<number | null>((resolve) => {
      const proc = spawn(
        process.execPath,
        ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', self, ...process.argv.slice(2), '--child', dir],
        { stdio: 'inherit' },
      );
      proc.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`the profiled run exited with ${code}`);
    const window = JSON.parse(await readFile(join(dir, WINDOW_FILE), 'utf8')) as ProfileWindow;
    const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile')).sort();
    for (const file of files) {
      const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
      // File names end in pid.threadId.sequence: thread 0 is the main thread.
      const thread = /\.(\d+)\.\d+\.cpuprofile$/.exec(file)?.[1] ?? '?';
      const top = topOfProfile(profile, window, TOP);
      if (top.busyMs < 1) continue;
      console.log(
        `\n${thread === '0' ? 'main thread' : `worker thread ${thread}`}: ${Math.round(top.sampledMs)} ms sampled ` +
          `during the broadcast (${Math.round(top.busyMs)} ms not idle)`,
      );
      console.table(
        top.functions.map((f) => ({ 'self ms': Math.round(f.selfMs), '% busy': f.share, function: f.name })),
      );
      console.table(top.modules.map((m) => ({ 'self ms': Math.round(m.selfMs), '% busy': m.share, module: m.name })));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--child');
if (at >= 0) await child(process.argv[at + 1]!);
else await parent();
