import http from 'node:http';
import { TronWeb } from 'tronweb';
import type { ExternalGo, ExternalJob, ExternalReady, ExternalResult } from './external-protocol';

/**
 * A wallet in a process of its own, as the node meets one in use: it signs its transfers with
 * TronWeb (offline, from a block header it is given) before the clock starts, then posts them
 * over `connections` keep-alive connections of a node:http Agent. Its CPU is read in this process
 * (process.cpuUsage), so the bench can tell the client's cost from the node's. Runs under fork()
 * from external.ts and speaks through the IPC channel: a job, answered once every batch is signed;
 * then one `go` per batch, each answered with its result. One process signs and sends every batch,
 * so that its own compiled code is warm after the first, as a wallet's is after a while.
 */
const send = (message: ExternalReady | ExternalResult): void => void process.send!(message);

async function presign(job: ExternalJob): Promise<string[][]> {
  // TronWeb's offline path: with a block header, sendTrx builds the transaction without a request.
  const tronWeb = new TronWeb({ fullHost: `http://127.0.0.1:${job.port}` });
  const batches: string[][] = [];
  let i = 0;
  for (const size of job.batches) {
    const bodies: string[] = [];
    for (const end = i + size; i < end; i++) {
      const from = job.accounts[i % job.accounts.length]!;
      const to = job.accounts[(i + 1) % job.accounts.length]!;
      const unsigned = await tronWeb.transactionBuilder.sendTrx(to.hex, job.firstAmount + i, from.hex, {
        blockHeader: job.blockHeader,
      });
      bodies.push(JSON.stringify(await tronWeb.trx.sign(unsigned, from.privateKey)));
    }
    batches.push(bodies);
  }
  return batches;
}

function post(agent: http.Agent, port: number, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/wallet/broadcasttransaction',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function broadcast(job: ExternalJob, agent: http.Agent, bodies: readonly string[]): Promise<ExternalResult> {
  let accepted = 0;
  let refused = '';
  let next = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  // One request in flight per connection, as a wallet awaiting each reply on its own socket.
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (next < bodies.length) {
        const reply = await post(agent, job.port, bodies[next++]!);
        if (reply.startsWith('{"result":true')) accepted++;
        else refused ||= reply;
      }
    }),
  );
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { kind: 'result', accepted, refused, wallMs, cpuMicros: used.user + used.system };
}

let job: ExternalJob | undefined;
let signed: string[][] = [];
let agent: http.Agent | undefined;
let sent = 0;
process.on('message', (message: { job: ExternalJob } | ExternalGo) => {
  if ('job' in message) {
    job = message.job;
    // Connections stay open from one batch to the next, as a wallet's Agent keeps them.
    agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
    const cpu = process.cpuUsage();
    void presign(job).then((batches) => {
      signed = batches;
      const used = process.cpuUsage(cpu);
      send({ kind: 'ready', signed: batches.flat().length, signCpuMicros: used.user + used.system });
    });
    return;
  }
  void broadcast(job!, agent!, signed[sent++]!).then((result) => {
    send(result);
    if (sent === signed.length) {
      agent!.destroy();
      process.disconnect();
    }
  });
});
