import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAIN_PARAMETERS, withChainParameters } from '@core/chain/parameters';
import { forkParameters } from '@main/node/fork/fork-genesis';

/** The fork's chain parameters: upstream's, unless the node was configured otherwise. */
describe('forkParameters', () => {
  const upstream = { getEnergyFee: 420n, getTransactionFee: 2000n, getAllowMultiSign: 1n };

  it("takes upstream's value over the default", () => {
    const parameters = forkParameters(upstream, withChainParameters({}));
    expect(parameters.getEnergyFee).toBe(420n);
    expect(parameters.getTransactionFee).toBe(2000n);
  });

  it('keeps a configured value that differs from the default (--chain-parameter)', () => {
    const parameters = forkParameters(upstream, withChainParameters({ getEnergyFee: 100n }));
    expect(parameters.getEnergyFee).toBe(100n);
    expect(parameters.getTransactionFee).toBe(2000n);
  });

  it('fills what upstream does not list with the configuration', () => {
    const parameters = forkParameters({}, withChainParameters({}));
    expect(parameters).toEqual(withChainParameters({}));
    expect(parameters.getMaintenanceTimeInterval).toBe(DEFAULT_CHAIN_PARAMETERS.getMaintenanceTimeInterval);
  });
});
