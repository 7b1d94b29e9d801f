import http from 'node:http';
import { performance as perf } from 'node:perf_hooks';
import { createNode } from './src-main/node/node.ts';
import * as b from './src-core/tx/builders.ts';
import { transactionHeader } from './src-core/tx/header.ts';
import { signDigest, privateKeyFromHex } from './src-core/keys/keys.ts';
import { bytesToHex, hexToBytes } from './src-core/bytes/hex.ts';
const C = Number(process.argv[2] ?? 64);
const node = await createNode({ port: 0, blockTimeMs: 0, accounts: 20, signatureWorkers: 2, maxPendingTransactions: 100000 });
const head = node.head();
const header = transactionHeader({ refBlock: { number: BigInt(head.number), blockId: head.id }, headTimestamp: head.timestamp, expirationMs: 3_600_000 });
const keys = node.accounts.map((a) => ({ hex: a.hex, key: privateKeyFromHex(a.privateKey) }));
const bodies: string[] = [];
for (let i = 0; i < 3000; i++) {
  const from = keys[i % keys.length], to = keys[(i + 1) % keys.length];
  const tx = b.buildTransaction(b.transferContract({ owner: from.hex, to: to.hex, amount: BigInt(1 + i) }), { header });
  bodies.push(JSON.stringify({ ...tx, signature: [bytesToHex(signDigest(hexToBytes(tx.txID), from.key))] }));
}
const agent = new http.Agent({ keepAlive: true, maxSockets: C });
const post = (body: string) => new Promise<void>((res) => { const r = http.request({ host: '127.0.0.1', port: node.port, path: '/wallet/broadcasttransaction', method: 'POST', agent, headers: { 'Content-Length': Buffer.byteLength(body) } }, (s) => { s.resume(); s.on('end', () => res()); }); r.end(body); });
const workers = (node.recovery as any).slots.map((s: any) => s.worker);
const e0 = perf.eventLoopUtilization(); const w0 = workers.map((w: any) => w.performance.eventLoopUtilization());
const t = performance.now(); let n = 0;
await Promise.all(Array.from({ length: C }, async () => { while (n < bodies.length) { const i = n++; await post(bodies[i]); } }));
const dt = performance.now() - t;
const e1 = perf.eventLoopUtilization(e0); const w1 = workers.map((w: any, i: number) => w.performance.eventLoopUtilization(w0[i]));
console.log(`C=${C} admitted/s ${(bodies.length / dt * 1000).toFixed(0)} mainELU ${e1.utilization.toFixed(2)} workers ${w1.map((x: any) => x.utilization.toFixed(2)).join(' ')}`);
await node.stop();
