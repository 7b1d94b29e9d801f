import { LeanConnection } from '../node/lean-client';

/**
 * Latency of one endpoint under `clients` concurrent keep-alive clients: each client sends its
 * next request as soon as its previous answer is in. A request's latency runs from writing it to
 * having the last byte of its reply (so it includes waiting behind the other clients' requests on
 * the node's one event loop). Every answer is checked with `ok`, on its bytes: a check that
 * decodes a 500 kB block reply into a string would cost the client more than the node's answer.
 */
export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly requests: number;
  readonly failed: number;
  readonly firstFailure: string;
  /** CPU time (user + system) this process spent per request, ms: the client's own share of the cores. */
  readonly clientCpuMs: number;
}

export type ReplyCheck = (reply: Buffer, body: string) => boolean;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function measureLatency(
  port: number,
  clients: number,
  path: string,
  bodies: readonly string[],
  ok: ReplyCheck,
): Promise<Latency> {
  const connections = await Promise.all(Array.from({ length: clients }, () => LeanConnection.open(port)));
  const times: number[] = [];
  let failed = 0;
  let firstFailure = '';
  let next = 0;
  const cpuBefore = process.cpuUsage();
  try {
    await Promise.all(
      connections.map(async (first, index) => {
        let connection = first;
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const t0 = performance.now();
          let reply: Buffer;
          try {
            reply = await connection.postForBytes(path, body);
          } catch (error) {
            // A dropped connection is a failed request; the client connects again.
            reply = Buffer.from(`(connection failed: ${(error as Error).message})`);
            connection = await LeanConnection.open(port);
            connections[index] = connection;
          }
          times.push(performance.now() - t0);
          if (!ok(reply, body)) {
            failed++;
            firstFailure ||= `${body} → ${reply.subarray(0, 200).toString('utf8')}`;
          }
        }
      }),
    );
  } finally {
    for (const c of connections) c.close();
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
    requests: times.length,
    failed,
    firstFailure,
    clientCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, times.length),
  };
}

/**
 * A block reply for the block asked for (`{"num":N}`), checked without decoding it: it starts
 * with the blockID, whose first 8 bytes are the block number (BlockCapsule.getBlockId), and ends
 * with the closing brace and newline; its length is the Content-Length the client read it by.
 */
export function isBlockReply(reply: Buffer, body: string): boolean {
  const num = (JSON.parse(body) as { num: number }).num;
  const start = `{"blockID":"${num.toString(16).padStart(16, '0')}`;
  return (
    reply.length > start.length &&
    reply.toString('latin1', 0, start.length) === start &&
    reply[reply.length - 2] === 0x7d &&
    reply[reply.length - 1] === 0x0a
  );
}
