import { readdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { TronNodeClient } from '../../../../src-core/client/client';
import type { FetchLike } from '../../../../src-core/client/fetch';
import { ForkError } from '../../../../src-core/errors';
import { ACTIVE_DEFAULT_OPERATIONS } from '../../../../src-main/node/state/dynamic';
import { accountPermissionUpdateContract } from '../../../../src-core/tx/builders';
import { createNode } from '../../../../src-main/node';
import { ForkService, type ForkServiceOptions } from '../../../../src-main/wallet/fork/fork-service';
import type { RehearsalPlan } from '../../../../src-main/wallet/fork/permission-rehearsal';
import { embeddedNodeFactory } from '../../../../src-main/wallet/node-host/create-embedded';
import { NodeHost } from '../../../../src-main/wallet/node-host/node-host';
import { Settings, SETTINGS_FILE } from '../../../../src-main/wallet/stores/settings';
import {
  buildUpstreamState,
  multisigPayment,
  spawnHeadlessNode,
  type ChildNode,
  type UpstreamScenario,
} from '../../../fixtures/fork-upstream';
import { recordEvents, removeDir, tempDir } from '../helpers';

/**
 * The fork service (src-main/wallet/fork) against node A, a plain headless node in a child process
 * standing in for a real network (the wallet's saved custom node): throw-away forks for an envelope
 * and a permission rehearsal, and the embedded node started as a fork of A.
 */
const fetchLike = globalThis.fetch as unknown as FetchLike;
const KEY_OF_A = 'A-stand-in-api-key-7f3e9b';
const unused = {
  transactions: { simulateOn: () => Promise.reject(new Error('not used')) },
  envelopes: {
    envelopeFor: (): never => {
      throw new Error('not used');
    },
  },
  permissions: { rehearsalPlan: () => Promise.reject(new Error('not used')) },
};

describe('fork service', () => {
  const dirs: string[] = [];
  let scenario: UpstreamScenario;
  let a: ChildNode;
  let upstream: TronNodeClient;

  beforeAll(async () => {
    const upstreamDir = await tempDir('fork-service-a-');
    dirs.push(upstreamDir);
    scenario = await buildUpstreamState(upstreamDir);
    a = await spawnHeadlessNode(['--port', '0', '--block-time-ms', '0', '--datadir', upstreamDir]);
    upstream = new TronNodeClient({ fullNodeUrl: a.url, fetch: fetchLike });
  });
  afterAll(async () => {
    await a?.stop();
    for (const dir of dirs) await removeDir(dir);
  });

  /** A profile whose network is the custom node at `url`, a fork service over it, and a temp root for throw-away forks. */
  async function serviceOn(
    url: string | null,
    extra: Partial<ForkServiceOptions> = {},
  ): Promise<{ service: ForkService; tempRoot: string; events: ReturnType<typeof recordEvents> }> {
    const dir = await tempDir('fork-service-profile-');
    const tempRoot = await tempDir('fork-service-temp-');
    dirs.push(dir, tempRoot);
    const settings = await Settings.open(join(dir, SETTINGS_FILE));
    if (url)
      await settings.update((s) => ({
        ...s,
        network: { kind: 'custom', fullNodeUrl: url, solidityNodeUrl: null },
        customNode: { fullNodeUrl: url, solidityNodeUrl: null },
      }));
    const events = recordEvents();
    const service = new ForkService({
      settings,
      host: {
        forkUpstream: () => null,
        forkControl: () => null,
        startFork: () => Promise.reject(new Error('not used')),
        stopFork: () => Promise.reject(new Error('not used')),
        onNetworkChange: () => () => {},
      },
      createNode: (input) => createNode(input),
      emit: events.emit,
      ...unused,
      tempRoot,
      ...extra,
    });
    return { service, tempRoot, events };
  }

  /** The real node host over a fresh profile whose saved custom node is `customUrl`, with a fork service on it. */
  async function embeddedForkOf(customUrl: string, logged: string[] = []) {
    const dir = await tempDir('fork-service-embedded-');
    dirs.push(dir);
    const settings = await Settings.open(join(dir, SETTINGS_FILE), { embeddedNode: { port: 0, blockTimeMs: 100 } });
    await settings.update((s) => ({ ...s, customNode: { fullNodeUrl: customUrl, solidityNodeUrl: null } }));
    const events = recordEvents();
    const record = (m: string, d?: unknown) => void logged.push(m + JSON.stringify(d ?? {}));
    const host = new NodeHost({
      userDataDir: dir,
      settings,
      createEmbeddedNode: embeddedNodeFactory((input) => createNode({ ...input, signatureWorkers: 0 })),
      fetch: fetchLike,
      emit: events.emit,
      log: { info: record, warn: record, error: record },
      clipboard: { writeText() {} },
      embeddedPollMs: 25,
    });
    const service = new ForkService({
      settings,
      host,
      createNode: (input) => createNode(input),
      emit: events.emit,
      ...unused,
    });
    return { dir, settings, events, host, service };
  }

  const envelopeOfMultisigPayment = () => multisigPayment(upstream, scenario);

  const keys = (parties: readonly { hex: string }[]) => parties.map((p) => ({ address: p.hex, weight: 1 }));

  it("simulates an envelope on a throw-away fork of the saved custom node, discloses what it read, and deletes the fork's folder", async () => {
    const envelope = await envelopeOfMultisigPayment();
    const { service, tempRoot, events } = await serviceOn(a.url, { envelopes: { envelopeFor: () => envelope } });
    const result = await service.simulateEnvelope({ id: 'env_0000000000000001' });
    expect(result.network).toBe(`Custom node (127.0.0.1:${a.port})`);
    expect(result.simulation).toMatchObject({ method: 'dry-run', success: true, result: 'SUCCESS' });
    expect(result.simulation.balanceChanges).toContainEqual(
      expect.objectContaining({ address: toBase58Address(scenario.carol.hex), asset: 'TRX', delta: 7_000_000n }),
    );
    // The payer also burns bandwidth and the multi-signature fee.
    const paid = result.simulation.balanceChanges.find((c) => c.address === toBase58Address(scenario.multisig.hex));
    expect(paid!.delta).toBeLessThan(-7_000_000n);
    expect(result.cost).not.toBeNull();
    const head = await upstream.getNowBlockHeader();
    expect(result.report.forkPoint).toMatchObject({ number: head.number, id: head.blockID });
    expect(result.report.fetched.account).toBeGreaterThanOrEqual(2);
    expect(result.report.readRange).not.toBeNull();
    expect(result.report.upstream).toBe(a.url);
    expect(events.of('fork:progress').map((p) => p.index)).toEqual([1, 2, 3]);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('rehearses handing the owner to a new key: applied impersonated on the fork, then the new owner and the 2-of-3 treasury each move funds; A is untouched', async () => {
    const plan: RehearsalPlan = {
      address: scenario.multisig.hex as RehearsalPlan['address'],
      spec: accountPermissionUpdateContract({
        owner: scenario.multisig.hex,
        ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: keys([scenario.newOwner]) },
        actives: [
          {
            type: 'Active',
            permission_name: 'treasury',
            threshold: 2,
            operations: ACTIVE_DEFAULT_OPERATIONS,
            keys: keys(scenario.cosigners),
          },
        ],
      }),
    };
    const before = await upstream.getAccount(scenario.multisig.hex);
    const { service, tempRoot } = await serviceOn(a.url, { permissions: { rehearsalPlan: async () => plan } });
    const result = await service.rehearsePermissions({
      address: toBase58Address(scenario.multisig.hex),
      update: {} as never,
    });
    expect(result.update.outcome).toBe('passed');
    expect(result.groups).toHaveLength(2);
    expect(result.groups[0]).toMatchObject({
      type: 'Owner',
      permissionId: 0,
      outcome: 'passed',
      signers: [toBase58Address(scenario.newOwner.hex)],
    });
    expect(result.groups[1]).toMatchObject({ type: 'Active', permissionId: 2, name: 'treasury', outcome: 'passed' });
    expect(result.groups[1]!.signers).toHaveLength(2);
    expect(result.proven).toBe(true);
    expect(result.report.impersonated).toEqual([]);
    expect(await upstream.getAccount(scenario.multisig.hex)).toEqual(before);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('skips a group that may not transfer TRX and still proves the owner can', async () => {
    // Operations with only TriggerSmartContract (type 31): byte 3, bit 7.
    const callsOnly = `00000080${'00'.repeat(28)}`;
    const plan: RehearsalPlan = {
      address: scenario.multisig.hex as RehearsalPlan['address'],
      spec: accountPermissionUpdateContract({
        owner: scenario.multisig.hex,
        ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 2, keys: keys(scenario.cosigners) },
        actives: [
          { type: 'Active', permission_name: 'calls', threshold: 1, operations: callsOnly, keys: keys([scenario.bob]) },
        ],
      }),
    };
    const { service } = await serviceOn(a.url, { permissions: { rehearsalPlan: async () => plan } });
    const result = await service.rehearsePermissions({
      address: toBase58Address(scenario.multisig.hex),
      update: {} as never,
    });
    expect(result.groups.map((g) => [g.name, g.outcome])).toEqual([
      ['owner', 'passed'],
      ['calls', 'skipped'],
    ]);
    expect(result.proven).toBe(true);
  });

  it('reports an update the fork refuses (an account the network never saw) as failed, with nothing proven', async () => {
    const stranger = '41' + 'ab'.repeat(20);
    const plan: RehearsalPlan = {
      address: stranger as RehearsalPlan['address'],
      spec: accountPermissionUpdateContract({
        owner: stranger,
        ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 1, keys: keys([scenario.newOwner]) },
        actives: [],
      }),
    };
    const { service } = await serviceOn(a.url, { permissions: { rehearsalPlan: async () => plan } });
    const result = await service.rehearsePermissions({ address: toBase58Address(stranger), update: {} as never });
    expect(result.update.outcome).toBe('failed');
    expect(result.update.detail).toMatch(/refused/);
    expect(result.proven).toBe(false);
  });

  it('names the node and says what to do when the network to fork does not answer, and leaves no folder behind', async () => {
    // The fork fails before the transaction is looked up, so the service's own double never answers.
    const closed = await closedPort();
    const { service, tempRoot } = await serviceOn(`http://127.0.0.1:${closed}`);
    const failure = await service.simulateTx({ txid: 'ab'.repeat(32) }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ForkError);
    expect((failure as ForkError).code).toBe('FORK_UPSTREAM_FAILED');
    expect((failure as ForkError).message).toContain(`http://127.0.0.1:${closed}`);
    expect((failure as ForkError).message).toMatch(/connection refused, ECONNREFUSED\). Check that the node runs/);
    expect((failure as ForkError).message).not.toMatch(/API key/);
    expect((failure as ForkError).details).toMatchObject({ cause: 'refused', code: 'ECONNREFUSED' });
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('refuses a rehearsal on the dev chain and impersonation while the embedded node is no fork', async () => {
    const { service } = await serviceOn(null);
    expect(service.status().rehearsal).toMatchObject({ available: false, network: null });
    await expect(service.simulateTx({ txid: 'ab'.repeat(32) })).rejects.toMatchObject({
      code: 'FORK_NOT_REAL_NETWORK',
    });
    await expect(service.impersonate({ address: toBase58Address(scenario.bob.hex) })).rejects.toMatchObject({
      code: 'FORK_NOT_ACTIVE',
    });
  });

  /**
   * An upstream that answers every request with `status`, in a worker thread: the fork reads its
   * upstream synchronously, so a server on this thread's event loop could never answer it.
   */
  async function refusingUpstream(status: number): Promise<{ url: string; stop: () => Promise<number> }> {
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const server = require('node:http').createServer((request, response) => {
         response.writeHead(workerData.status, { 'content-type': 'application/json' });
         response.end(JSON.stringify({ Error: 'ApiKey not exists' }));
       });
       server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
      { eval: true, workerData: { status } },
    );
    const port = await new Promise<number>((listening, failed) => {
      worker.once('message', listening);
      worker.once('error', failed);
    });
    return { url: `http://127.0.0.1:${port}`, stop: () => worker.terminate() };
  }

  /** A loopback port nothing listens on (a server took it and closed). */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    await new Promise((closed) => server.close(closed));
    return port;
  }

  /** The next block the host reports after `number`: the dev chain still produces. */
  function nextBlockAfter(host: NodeHost, number: number): Promise<number> {
    return new Promise((resolve) => {
      const off = host.onBlock((block) => {
        if (block.number > number) {
          off();
          resolve(block.number);
        }
      });
    });
  }

  it('keeps the dev chain producing when the fork cannot look its upstream up (DNS), and says DNS, not the key', async () => {
    const { dir, settings, host, service, events } = await embeddedForkOf('http://fork-upstream.invalid:8090');
    try {
      await host.open();
      expect(host.status()).toMatchObject({ state: 'running', network: 'Embedded dev node' });
      const devUrl = host.url();
      const failure = (await service
        .startEmbedded({ target: 'custom', apiKey: KEY_OF_A })
        .catch((e: unknown) => e)) as ForkError;
      expect(failure).toBeInstanceOf(ForkError);
      expect(failure).toMatchObject({ code: 'FORK_UPSTREAM_FAILED', details: { cause: 'dns' } });
      expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(failure.details?.code);
      expect(failure.message).toMatch(/the name fork-upstream\.invalid could not be looked up \(DNS, E[A-Z_]+\)/);
      expect(failure.message).toMatch(/Check that this computer is online/);
      expect(failure.message).not.toMatch(/API key/);
      expect(failure.message).toContain('Nothing changed: the wallet stays on Embedded dev node, which keeps running.');
      expect(failure.message).not.toContain(KEY_OF_A);

      expect(host.status()).toMatchObject({ state: 'running', network: 'Embedded dev node' });
      expect(events.of('node:status').map((s) => s.state)).not.toContain('failed');
      expect(events.of('node:status').map((s) => s.state)).not.toContain('stopping');
      expect(host.url()).toBe(devUrl);
      const head = host.head()!.number;
      expect(await nextBlockAfter(host, head)).toBeGreaterThan(head);
      expect(service.status()).toMatchObject({ active: false, report: null });
      expect(host.nodeDir()).toBe(join(dir, 'tron-node'));
      expect(settings.get().network).toEqual({ kind: 'embedded' });
    } finally {
      await host.close();
    }
  });

  it('blames the API key when the upstream answers 401, and the dev chain keeps running', async () => {
    const refusing = await refusingUpstream(401);
    const url = refusing.url;
    const { host, service } = await embeddedForkOf(url);
    try {
      await host.open();
      const failure = (await service
        .startEmbedded({ target: 'custom', apiKey: KEY_OF_A })
        .catch((e: unknown) => e)) as ForkError;
      expect(failure).toMatchObject({
        code: 'FORK_UPSTREAM_FAILED',
        details: { cause: 'key-refused', code: 'HTTP 401' },
      });
      expect(failure.message).toContain(`${url.slice('http://'.length)} refused the API key (HTTP 401)`);
      expect(failure.message).toMatch(/Check the API key typed for this network/);
      expect(failure.message).not.toContain(KEY_OF_A);
      expect(host.status()).toMatchObject({ state: 'running', network: 'Embedded dev node' });
      const head = host.head()!.number;
      expect(await nextBlockAfter(host, head)).toBeGreaterThan(head);
    } finally {
      await host.close();
      await refusing.stop();
    }
  });

  it('starts the embedded node as a fork of the custom node with its API key kept out of every log line, impersonates on it, and returns to the dev chain', async () => {
    const logged: string[] = [];
    const { dir, events, host, service } = await embeddedForkOf(a.url, logged);
    try {
      await host.open();
      expect(service.status().active).toBe(false);
      const started = await service.startEmbedded({ target: 'custom', apiKey: KEY_OF_A });
      expect(started).toMatchObject({ active: true, target: 'custom', name: `Custom node (127.0.0.1:${a.port})` });
      expect(host.status()).toMatchObject({ state: 'running', network: `Fork of Custom node (127.0.0.1:${a.port})` });
      expect(host.devAccounts()).toBeNull();
      // It started beside the dev chain: its steps came as fork progress, and the node never failed or stopped first.
      expect(events.of('fork:progress').filter((p) => p.task === 'embedded').length).toBeGreaterThan(0);
      expect(events.of('node:status').map((s) => s.state)).not.toContain('failed');
      expect(host.network().key).toMatch(/^fork-custom-[0-9a-f]{12}$/);
      const head = await upstream.getNowBlockHeader();
      expect(started.report?.forkPoint.id).toBe(head.blockID);
      expect(service.targets().find((t) => t.target === 'custom')).toMatchObject({ url: a.url, hasApiKey: true });

      const multisig = toBase58Address(scenario.multisig.hex);
      const impersonating = await service.impersonate({ address: multisig });
      expect(impersonating.report?.impersonated).toEqual([multisig]);
      expect(events.of('fork:changed').at(-1)?.report?.impersonated).toEqual([multisig]);
      expect((await service.stopImpersonating({ address: multisig })).report?.impersonated).toEqual([]);

      const back = await service.stopEmbedded();
      expect(back).toMatchObject({ active: false, report: null });
      expect(host.status()).toMatchObject({ state: 'running', network: 'Embedded dev node' });
      expect(host.nodeDir()).toBe(join(dir, 'tron-node'));
      const everything = [
        ...logged,
        ...host.logTail(1000).map((l) => l.text),
        JSON.stringify(events.all, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      ];
      expect(everything.join('\n')).toContain(a.url);
      expect(everything.join('\n')).not.toContain(KEY_OF_A);
    } finally {
      await host.close();
    }
  });
});
