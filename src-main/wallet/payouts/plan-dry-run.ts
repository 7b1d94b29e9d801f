import { explainNodeRefusal } from '../../../src-core/tx/node-refusal';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { DryRunSequenceResult, DryRunStep, DryRunStepOutcome } from '../node-host/embedded-node';

export type SequenceRunner = (steps: readonly DryRunStep[]) => Promise<DryRunSequenceResult>;

export interface DryRunRow {
  readonly index: number;
  readonly transaction: TransactionJson;
  /** Hex addresses of the keys expected to sign: the node checks the permission as if they had. */
  readonly signers: readonly string[];
}

export interface DryRunVerdict {
  readonly status: 'ok' | 'fails' | 'unchecked';
  readonly reason: string | null;
  readonly feeSun: bigint;
  readonly energyUsed: bigint | null;
}

/** Refusals after which the rest of the run is left unchecked: each one restarts the sequence. */
export const MAX_REFUSALS = 10;

/**
 * Every row applied in order to one copy of the embedded node's state, each seeing the rows before
 * it (the balance they spend, the accounts they activate, the resources they use). The node's
 * sequence stops at its first refusal; the refused row is marked with the reason and the sequence
 * runs again without it, from the start, so the rows after it see the state they will really meet.
 */
export async function dryRunInOrder(
  run: SequenceRunner,
  rows: readonly DryRunRow[],
  onProgress: (done: number, total: number) => void,
): Promise<Map<number, DryRunVerdict>> {
  const verdicts = new Map<number, DryRunVerdict>();
  let pending = [...rows];
  let refusals = 0;
  while (pending.length > 0) {
    const { outcomes } = await run(
      pending.map((row) => ({ transaction: row.transaction, checkSignatures: true, signers: row.signers })),
    );
    const refusedAt = outcomes.findIndex((o) => !o.accepted);
    outcomes.forEach((outcome, i) => verdicts.set(pending[i]!.index, verdictOf(outcome)));
    onProgress(verdicts.size, rows.length);
    if (refusedAt < 0) break;
    refusals++;
    const rest = pending.slice(refusedAt + 1);
    if (refusals >= MAX_REFUSALS) {
      for (const row of rest)
        verdicts.set(row.index, {
          status: 'unchecked',
          reason: `Not dry-run: ${MAX_REFUSALS} rows before it were refused; fix those and plan again.`,
          feeSun: 0n,
          energyUsed: null,
        });
      onProgress(rows.length, rows.length);
      break;
    }
    pending = [...pending.slice(0, refusedAt), ...rest];
  }
  return verdicts;
}

function verdictOf(outcome: DryRunStepOutcome): DryRunVerdict {
  if (!outcome.accepted) {
    const text = outcome.message ?? outcome.code ?? 'refused';
    const explained = explainNodeRefusal(text);
    return {
      status: 'fails',
      reason: explained ? `${explained.sentence}${explained.detail ? ` (${explained.detail})` : ''}` : text,
      feeSun: 0n,
      energyUsed: null,
    };
  }
  const ret = outcome.contractRet ?? 'SUCCESS';
  if (ret !== 'SUCCESS') {
    const reason = outcome.revertReason
      ? (explainNodeRefusal(outcome.revertReason)?.sentence ?? `The token contract reverts: ${outcome.revertReason}`)
      : ret === 'OUT_OF_ENERGY'
        ? 'The call runs out of energy within its fee_limit.'
        : `The call fails on chain (${ret}).`;
    return { status: 'fails', reason, feeSun: outcome.feeSun, energyUsed: outcome.energyUsed ?? null };
  }
  return { status: 'ok', reason: null, feeSun: outcome.feeSun, energyUsed: outcome.energyUsed ?? null };
}
