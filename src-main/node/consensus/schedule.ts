import type { DynamicProperties } from '../state/dynamic';
import { SLOT_MS, slotOf } from './slot-clock';

/**
 * Who produces which slot (java-tron DposSlot.getScheduledWitness): the active representatives
 * take the slots in turn, in the order the last maintenance ranked them.
 */
type ScheduleProperties = Pick<DynamicProperties, 'genesisTimestamp' | 'activeWitnesses'>;

export interface ScheduledSlot {
  readonly timestamp: number;
  readonly witnessHex: string;
}

export interface ProducibleSlot extends ScheduledSlot {
  /** The private key that signs the block. */
  readonly witnessKey: Uint8Array;
}

/** The representative (hex) scheduled for the slot of `timestamp`. */
export function witnessAt(props: ScheduleProperties, timestamp: number): string {
  const list = props.activeWitnesses;
  return list[slotOf(props, timestamp) % list.length]!;
}

/**
 * The first slot from `timestamp` whose representative this node holds a signing key for
 * (`keyFor`), within one round; the slots before it are missed, as on a network where those
 * representatives are offline. Undefined when the node signs for none of them.
 */
export function producibleSlot(
  props: ScheduleProperties,
  timestamp: number,
  keyFor: (witnessHex: string) => Uint8Array | undefined,
): ProducibleSlot | undefined {
  for (let i = 0; i < props.activeWitnesses.length; i++) {
    const t = timestamp + i * SLOT_MS;
    const witnessHex = witnessAt(props, t);
    const witnessKey = keyFor(witnessHex);
    if (witnessKey) return { timestamp: t, witnessHex, witnessKey };
  }
  return undefined;
}
