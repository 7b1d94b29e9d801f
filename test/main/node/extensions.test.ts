import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNode, defaultActuators, type TronNode } from '../../../src-main/node';
import { RawReply } from '../../../src-main/node/http/server';
import { b, broadcast, call, fundedKey, makeTx } from './helpers';

/**
 * The plug-in points left for staking, votes and the VM: an actuator registry whose results may
 * carry a contract result, energy fee and TransactionInfo fields, and extra HTTP routes.
 */
describe('node extension points', () => {
  let node: TronNode;

  beforeAll(async () => {
    const actuators = defaultActuators();
    actuators.register({
      typeName: 'WithdrawBalanceContract',
      createsAccount: () => false,
      validate: () => undefined,
      // As the VM would report a reverted call: REVERT (2), energy burned, a result and a message.
      execute: (_contract, ctx) => {
        const owner = ctx.view.mutableAccount(_contract.ownerHex)!;
        owner.balance -= 420n;
        return {
          fee: 0n,
          contractRet: 2,
          energyFee: 420n,
          receipt: { energy_usage_total: 2 },
          info: { result: 1, resMessage: new TextEncoder().encode('REVERT opcode executed') },
        };
      },
    });
    node = await createNode(
      { port: 0, blockTimeMs: 0, signatureWorkers: 0 },
      { actuators, routes: () => new Map([['/wallet/ping', { get: () => new RawReply('{"pong":true}\n') }]]) },
    );
  });
  afterAll(async () => node?.stop());

  it("packs an extension actuator's contract result, energy fee and info fields", async () => {
    const alice = fundedKey(node, 0);
    const tx = makeTx(node, b.withdrawBalanceContract({ owner: alice.hex }), alice.key);
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    expect((await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json.ret).toEqual([
      { contractRet: 'REVERT' },
    ]);
    const info = (await call(node, '/wallet/gettransactioninfobyid', { value: tx.txID, visible: true })).json;
    expect(info).toMatchObject({
      fee: 420,
      result: 'FAILED',
      resMessage: 'REVERT opcode executed',
      receipt: { energy_fee: 420, energy_usage_total: 2 },
    });
  });

  it('serves extra routes next to the java-tron ones', async () => {
    expect((await call(node, '/wallet/ping')).json).toEqual({ pong: true });
    expect((await call(node, '/wallet/getnowblock')).json.blockID).toBe(node.head().id);
  });
});
