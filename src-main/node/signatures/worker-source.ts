/**
 * Source of the recovery worker, run with `new Worker(source, { eval: true })`. Keeping it as
 * text (instead of a worker file next to this one) is what lets the same code run under tsx,
 * under vitest and inside the electron-vite bundle of the main process: there is no second
 * entry file whose path would differ in each. The worker imports @noble from absolute paths
 * that the parent resolves and passes in `workerData`.
 *
 * Protocol: the parent posts { id, count, input } where `input` holds `count` records of
 * digest(32) ‖ signature(65); the worker answers { id, status, addresses } with one status byte
 * and 21 address bytes per record (statuses as in recover.ts).
 */
export const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const queue = [];
let recoverOne = null;
Promise.all([import(pathToFileURL(workerData.curves).href), import(pathToFileURL(workerData.sha3).href)]).then(([curves, sha3]) => {
  const secp = curves.secp256k1;
  const keccak = sha3.keccak_256;
  recoverOne = (input, offset, status, addresses, index) => {
    const digest = input.subarray(offset, offset + 32);
    const v = input[offset + 96];
    let header = v < 27 ? v + 27 : v;
    if (header < 27 || header > 34) { status[index] = 1; return; }
    if (header >= 31) header -= 4;
    try {
      const sig = secp.Signature.fromBytes(input.subarray(offset + 32, offset + 96), 'compact').addRecoveryBit(header - 27);
      const pub = sig.recoverPublicKey(digest).toBytes(false);
      const hash = keccak(pub.subarray(1));
      addresses[index * 21] = 0x41;
      addresses.set(hash.subarray(12), index * 21 + 1);
      status[index] = 0;
    } catch (e) {
      status[index] = 2;
    }
  };
  for (const message of queue.splice(0)) handle(message);
}, (error) => { parentPort.postMessage({ fatal: String(error && error.message || error) }); });
function handle(message) {
  const { id, count, input } = message;
  const status = new Uint8Array(count);
  const addresses = new Uint8Array(count * 21);
  for (let i = 0; i < count; i++) recoverOne(input, i * 97, status, addresses, i);
  parentPort.postMessage({ id, status, addresses }, [status.buffer, addresses.buffer]);
}
parentPort.on('message', (message) => { if (recoverOne) handle(message); else queue.push(message); });
`;
