import type { DynamicProperties } from '../state/dynamic';
import type { StateView } from '../state/view';
import { slotOf } from './slot-clock';

/**
 * Producer statistics (java-tron StatisticManager.applyBlock): the producer's totalProduced,
 * latestBlockNum and latestSlotNum, and one totalMissed for each representative scheduled in a
 * slot between the head and this block.
 */
export function recordProduction(
  view: StateView,
  head: Pick<DynamicProperties, 'genesisTimestamp' | 'headTimestamp' | 'activeWitnesses'>,
  block: { readonly number: number; readonly timestamp: number },
  producerHex: string,
): void {
  const headSlot = slotOf(head, head.headTimestamp);
  const slot = slotOf(head, block.timestamp);
  if (block.number > 1) {
    const list = head.activeWitnesses;
    const gap = slot - headSlot - 1;
    if (gap > 0) {
      for (let k = 0; k < list.length; k++) {
        // Slots headSlot+1 … slot-1 whose index modulo the list size is k.
        const first = headSlot + 1 + ((k - ((headSlot + 1) % list.length) + list.length) % list.length);
        if (first <= slot - 1)
          view.mutableWitness(list[k]!)!.totalMissed += Math.floor((slot - 1 - first) / list.length) + 1;
      }
    }
  }
  const producer = view.mutableWitness(producerHex)!;
  producer.totalProduced += 1;
  producer.latestBlockNum = block.number;
  producer.latestSlotNum = slot;
}
