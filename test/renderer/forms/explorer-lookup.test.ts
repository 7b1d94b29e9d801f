import { describe, expect, it } from 'vitest';
import { checkExplorerLookup } from '../../../src-renderer/forms/explorer-lookup';

describe('explorer lookup form', () => {
  it('builds a request for a valid block number typed as text', () => {
    expect(checkExplorerLookup({ network: 'nile', kind: 'block', value: ' 42 ' })).toEqual({
      ok: true,
      request: { network: 'nile', kind: 'block', number: 42 },
    });
  });

  it('puts the contract rule next to the value field', () => {
    expect(checkExplorerLookup({ network: 'mainnet', kind: 'transaction', value: 'abc' })).toEqual({
      ok: false,
      errors: { value: 'Must be a transaction id of 64 hex characters.' },
    });
    expect(checkExplorerLookup({ network: 'mainnet', kind: 'block', value: '-3' })).toEqual({
      ok: false,
      errors: { value: 'Must be a number.' },
    });
  });

  it('reports an unknown network or kind on its own field', () => {
    expect(checkExplorerLookup({ network: 'moon', kind: 'block', value: '1' })).toEqual({
      ok: false,
      errors: { network: 'Must be one of mainnet, nile or shasta.' },
    });
    expect(checkExplorerLookup({ network: 'mainnet', kind: 'url', value: 'x' })).toMatchObject({
      ok: false,
      errors: { kind: expect.any(String) },
    });
  });
});
