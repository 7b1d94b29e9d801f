import { parentPort, workerData } from 'node:worker_threads';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { LeanConnection } from '../node/lean-client';
import { signId } from '../libsecp-signer';

/**
 * The TRC-20 bench's wallets on a thread of their own (started by ClientThread), as wallets are
 * other processes: for each `{ triggers, key }` message, every body is sent to
 * /wallet/triggersmartcontract over `concurrency` keep-alive connections, the transaction it
 * builds is signed and sent to /wallet/broadcasttransaction. The answer gives the id of the last
 * accepted transfer and the first refusal.
 */
const { port, concurrency } = workerData as { port: number; concurrency: number };
const connections = await Promise.all(Array.from({ length: concurrency }, () => LeanConnection.open(port)));

interface Request {
  readonly triggers?: readonly string[];
  readonly key?: string;
  readonly close?: true;
}

parentPort!.on('message', async (message: Request) => {
  if (message.close) {
    for (const c of connections) c.close();
    parentPort!.close();
    return;
  }
  const triggers = message.triggers!;
  const key = hexToBytes(message.key!);
  let next = 0;
  let lastId = '';
  let refused = '';
  await Promise.all(
    connections.map(async (connection) => {
      while (next < triggers.length) {
        const built = JSON.parse(await connection.post('/wallet/triggersmartcontract', triggers[next++]!)) as {
          transaction?: { txID: string };
        };
        const tx = built.transaction;
        if (!tx) {
          refused ||= `triggersmartcontract failed: ${JSON.stringify(built)}`;
          continue;
        }
        const signature = bytesToHex(signId(hexToBytes(tx.txID), key));
        const reply = await connection.post(
          '/wallet/broadcasttransaction',
          JSON.stringify({ ...tx, signature: [signature] }),
        );
        if (reply.startsWith('{"result":true')) lastId = tx.txID;
        else refused ||= reply;
      }
    }),
  );
  parentPort!.postMessage({ lastId, refused });
});
parentPort!.postMessage({ ready: true });
