import { describe, expect, it } from 'vitest';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { ExplorerLinkRequestSchema } from '@core/ipc/channels/app';
import { EXPLORER_HOSTS, explorerUrl, isAllowedExternalUrl } from '@main/ipc/handlers/explorer';
import { vectors } from '../../../fixtures/vectors';

const someAddress = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;
const TXID = '0123456789abcdef'.repeat(4);

describe('explorer links', () => {
  it('builds tronscan URLs per network and kind from a parsed request', () => {
    const parse = (input: unknown) => ExplorerLinkRequestSchema.parse(input);
    expect(explorerUrl(parse({ network: 'mainnet', kind: 'transaction', txid: `0x${TXID.toUpperCase()}` }))).toBe(
      `https://tronscan.org/#/transaction/${TXID}`,
    );
    expect(explorerUrl(parse({ network: 'nile', kind: 'block', number: 123 }))).toBe(
      'https://nile.tronscan.org/#/block/123',
    );
    expect(explorerUrl(parse({ network: 'shasta', kind: 'address', address: toHexAddress(someAddress.base58) }))).toBe(
      `https://shasta.tronscan.org/#/address/${toBase58Address(someAddress.hex)}`,
    );
  });

  it('produces only URLs that pass the allowlist', () => {
    for (const network of Object.keys(EXPLORER_HOSTS) as (keyof typeof EXPLORER_HOSTS)[]) {
      expect(isAllowedExternalUrl(explorerUrl({ network, kind: 'block', number: 0 }))).toBe(true);
    }
  });

  it.each([
    'http://tronscan.org/',
    'https://tronscan.org.evil.example/',
    'https://evil.example/#tronscan.org',
    'https://user@tronscan.org/',
    'https://tronscan.org:8443/',
    'https://apilist.tronscan.org/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});
