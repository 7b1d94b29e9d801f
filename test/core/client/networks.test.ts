import { describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../../src-core/client/client';
import { NETWORKS, genesisText, networkByGenesisId } from '../../../src-core/client/networks';
import { ValidationError } from '../../../src-core/errors';
import { fakeNode, ok } from './fake-node';
import { NILE_NODE_INFO } from '../../fixtures/java-tron/nile-responses';

describe('network presets', () => {
  it('point at the TronGrid hosts for mainnet, Nile and Shasta', () => {
    expect(NETWORKS.mainnet.fullNodeUrl).toBe('https://api.trongrid.io');
    expect(NETWORKS.nile.fullNodeUrl).toBe('https://nile.trongrid.io');
    expect(NETWORKS.shasta.fullNodeUrl).toBe('https://api.shasta.trongrid.io');
    expect(NETWORKS.custom.fullNodeUrl).toBeUndefined();
  });

  it('carry genesis block ids whose last 4 bytes are the TVM chain ids', () => {
    expect(NETWORKS.mainnet.genesisBlockId?.endsWith('2b6653dc')).toBe(true);
    expect(NETWORKS.nile.genesisBlockId?.endsWith('cd8690dc')).toBe(true);
    expect(NETWORKS.shasta.genesisBlockId?.endsWith('94a9059e')).toBe(true);
    for (const network of [NETWORKS.mainnet, NETWORKS.nile, NETWORKS.shasta]) {
      // Block 0: the first 8 bytes (the block number) are zero.
      expect(network.genesisBlockId).toMatch(/^0{16}[0-9a-f]{48}$/);
    }
    expect(NETWORKS.custom.genesisBlockId).toBeUndefined();
  });

  it('identify a chain by its genesis id in any case or with 0x, and nothing for an unknown chain', () => {
    expect(networkByGenesisId(`0x${NETWORKS.mainnet.genesisBlockId!.toUpperCase()}`)?.id).toBe('mainnet');
    expect(networkByGenesisId('00'.repeat(32))).toBeUndefined();
  });

  it('build a client for a named network, with the API key header', async () => {
    const node = fakeNode({ '/wallet/getnodeinfo': ok(NILE_NODE_INFO) });
    const client = TronNodeClient.forNetwork('mainnet', { fetch: node.fetch, apiKey: 'k-123456789' });
    await client.getNodeInfo();
    expect(node.only().url).toBe('https://api.trongrid.io/wallet/getnodeinfo');
    expect(node.only().headers['TRON-PRO-API-KEY']).toBe('k-123456789');
    expect(client.solidityNodeUrl).toBe('https://api.trongrid.io');
  });

  it('let a custom network use its own URL and default the solidity URL to it', () => {
    const client = TronNodeClient.forNetwork('custom', {
      fetch: fakeNode({}).fetch,
      fullNodeUrl: 'http://127.0.0.1:18090',
    });
    expect(client.fullNodeUrl).toBe('http://127.0.0.1:18090');
    expect(client.solidityNodeUrl).toBe('http://127.0.0.1:18090');
  });

  it.each([
    ['custom without a URL', () => TronNodeClient.forNetwork('custom', { fetch: fakeNode({}).fetch })],
    ['an unknown network', () => TronNodeClient.forNetwork('testnet' as never, { fetch: fakeNode({}).fetch })],
  ])('refuse %s with CLIENT_BAD_CONFIG', (_what, make) => {
    let error: unknown;
    try {
      make();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('CLIENT_BAD_CONFIG');
  });
});

describe('genesisText', () => {
  it('names a known network with the tail of its genesis id, never the zero block number', () => {
    expect(genesisText(NETWORKS.nile.genesisBlockId!)).toBe('Nile Testnet, genesis …802de4d6cd8690dc');
    expect(genesisText(NETWORKS.mainnet.genesisBlockId!.toUpperCase())).toBe('TRON Mainnet, genesis …4196a1d22b6653dc');
  });

  it('shows another chain by the last 8 bytes of its genesis id', () => {
    const custom = '0000000000000000' + 'ab'.repeat(20) + '0123456789abcdef';
    expect(genesisText(custom)).toBe('genesis …0123456789abcdef');
  });
});
