import { setImmediate as nextTurn } from 'node:timers/promises';
import { readBundleSteps, type EnvelopeBundle } from '../../../src-core/envelope';

/** Rows checked per turn of main's event loop: a few milliseconds of signature recovery each. */
export const BUNDLE_ROWS_PER_TURN = 10;

/**
 * A bundle read from text on main's thread without holding it: the shape is checked at once, then
 * the rows are verified a few per event-loop turn, so IPC answers, consent prompts and the node's
 * events are not held for the second or more that hundreds of rows take. `onProgress` gets the
 * rows checked so far and the total.
 */
export async function readBundleInTurns(
  text: string,
  options: { rowsPerTurn?: number; onProgress?: (checked: number) => void } = {},
): Promise<EnvelopeBundle> {
  const steps = readBundleSteps(text);
  const perTurn = Math.max(1, options.rowsPerTurn ?? BUNDLE_ROWS_PER_TURN);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    options.onProgress?.(step.value);
    if (step.value % perTurn === 0) await nextTurn();
  }
}
