/**
 * CPU µs per broadcast body of the node's main-thread path from body text to transaction: the
 * request read as BroadcastServlet reads it (PostParams, `visible`, the depth check) and
 * transactionFromJson, as handlers/transactions.ts runs it for a body of ordinary size with no
 * builder output remembered. Process CPU, not wall time (the machine is shared); the best of
 * several passes after a warm-up. Run: npx tsx test/bench/node/tx-input-cost.ts [bodies] [passes]
 */
import { bytesToHex } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey, privateKeyFromHex } from '../../../src-core/keys/keys';
import { BuiltTransactions } from '../../../src-main/node/java-json/built-transactions';
import { transactionFromJson } from '../../../src-main/node/java-json/tx-input';
import { INPUT, makeRequest } from '../../../src-main/node/http/request';
import { presign, type PresignSource } from './broadcast';

const BODIES = Number(process.argv[2] ?? 2000);
const PASSES = Number(process.argv[3] ?? 15);
const ROUNDS_PER_PASS = 2;

/** Twenty fixed keys and a head, standing in for a bench node (presign reads nothing else of it). */
function source(): PresignSource {
  const accounts = Array.from({ length: 20 }, (_, i) => {
    const privateKey = bytesToHex(Uint8Array.from({ length: 32 }, (_, j) => (i * 32 + j + 1) & 0xff));
    return { hex: addressFromPrivateKey(privateKeyFromHex(privateKey)), privateKey };
  });
  const head = { number: 1234, id: `00000000000004d2${'ab'.repeat(24)}`, timestamp: 1_700_000_000_000 };
  return { head: () => head, accounts };
}

const url = new URL('http://127.0.0.1:8090/wallet/broadcasttransaction');

/** What broadcastTransaction does with one body before the pool: the id keeps the work observable. */
function toTransaction(body: string, built: BuiltTransactions): string {
  const req = makeRequest('POST', url, body, 'application/json').readAs(INPUT.postParams);
  const visible = req.visible();
  return transactionFromJson(req.text(), visible, built).idHex;
}

function pass(bodies: readonly string[], built: BuiltTransactions): number {
  const before = process.cpuUsage();
  let sink = 0;
  for (let r = 0; r < ROUNDS_PER_PASS; r++) for (const body of bodies) sink += toTransaction(body, built).length;
  const used = process.cpuUsage(before);
  if (sink !== 64 * bodies.length * ROUNDS_PER_PASS) throw new Error('a transaction id was not 32 bytes');
  return (used.user + used.system) / (bodies.length * ROUNDS_PER_PASS);
}

async function main(): Promise<void> {
  const signed = await presign(source(), BODIES, 1);
  const bodies = signed.map((s) => s.body);
  const built = new BuiltTransactions();
  for (const [i, body] of bodies.entries())
    if (toTransaction(body, built) !== signed[i]!.id) throw new Error(`body ${i} gave another transaction id`);
  // Optimized code settles over the first few thousand bodies; those passes are not counted.
  for (let p = 0; p < 3; p++) pass(bodies, built);
  const micros: number[] = [];
  for (let p = 0; p < PASSES; p++) micros.push(pass(bodies, built));
  const best = Math.min(...micros);
  console.log(`bodies ${bodies.length} (${bodies[0]!.length} chars), ${PASSES} passes of ${ROUNDS_PER_PASS} rounds`);
  console.log(`µs CPU per body: best ${best.toFixed(2)}; passes ${micros.map((m) => m.toFixed(2)).join(' ')}`);
}

await main();
