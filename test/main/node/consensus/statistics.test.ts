import { describe, expect, it } from 'vitest';
import { recordProduction } from '@main/node/consensus/statistics';
import type { DynamicProperties } from '@main/node/state/dynamic';
import { StateView } from '@main/node/state/view';
import type { WitnessRecord } from '@main/node/state/witness';

const GENESIS = 1_700_000_001_000 - (1_700_000_001_000 % 3000);
const ACTIVE = ['41aa', '41bb', '41cc'];

function witness(addressHex: string): WitnessRecord {
  return {
    address: new Uint8Array(21),
    addressHex,
    voteCount: 0n,
    url: '',
    totalProduced: 0,
    totalMissed: 0,
    latestBlockNum: 0,
    latestSlotNum: 0,
    isJobs: true,
  };
}

/** A view over representatives only: the statistics touch nothing else. */
function staticState({ witnesses }: { witnesses: WitnessRecord[] }): StateView {
  const byHex = new Map(witnesses.map((w) => [w.addressHex, w]));
  const base = {
    getAccount: () => undefined,
    nameOwner: () => undefined,
    getWitness: (hex: string) => byHex.get(hex),
    witnessAddresses: () => byHex.keys(),
    getRecord: () => undefined,
    recordKeys: () => [],
  };
  return new StateView(base, {} as DynamicProperties);
}

describe('producer statistics', () => {
  it('counts the producer block and the slots missed since the head for each representative', () => {
    const view = staticState({ witnesses: ACTIVE.map(witness) });
    const head = { genesisTimestamp: GENESIS, headTimestamp: GENESIS + 3000, activeWitnesses: ACTIVE };
    // Head at slot 1; the block lands on slot 6: slots 2..5 are missed (cc, aa, bb, cc).
    recordProduction(view, head, { number: 5, timestamp: GENESIS + 18_000 }, '41aa');
    expect(ACTIVE.map((hex) => view.getWitness(hex)!.totalMissed)).toEqual([1, 1, 2]);
    expect(view.getWitness('41aa')).toMatchObject({ totalProduced: 1, latestBlockNum: 5, latestSlotNum: 6 });
  });

  it('counts no missed slot for block 1, whatever the gap after genesis', () => {
    const view = staticState({ witnesses: ACTIVE.map(witness) });
    const head = { genesisTimestamp: GENESIS, headTimestamp: GENESIS, activeWitnesses: ACTIVE };
    recordProduction(view, head, { number: 1, timestamp: GENESIS + 30_000 }, '41bb');
    expect(ACTIVE.map((hex) => view.getWitness(hex)!.totalMissed)).toEqual([0, 0, 0]);
    expect(view.getWitness('41bb')!.totalProduced).toBe(1);
  });
});
