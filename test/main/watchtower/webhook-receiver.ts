// A webhook receiver on loopback for the tests: records each POST, checks its signature the way
// a receiver would (from the documented signed bytes, with node:crypto directly), and answers
// with the next status of its script (the last one repeats).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly body: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** HMAC-SHA256(secret, timestamp + "." + body) matched X-Watchtower-Signature. */
  readonly signatureValid: boolean;
}

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(
  secret: string,
  statuses: readonly number[],
  headers: Record<string, string> = {},
): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-watchtower-timestamp'] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      received.push({ body, headers: req.headers, signatureValid: req.headers['x-watchtower-signature'] === expected });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.writeHead(status, headers).end(status < 300 ? 'ok' : 'no');
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tron`,
    received,
    waitFor: (count) =>
      received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
