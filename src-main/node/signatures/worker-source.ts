/**
 * Source of the recovery worker, run with `new Worker(source, { eval: true })`. Keeping it as
 * text (instead of a worker file next to this one) is what lets the same code run under tsx,
 * under vitest and inside the electron-vite bundle of the main process: there is no second
 * entry file whose path would differ in each. The worker loads its modules from the absolute
 * paths that the parent resolved (implementation.ts `WorkerModules`, passed as `workerData`):
 * libsecp256k1's binding when `native` is set, otherwise @noble/curves.
 *
 * Protocol: the parent posts { id, count, input } where `input` holds `count` records of
 * digest(32) ‖ signature(65); the worker answers { id, status, addresses } with one status byte
 * and 21 address bytes per record (statuses and rules as in recover.ts). A worker whose modules
 * fail to load answers { fatal } and the parent recovers its work on the main thread.
 */
export const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const queue = [];
let recoverOne = null;
const importPath = (path) => import(pathToFileURL(path).href);
const recoverer = workerData.native
  ? Promise.resolve().then(() => {
      const native = require(workerData.native);
      return (compact, recoveryId, digest) => native.ecdsaRecover(compact, recoveryId, digest, false);
    })
  : importPath(workerData.curves).then(({ secp256k1 }) => (compact, recoveryId, digest) =>
      secp256k1.Signature.fromBytes(compact, 'compact').addRecoveryBit(recoveryId).recoverPublicKey(digest).toBytes(false));
Promise.all([recoverer, importPath(workerData.sha3)]).then(([recoverPublicKey, sha3]) => {
  const keccak = sha3.keccak_256;
  recoverOne = (input, offset, status, addresses, index) => {
    const v = input[offset + 96];
    let header = v < 27 ? v + 27 : v;
    if (header < 27 || header > 34) { status[index] = 1; return; }
    if (header >= 31) header -= 4;
    try {
      const pub = recoverPublicKey(input.subarray(offset + 32, offset + 96), header - 27, input.subarray(offset, offset + 32));
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
parentPort.on('message', (message) => {
  if (message.close) parentPort.close();
  else if (recoverOne) handle(message);
  else queue.push(message);
});
`;
