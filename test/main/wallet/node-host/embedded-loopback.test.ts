import { request, Server as HttpServer } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedNodeSettingsSchema } from '@core/ipc/channels/node';
import { createNode, type TronNode } from '@main/node';
import { resolveConfig } from '@main/node/config';
import { embeddedNodeFactory, type CreateNodeInputLike } from '@main/wallet/node-host/create-embedded';
import { DEFAULT_EMBEDDED_NODE } from '@main/wallet/stores/settings';
import { startEmbeddedWallet } from '../embedded-wallet';
import { recordEvents, removeDir, tempDir } from '../helpers';

/**
 * The wallet's embedded node must be reachable from this machine only. These tests start it the
 * way the app does (embeddedNodeFactory over the node's createNode, which services.ts wires in)
 * and read the address the HTTP server actually bound, from the server itself.
 */
let listening: NetServer[];
let dir: string;
const nodes: TronNode[] = [];

beforeEach(async () => {
  listening = [];
  const listen = NetServer.prototype.listen;
  // Keeps every server that starts listening, so the test can ask it for its bound address.
  vi.spyOn(NetServer.prototype, 'listen').mockImplementation(function (this: NetServer, ...args: unknown[]) {
    listening.push(this);
    return (listen as (...a: unknown[]) => NetServer).apply(this, args);
  });
  dir = await tempDir('embedded-loopback-');
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const node of nodes.splice(0)) await node.stop();
  await removeDir(dir);
});

/** The app's factory over the real createNode; records what it passed and keeps the node to stop it. */
function appFactory() {
  const inputs: CreateNodeInputLike[] = [];
  const factory = embeddedNodeFactory(async (input) => {
    inputs.push(input);
    const node = await createNode({ ...input, signatureWorkers: 0 });
    nodes.push(node);
    return node;
  });
  return { factory, inputs };
}

function httpAddresses(): AddressInfo[] {
  return listening
    .filter((server) => server instanceof HttpServer && server.listening)
    .map((server) => server.address() as AddressInfo);
}

function get(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

const config = (datadir: string) => ({
  port: 0,
  datadir,
  blockTimeMs: 0,
  saveInternalTx: false,
  estimateEnergy: true,
  allowBrowserAccess: false,
  adminEndpoints: false,
  log: () => {},
});

describe('embedded node binds to loopback only', () => {
  it('the HTTP server of a node started through embeddedNodeFactory is bound to 127.0.0.1 (IPv4) and nothing else', async () => {
    const { factory, inputs } = appFactory();
    const node = await factory(config(dir));
    expect(inputs.map((input) => input.host)).toEqual(['127.0.0.1']);
    const addresses = httpAddresses();
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({ address: '127.0.0.1', family: 'IPv4', port: node.port });
    expect(node.url).toBe(`http://127.0.0.1:${node.port}`);
  });

  it('ignores a host smuggled into the embedded config and still binds 127.0.0.1', async () => {
    const { factory, inputs } = appFactory();
    await factory({ ...config(dir), host: '0.0.0.0' } as Parameters<typeof factory>[0]);
    expect(inputs[0]!.host).toBe('127.0.0.1');
    expect(httpAddresses().map((a) => a.address)).toEqual(['127.0.0.1']);
  });

  it("the wallet's node host (createWalletServices) starts its embedded node on 127.0.0.1", async () => {
    const wallet = await startEmbeddedWallet({
      prefix: 'embedded-loopback-wallet-',
      events: recordEvents(),
      blockTimeMs: 100,
    });
    try {
      const addresses = httpAddresses();
      expect(addresses).toHaveLength(1);
      expect(addresses[0]).toMatchObject({ address: '127.0.0.1', family: 'IPv4', port: wallet.nodes[0]!.port });
    } finally {
      await wallet.close();
    }
  });

  it('node settings cannot carry a bind address: the settings schema refuses a host field', () => {
    expect(EmbeddedNodeSettingsSchema.safeParse(DEFAULT_EMBEDDED_NODE).success).toBe(true);
    expect(EmbeddedNodeSettingsSchema.safeParse({ ...DEFAULT_EMBEDDED_NODE, host: '0.0.0.0' }).success).toBe(false);
  });

  it('the node library and CLI default to 127.0.0.1 when no host is given', () => {
    expect(resolveConfig().host).toBe('127.0.0.1');
    expect(resolveConfig({ port: 0 }).host).toBe('127.0.0.1');
  });

  it('answers only requests whose Host header names loopback (DNS-rebinding gate)', async () => {
    const { factory } = appFactory();
    const node = await factory(config(dir));
    expect(await get(node.port, '/wallet/getnowblock', `127.0.0.1:${node.port}`)).toBe(200);
    expect(await get(node.port, '/wallet/getnowblock', `localhost:${node.port}`)).toBe(200);
    expect(await get(node.port, '/wallet/getnowblock', 'evil.example')).toBe(403);
    expect(await get(node.port, '/wallet/getnowblock', `192.168.1.10:${node.port}`)).toBe(403);
  });
});
