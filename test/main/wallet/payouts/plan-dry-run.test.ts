import { describe, expect, it } from 'vitest';
import type { TransactionJson } from '@core/tx/types';
import type { DryRunStep, DryRunStepOutcome } from '@main/wallet/node-host/embedded-node';
import { dryRunInOrder, MAX_REFUSALS } from '@main/wallet/payouts/plan-dry-run';

/** A stand-in node: each transaction is named by its txID; `refuse` and `revert` name the ones that fail. */
function fakeNode(refuse: Set<string>, revert: Set<string> = new Set()) {
  const runs: string[][] = [];
  const run = async (steps: readonly DryRunStep[]) => {
    const ids = steps.map((s) => s.transaction.txID);
    runs.push(ids);
    const outcomes: DryRunStepOutcome[] = [];
    for (const id of ids) {
      if (refuse.has(id)) {
        outcomes.push({
          accepted: false,
          stage: 'apply',
          code: 'CONTRACT_VALIDATE_ERROR',
          message: 'Contract validate error : Validate TransferContract error, balance is not sufficient.',
          balanceChanges: [],
          feeSun: 0n,
        });
        break;
      }
      outcomes.push({
        accepted: true,
        stage: 'apply',
        balanceChanges: [],
        feeSun: 100n,
        ...(revert.has(id) ? { contractRet: 'REVERT', revertReason: 'insufficient balance' } : {}),
        ...(id === 't4' ? { contractRet: 'REVERT', revertReason: 'vesting locked' } : {}),
      });
    }
    return { headBlock: 1, outcomes };
  };
  return { run, runs };
}

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ index: i, transaction: { txID: `t${i}` } as TransactionJson, signers: [] }));

describe('dryRunInOrder', () => {
  it('marks a refused row and runs the sequence again from the start without it', async () => {
    const node = fakeNode(new Set(['t1']), new Set(['t3']));
    const progress: number[] = [];
    const verdicts = await dryRunInOrder(node.run, rows(5), (done) => progress.push(done));
    expect(node.runs).toEqual([
      ['t0', 't1', 't2', 't3', 't4'],
      ['t0', 't2', 't3', 't4'],
    ]);
    expect([...verdicts].sort((a, b) => a[0] - b[0]).map(([, v]) => v.status)).toEqual([
      'ok',
      'fails',
      'ok',
      'fails',
      'fails',
    ]);
    expect(verdicts.get(4)!.reason).toBe('The token contract reverts: vesting locked');
    expect(verdicts.get(1)!.reason).toMatch(/balance/i);
    // A revert reason the app knows is said in its words, with the contract's own text quoted.
    expect(verdicts.get(3)!.reason).toMatch(/holds less of this token than the amount \(“insufficient balance”\)/);
    expect(verdicts.get(3)!.feeSun).toBe(100n);
    expect(progress.at(-1)).toBe(5);
  });

  it(`leaves the rest unchecked after ${MAX_REFUSALS} refusals`, async () => {
    const refuse = new Set(Array.from({ length: MAX_REFUSALS + 2 }, (_, i) => `t${i}`));
    const node = fakeNode(refuse);
    const verdicts = await dryRunInOrder(node.run, rows(MAX_REFUSALS + 5), () => {});
    expect(node.runs).toHaveLength(MAX_REFUSALS);
    const statuses = [...verdicts].sort((a, b) => a[0] - b[0]).map(([, v]) => v.status);
    expect(statuses.filter((s) => s === 'fails')).toHaveLength(MAX_REFUSALS);
    expect(statuses.slice(MAX_REFUSALS)).toEqual(Array(5).fill('unchecked'));
    expect(verdicts.get(MAX_REFUSALS)!.reason).toMatch(/^Not dry-run: 10 rows before it were refused/);
  });
});
