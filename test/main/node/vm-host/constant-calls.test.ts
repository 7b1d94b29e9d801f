import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import type { HexAddress } from '@core/brand';
import { NodeStoppingError } from '@main/node/errors';
import { constantCall, type ConstantCall } from '@main/node/vm-host/constant-calls';
import { call, fundedKey, startNode, type Key, type Reply } from '../helpers';
import { deploy, selector } from './helpers';

/**
 * A constant call that never ends (java-tron Program.checkCPUTimeLimit → OutOfTimeException):
 * java-tron's answer once the CPU time is spent, and blocks and other requests going on meanwhile.
 */
/** JUMPDEST PUSH1 0 JUMP: a deploy whose init code loops forever. */
const LOOPING_INIT_CODE = '5b600056';

const textOf = (hex: string): string => Buffer.from(hex, 'hex').toString('utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function timedOut(reply: Reply): void {
  expect(reply.result.code).toBe('OTHER_ERROR');
  expect(textOf(reply.result.message)).toMatch(
    /^class org\.tron\.core\.vm\.program\.Program\$OutOfTimeException : CPU timeout for '(JUMPDEST|PUSH1|JUMP)' operation executing$/,
  );
}

/**
 * Posts `body` to `path` while asking for the head block: the answer, the head when it was sent,
 * and the heads getnowblock answered before the answer came.
 */
async function whileInFlight(
  node: TronNode,
  path: string,
  body: object,
): Promise<{ reply: Reply; start: number; heads: number[] }> {
  let settled = false;
  const heads: number[] = [];
  const start = node.head().number;
  const poll = (async () => {
    while (!settled) {
      const block = (await call(node, '/wallet/getnowblock')).json;
      if (!settled) heads.push(Number(block.block_header.raw_data.number));
      await sleep(20);
    }
  })();
  try {
    return { reply: (await call(node, path, body)).json, start, heads };
  } finally {
    settled = true;
    await poll;
  }
}

/** java-tron's OutOfTimeException for the call, and meanwhile getnowblock answered and the head advanced. */
async function expectTimeOutBesideBlocks(node: TronNode, path: string, body: object): Promise<void> {
  const { reply, start, heads } = await whileInFlight(node, path, body);
  timedOut(reply);
  expect(heads.length).toBeGreaterThan(0);
  expect(Math.max(...heads)).toBeGreaterThan(start);
}

describe('constant calls under a CPU-time limit', () => {
  let node: TronNode;
  let alice: Key;
  let spinner: string;

  beforeAll(async () => {
    node = await startNode({ blockTimeMs: 100, maxConstantCallMs: 300 });
    alice = fundedKey(node, 0);
    spinner = (await deploy(node, alice, 'Spinner')).address;
  });
  afterAll(async () => node?.stop());

  it("answers an endless deploy estimate with java-tron's OutOfTimeException, producing blocks and answering getnowblock meanwhile", async () => {
    await expectTimeOutBesideBlocks(node, '/wallet/triggerconstantcontract', {
      owner_address: alice.hex,
      data: LOOPING_INIT_CODE,
    });
  });

  it('answers a constant call of a looping function the same way, and estimateenergy with the same exception', async () => {
    await expectTimeOutBesideBlocks(node, '/wallet/triggerconstantcontract', {
      owner_address: alice.hex,
      contract_address: spinner,
      function_selector: 'spin()',
    });
    await expectTimeOutBesideBlocks(node, '/wallet/estimateenergy', {
      owner_address: alice.hex,
      contract_address: spinner,
      data: selector('spin()'),
    });
  });

  it('answers a short constant call while a looping one is still running', async () => {
    const order: string[] = [];
    const slow = call(node, '/wallet/triggerconstantcontract', {
      owner_address: alice.hex,
      contract_address: spinner,
      function_selector: 'spin()',
    }).then((answer) => {
      order.push('loop');
      return answer.json;
    });
    await sleep(50);
    // PUSH1 0 PUSH1 0 RETURN: a deploy estimate that returns at once.
    const quick = (
      await call(node, '/wallet/triggerconstantcontract', { owner_address: alice.hex, data: '60006000f3' })
    ).json;
    order.push('quick');
    expect(quick.result).toEqual({ result: true });
    timedOut(await slow);
    expect(order).toEqual(['quick', 'loop']);
  });
});

/** A constant call of the looping deploy, made directly on the node's contract runtime. */
function loopingDeploy(node: TronNode): ConstantCall {
  return {
    owner: node.accounts[0]!.hex as HexAddress,
    data: Buffer.from(LOOPING_INIT_CODE, 'hex'),
    callValue: 0n,
    tokenValue: 0n,
    tokenId: 0n,
    txId: new Uint8Array(32),
  };
}

describe('constant calls without a limit, and stopping', () => {
  it('with maxConstantCallMs 0 a loop ends on its energy instead (OutOfEnergyException)', async () => {
    const node = await startNode({ maxConstantCallMs: 0, maxEnergyLimitForConstant: 3_000_000n });
    try {
      const reply = (
        await call(node, '/wallet/triggerconstantcontract', {
          owner_address: node.accounts[0]!.hex,
          data: LOOPING_INIT_CODE,
        })
      ).json;
      expect(reply.result.code).toBe('OTHER_ERROR');
      expect(textOf(reply.result.message)).toMatch(
        /^class org\.tron\.core\.vm\.program\.Program\$OutOfEnergyException : /,
      );
    } finally {
      await node.stop();
    }
  });

  it('ends a long constant call at its next pause when the node stops', async () => {
    const node = await startNode({ blockTimeMs: 100, maxConstantCallMs: 60_000 });
    const running = constantCall(node.contracts, loopingDeploy(node));
    const outcome = running.then(
      () => 'finished',
      (error: unknown) => error,
    );
    // The loop is running once blocks go on beside it.
    const start = node.head().number;
    while (node.head().number <= start + 1) await sleep(20);
    await node.stop();
    expect(await outcome).toBeInstanceOf(NodeStoppingError);
  });

  it('answers a constant call asked for once the node has stopped with a rejected promise, not a throw', async () => {
    const node = await startNode({ maxConstantCallMs: 60_000 });
    await node.stop();
    let answer: Promise<unknown> | undefined;
    expect(() => {
      answer = constantCall(node.contracts, loopingDeploy(node));
    }).not.toThrow();
    await expect(answer).rejects.toBeInstanceOf(NodeStoppingError);
  });
});
