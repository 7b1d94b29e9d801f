import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../../src-main/node';
import { call, fundedKey, newKey, startNode, type Key, type Reply } from '../../helpers';
import { callData, deploy, trigger, word } from '../../vm-host/helpers';

/**
 * /walletsolidity/triggerconstantcontract and /walletsolidity/estimateenergy (java-tron
 * TriggerConstantContractOnSolidityServlet, EstimateEnergyOnSolidityServlet: the /wallet servlets
 * run in WalletOnSolidity's solidified snapshot), which TronWeb calls with `confirmed: true`. With
 * one representative (the TRE profile) every block is solidified once made, so a transfer still in
 * the pool is seen by /wallet and not by /walletsolidity until its block.
 */
describe('constant calls and estimates on the solidified state', () => {
  let node: TronNode;
  let alice: Key;
  let token: string;
  const bob = newKey();

  beforeAll(async () => {
    node = await startNode({ profile: 'tre', accounts: 1 });
    alice = fundedKey(node, 0);
    token = (await deploy(node, alice, 'Token', word(1_000_000n))).address;
  });
  afterAll(async () => node?.stop());

  const balanceOf = async (prefix: 'wallet' | 'walletsolidity'): Promise<Reply> =>
    (
      await call(node, `/${prefix}/triggerconstantcontract`, {
        owner_address: alice.hex,
        contract_address: token,
        data: callData('balanceOf(address)', bob.hex),
      })
    ).json;

  it('/walletsolidity/triggerconstantcontract reads the solidified block, not the pending transfer', async () => {
    const { reply } = await trigger(node, alice, token, callData('transfer(address,uint256)', bob.hex, 5n));
    expect(reply.result).toBe(true);
    expect((await balanceOf('wallet')).constant_result).toEqual([word(5n)]);
    const solid = await balanceOf('walletsolidity');
    expect(solid.result).toEqual({ result: true });
    expect(solid.constant_result).toEqual([word(0n)]);
    await node.mine(1);
    expect((await balanceOf('walletsolidity')).constant_result).toEqual([word(5n)]);
  });

  it('/walletsolidity/estimateenergy estimates a call as /wallet does once the block is solidified', async () => {
    const body = {
      owner_address: alice.hex,
      contract_address: token,
      data: callData('transfer(address,uint256)', bob.hex, 1n),
    };
    const pending = (await call(node, '/wallet/estimateenergy', body)).json;
    const solid = (await call(node, '/walletsolidity/estimateenergy', body)).json;
    expect(solid.result).toEqual({ result: true });
    expect(Number(solid.energy_required)).toBeGreaterThan(0);
    expect(solid.energy_required).toBe(pending.energy_required);
  });

  it('refuses a contract that does not exist with the /wallet servlets’ message', async () => {
    const reply = (
      await call(node, '/walletsolidity/triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: newKey().hex,
        data: callData('totalSupply()'),
      })
    ).json;
    expect(reply.result.code).toBe('CONTRACT_VALIDATE_ERROR');
  });
});
