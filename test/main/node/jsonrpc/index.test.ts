import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { startNode } from '../helpers';
import { rpcText } from './helpers';

/**
 * The /jsonrpc endpoint over HTTP (java-tron JsonRpcServlet + FullNodeJsonRpcHttpService): POST
 * only, HTTP 200 for every answer, an empty body for notifications, on the node's port and on a
 * port of its own, behind the node's Host check.
 */
function raw(
  port: number,
  path: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the /jsonrpc endpoint', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ jsonRpcPort: 0 });
  });
  afterAll(async () => node?.stop());

  it('is served on the node port at /jsonrpc and on its own port (java-tron: node.jsonrpc.httpFullNodePort)', async () => {
    const own = new URL(node.jsonRpcUrl);
    expect(own.pathname).toBe('/jsonrpc');
    expect(own.port).not.toBe(String(node.port));
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
    const expected = `{"jsonrpc":"2.0","id":1,"result":"0x${node.head().number.toString(16)}"}\n`;
    expect(await rpcText(node.jsonRpcUrl, body)).toMatchObject({ status: 200, text: expected });
    expect(await rpcText(`${node.url}/jsonrpc`, body)).toMatchObject({ status: 200, text: expected });
    // Only /jsonrpc lives on the JSON-RPC port.
    expect((await raw(Number(own.port), '/wallet/getnowblock', 'POST', {})).status).toBe(404);
  });

  it('answers errors with HTTP 200 too, and a successful notification with an empty body', async () => {
    expect(await rpcText(node.jsonRpcUrl, '{"jsonrpc":"2.0","id":1,"method":"eth_nothing"}')).toMatchObject({
      status: 200,
      text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}\n',
    });
    expect(await rpcText(node.jsonRpcUrl, '{"jsonrpc":"2.0","method":"eth_blockNumber"}')).toMatchObject({
      status: 200,
      text: '',
    });
  });

  it('refuses GET (the servlet has doPost only) and Host headers that are not loopback', async () => {
    const port = Number(new URL(node.jsonRpcUrl).port);
    expect((await raw(port, '/jsonrpc', 'GET', {})).status).toBe(405);
    const evil = await raw(
      port,
      '/jsonrpc',
      'POST',
      { Host: 'evil.example' },
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    );
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.text).Error).toMatch(/Host header not allowed/);
  });
});
