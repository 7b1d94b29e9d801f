import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '@core/client';
import type { FetchLike } from '@core/client/fetch';
import { AddressError, EncodingError, NodeHostError } from '@core/errors';
import * as b from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import type { TransactionJson } from '@core/tx/types';
import { createNode, type TronNode } from '@main/node';
import { JavaError } from '@main/node/errors';
import { deriveKeys, FUNDED_PATH, type DerivedKey } from '@main/node/genesis';
import type { EmbeddedNode } from '@main/wallet/node-host/embedded-node';
import { NodeHost } from '@main/wallet/node-host/node-host';
import { Settings, SETTINGS_FILE } from '@main/wallet/stores/settings';
import { workerNodeFactory } from '@main/wallet/node-host/node-worker/worker-embedded-node';
import {
  FAULT,
  FAULTY_ENTRY,
  mineOverHttp,
  onDemandChain,
  sourceEntry,
  sourceWorkerNodeFactory,
} from '../../../../fixtures/worker-node';
import { quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../../helpers';

/** Waits for the head the worker pushes to reach `number` (a timeout only stops a hung test). */
async function headReaches(node: EmbeddedNode, number: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (node.head().number < number) {
    if (Date.now() > deadline) throw new Error(`head stayed at ${node.head().number}, below ${number}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the embedded node in a worker thread', () => {
  let datadir: string;
  const started: EmbeddedNode[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    datadir = await tempDir('worker-node-');
    dirs.push(datadir);
  });
  // A test that failed half-way must not leave its node holding the data folder for the next one.
  afterEach(async () => {
    for (const node of started.splice(0)) await node.stop();
  });
  afterAll(async () => {
    for (const dir of dirs) await removeDir(dir);
  });

  async function start(dir = datadir, log: (line: string) => void = () => undefined, entry = sourceEntry()) {
    const node = await workerNodeFactory({ entry })(onDemandChain(dir, log));
    started.push(node);
    return node;
  }

  async function transfer(client: TronNodeClient, from: DerivedKey, to: DerivedKey, amount: bigint) {
    const ref = await client.getRefBlock();
    const tx = b.buildTransaction(b.transferContract({ owner: from.hex, to: to.hex, amount }), {
      header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }),
    });
    return signTransaction(tx, from.privateKey);
  }

  let keys: DerivedKey[];
  let balanceAfterTransfer: bigint;
  let headAfterTransfer: number;

  it('starts the real node with LevelDB and libsecp256k1 recovery workers inside the worker, sends a transfer over its HTTP API and dry-runs with amounts in bigint sun', async () => {
    const lines: string[] = [];
    const node = await start(datadir, (line) => lines.push(line));
    expect(node.url).toBe(`http://127.0.0.1:${node.port}`);
    expect(node.devMnemonic).toBe('test test test test test test test test test test test junk');
    expect(node.devAccountCount).toBe(10);
    expect(node.head()).toMatchObject({ number: 1, solidified: 0 });
    expect(node.head().id).toMatch(/^0{15}1[0-9a-f]{48}$/);
    expect(lines).toContainEqual(expect.stringMatching(/^signature recovery: libsecp256k1 .* on 2 worker threads$/));

    keys = deriveKeys(node.devMnemonic!, FUNDED_PATH, 2);
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch.bind(globalThis) });
    const signed = await transfer(client, keys[0]!, keys[1]!, 1_500_000n);

    const dry = (await node.dryRun!(signed)) as { accepted: boolean; fee: unknown; balanceChanges: unknown };
    expect(dry.accepted).toBe(true);
    expect(typeof dry.fee).toBe('bigint');
    expect(dry.balanceChanges).toMatchObject([
      { address: keys[0]!.hex, trx: -1_500_000n },
      { address: keys[1]!.hex, trx: 1_500_000n },
    ]);
    const sequence = await node.dryRunSequence!([{ transaction: signed as TransactionJson, checkSignatures: true }]);
    expect(sequence.headBlock).toBe(1);
    expect(sequence.outcomes[0]).toMatchObject({ accepted: true, stage: 'apply', txid: signed.txID });
    expect(sequence.outcomes[0]!.balanceChanges).toEqual([
      { address: keys[0]!.hex, deltaSun: -1_500_000n },
      { address: keys[1]!.hex, deltaSun: 1_500_000n },
    ]);

    const before = (await client.getAccount(keys[1]!.hex))!.balance;
    expect((await client.broadcastTransaction(signed)).txid).toBe(signed.txID);
    await mineOverHttp(node);
    await headReaches(node, 2);
    balanceAfterTransfer = (await client.getAccount(keys[1]!.hex))!.balance;
    expect(balanceAfterTransfer - before).toBe(1_500_000n);
    headAfterTransfer = node.head().number;

    await node.stop();
    expect(() => node.head()).not.toThrow();
  });

  it('starts again on the same data folder with the chain and the balances kept', async () => {
    const node = await start();
    expect(node.head().number).toBeGreaterThanOrEqual(headAfterTransfer);
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch.bind(globalThis) });
    expect((await client.getAccount(keys[1]!.hex))!.balance).toBe(balanceAfterTransfer);
    await node.stop();
  });

  it('rebuilds errors from the worker in their class, with their message and code', async () => {
    const node = await start();
    const badSigner = await node.dryRun!('0a00', { signers: ['not-an-address'] }).catch((e: unknown) => e);
    expect(badSigner).toBeInstanceOf(RangeError);
    expect((badSigner as Error).message).toBe(
      'The signer not-an-address is not a TRON address (41… hex or T… base58).',
    );
    const badHex = await node.dryRun!('zz').catch((e: unknown) => e);
    expect(badHex).toBeInstanceOf(EncodingError);
    expect(badHex).toMatchObject({ code: 'HEX_INVALID_CHARACTER', name: 'EncodingError' });
    const badJson = await node.dryRun!({ raw_data: 5 }).catch((e: unknown) => e);
    expect(badJson).toBeInstanceOf(JavaError);

    // A port another program holds: Node's system error keeps its code, which decides what the host says.
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const other = await tempDir('worker-node-port-');
    dirs.push(other);
    const failure = await sourceWorkerNodeFactory()({ ...onDemandChain(other), port }).catch((e: unknown) => e);
    blocker.close();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: 'EADDRINUSE' });
    await node.stop();
  });

  it('reports an uncaught error in the worker as a node failure, keeps the main thread running, and leaves the store closed for the next start', async () => {
    const node = await start(datadir, () => undefined, sourceEntry(FAULTY_ENTRY));
    const failures: string[] = [];
    node.onFailure!((message) => failures.push(message));
    const headBefore = node.head().number;

    const pending = node.dryRun!(FAULT.throwUncaught).catch((e: unknown) => e);
    const error = await pending;
    expect(error).toBeInstanceOf(NodeHostError);
    expect(error).toMatchObject({ code: 'NODE_CRASHED' });
    expect(failures).toEqual([
      'The embedded node stopped unexpectedly: it failed: simulated fault in the node. Start it again on the Node screen.',
    ]);
    expect(() => node.head()).toThrow(expect.objectContaining({ code: 'NODE_CRASHED' }));
    await expect(node.dryRun!('0a00')).rejects.toMatchObject({ code: 'NODE_CRASHED' });
    await node.stop();

    const again = await start();
    expect(again.head().number).toBeGreaterThanOrEqual(headBefore);
    await again.stop();
  });

  it('reports a worker thread that exits outright as a node failure naming its exit code', async () => {
    const node = await start(datadir, () => undefined, sourceEntry(FAULTY_ENTRY));
    const failures: string[] = [];
    node.onFailure!((message) => failures.push(message));
    await expect(node.dryRun!(FAULT.exitThread)).rejects.toMatchObject({ code: 'NODE_CRASHED' });
    expect(failures).toEqual([
      'The embedded node stopped unexpectedly: its worker ended with exit code 3. Start it again on the Node screen.',
    ]);
    await node.stop();
    // The thread's end released LevelDB's lock: the folder opens again in this process.
    const again = await start();
    expect(again.head().number).toBeGreaterThanOrEqual(1);
  });
});

