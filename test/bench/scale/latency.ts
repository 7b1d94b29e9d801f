import { LeanConnection } from '../node/lean-client';

/**
 * Latency of one endpoint under `clients` concurrent keep-alive clients: each client sends its
 * next request as soon as its previous answer is in. Every answer is checked with `ok`.
 */
export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly requests: number;
  readonly failed: number;
  readonly firstFailure: string;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function measureLatency(
  port: number,
  clients: number,
  path: string,
  bodies: readonly string[],
  ok: (reply: string) => boolean,
): Promise<Latency> {
  const connections = await Promise.all(Array.from({ length: clients }, () => LeanConnection.open(port)));
  const times: number[] = [];
  let failed = 0;
  let firstFailure = '';
  let next = 0;
  try {
    await Promise.all(
      connections.map(async (first, index) => {
        let connection = first;
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const t0 = performance.now();
          let reply: string;
          try {
            reply = await connection.post(path, body);
          } catch (error) {
            // A dropped connection is a failed request; the client connects again.
            reply = `(connection failed: ${(error as Error).message})`;
            connection = await LeanConnection.open(port);
            connections[index] = connection;
          }
          times.push(performance.now() - t0);
          if (!ok(reply)) {
            failed++;
            firstFailure ||= `${body} → ${reply.slice(0, 200)}`;
          }
        }
      }),
    );
  } finally {
    for (const c of connections) c.close();
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
    requests: times.length,
    failed,
    firstFailure,
  };
}
