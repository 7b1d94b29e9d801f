import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { call, fundedKey, startNode } from '../helpers';
import type { Key } from '../helpers';
import { callData, deploy, word } from '../vm-host/helpers';
import type { Deployed } from '../vm-host/helpers';
import { evm, result } from './helpers';

/**
 * eth_estimateGas on a node started with --no-estimate-energy (java-tron vm.estimateEnergy off):
 * TronJsonRpcImpl.estimateGas then answers the energy_used of one constant call instead of
 * Wallet.estimateEnergy's search.
 */
describe('eth_estimateGas without vm.estimateEnergy', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  let token: Deployed;

  beforeAll(async () => {
    node = await startNode({ estimateEnergy: false });
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    token = await deploy(node, alice, 'Token', word(1_000_000n));
  });
  afterAll(async () => node?.stop());

  it('answers the energy_used /wallet/triggerconstantcontract reports for the same call', async () => {
    const data = callData('transfer(address,uint256)', bob.hex, 5n);
    const constant = (
      await call(node, '/wallet/triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: token.address,
        data,
      })
    ).json;
    expect(constant.energy_used).toBeGreaterThan(0);
    const estimate = await result(node, 'eth_estimateGas', [
      { from: evm(alice.hex), to: evm(token.address), data: `0x${data}` },
    ]);
    expect(estimate).toBe(`0x${constant.energy_used.toString(16)}`);
  });
});