/**
 * Fork mode through the worker: the fork's synchronous upstream reads block only the worker, so
 * the upstream can even be a node on this (main) thread.
 */
describe('the embedded node in a worker thread as a fork', () => {
  let upstream: TronNode;
  let dir: string;
  let node: EmbeddedNode | undefined;

  beforeAll(async () => {
    upstream = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0 });
    await upstream.mine(2);
    dir = await tempDir('worker-fork-');
  });
  afterAll(async () => {
    await node?.stop();
    await upstream?.stop();
    await removeDir(dir);
  });

  it("offers the fork's report and impersonation, the report updated once each change is answered", async () => {
    node = await sourceWorkerNodeFactory({ nodeOverrides: { signatureWorkers: 0 } })({
      ...onDemandChain(dir),
      fork: { url: upstream.url },
    });
    const fork = node.fork!;
    expect(fork.report()).toMatchObject({
      upstream: upstream.url,
      forkPoint: { number: upstream.head().number, id: upstream.head().id },
      impersonated: [],
    });
    const holder = upstream.accounts[3]!.address;
    expect(await fork.impersonate(holder)).toBe(holder);
    expect(fork.report().impersonated).toEqual([holder]);
    expect(await fork.stopImpersonating(upstream.accounts[3]!.hex)).toBe(holder);
    expect(fork.report().impersonated).toEqual([]);
    await expect(fork.impersonate('not-an-address')).rejects.toBeInstanceOf(AddressError);
  });
});

/** The host over the worker-backed node, as the app runs it. */
describe('node host with the embedded node in a worker thread', () => {
  let dir: string;
  let events: RecordedEvents;
  let host: NodeHost;

  beforeAll(async () => {
    dir = await tempDir('worker-host-');
    events = recordEvents();
    const settings = await Settings.open(join(dir, SETTINGS_FILE), { embeddedNode: { port: 0, blockTimeMs: 100 } });
    host = new NodeHost({
      userDataDir: dir,
      settings,
      createEmbeddedNode: workerNodeFactory({ entry: sourceEntry(FAULTY_ENTRY) }),
      fetch: globalThis.fetch as unknown as FetchLike,
      emit: events.emit,
      log: quietLog,
      clipboard: { writeText() {} },
      embeddedPollMs: 25,
    });
  });
  afterAll(async () => {
    await host.close();
    await removeDir(dir);
  });

  it('shows a crash of the worker as a failed node with the reason, and starts again on its chain', async () => {
    await host.open();
    await events.waitFor('node:block', (block) => block.number >= 3);
    expect(host.status()).toMatchObject({ state: 'running', source: 'embedded' });

    await expect(host.dryRunner()!(FAULT.throwUncaught as never)).rejects.toMatchObject({ code: 'NODE_CRASHED' });
    const failed = await events.waitFor('node:status', (status) => status.state === 'failed');
    expect(failed.message).toBe(
      'The embedded node stopped unexpectedly: it failed: simulated fault in the node. Start it again on the Node screen.',
    );
    expect(host.status()).toMatchObject({ state: 'failed' });

    const restarted = await host.restartEmbedded();
    expect(restarted.state).toBe('running');
    expect(restarted.headBlock).toBeGreaterThanOrEqual(3);
  });
});
