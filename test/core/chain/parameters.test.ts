import { describe, expect, it } from 'vitest';
import { chainParametersFromNode, DEFAULT_CHAIN_PARAMETERS } from '../../../src-core/chain/parameters';

describe('chain parameters from a node', () => {
  it('keeps the defaults for keys the node does not list and takes the node value for the others', () => {
    const parameters = chainParametersFromNode({ getEnergyFee: 100n, getTransactionFee: 0n });
    expect(parameters.getEnergyFee).toBe(100n);
    expect(parameters.getTransactionFee).toBe(0n);
    expect(parameters.getCreateAccountFee).toBe(DEFAULT_CHAIN_PARAMETERS.getCreateAccountFee);
  });

  it('keeps a key the defaults do not know (a newer proposal) as the node reports it', () => {
    const parameters = chainParametersFromNode({ getTotalSignNum: 7n }) as unknown as Record<string, bigint>;
    expect(parameters.getTotalSignNum).toBe(7n);
  });

  it('does not change the defaults themselves', () => {
    chainParametersFromNode({ getEnergyFee: 1n });
    expect(DEFAULT_CHAIN_PARAMETERS.getEnergyFee).not.toBe(1n);
  });
});
