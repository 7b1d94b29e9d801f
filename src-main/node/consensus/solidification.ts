import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { StateReader } from '../state/view';

/**
 * The solidified block (java-tron DposService.updateSolidBlock): of the active representatives'
 * latest produced blocks, sorted, the one at (1 − 70 %) of the list; never moves back.
 */
export function solidifiedBlock(
  reader: Pick<StateReader, 'getWitness'>,
  activeWitnesses: readonly string[],
  previous: number,
): number {
  const latest = activeWitnesses.map((hex) => reader.getWitness(hex)?.latestBlockNum ?? 0).sort((a, b) => a - b);
  const position = Math.floor(latest.length * (1 - PROTOCOL_CONSTANTS.SOLIDIFIED_THRESHOLD_PERCENT / 100));
  return Math.max(previous, latest[position] ?? 0);
}
