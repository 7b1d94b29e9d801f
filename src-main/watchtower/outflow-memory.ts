import type { OutflowRecord } from '../../src-core/policy';
import { DAY_MS } from '../../src-core/policy';
import type { AccountTrack } from './state';

/**
 * What the watchtower saw leave an account in the last 24 hours of chain time, for the policy's
 * daily caps. Only outflows in blocks it scanned count: before watching began, or in a watch gap
 * not yet filled, it saw nothing, and the caps are counted over less than the chain's history.
 */
export interface SeenOutflow {
  readonly block: number;
  readonly time: number;
  readonly asset: string;
  readonly amount: bigint;
}

export function seenOutflows(track: AccountTrack): OutflowRecord[] {
  return (track.outflows ?? []).map((o) => ({ time: o.time, asset: o.asset, amount: BigInt(o.amount) }));
}

/** Adds a transaction's outflows and drops those a day older than its block: no cap can count them again. */
export function rememberOutflows(track: AccountTrack, flows: readonly SeenOutflow[], now: number): void {
  const kept = (track.outflows ?? []).filter((o) => o.time > now - DAY_MS);
  kept.push(...flows.map((f) => ({ block: f.block, time: f.time, asset: f.asset, amount: f.amount.toString() })));
  track.outflows = kept;
}
