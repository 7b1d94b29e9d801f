import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '@core/policy/input';
import { rememberOutflows, seenOutflows } from '@main/watchtower/outflow-memory';
import type { AccountTrack, ScanState } from '@main/watchtower/state';
import { parseState, serializeState, newState } from '@main/watchtower/state';
import { forgetAbove } from '@main/watchtower/tracks';

const NOW = 1_764_000_000_000;
const track = (): AccountTrack => ({
  permissions: [{ block: 1, snapshot: { address: '41' + '00'.repeat(20), actives: [] } }],
  baseline: { permissionIds: [0], signers: [] },
  below: {},
});

describe('outflows the watchtower remembers for daily caps', () => {
  it('keeps a day of chain time, drops older ones when a new outflow arrives, and survives the state file', () => {
    const t = track();
    rememberOutflows(t, [{ block: 10, time: NOW - 25 * HOUR_MS, asset: 'TRX', amount: 5n }], NOW - 25 * HOUR_MS);
    rememberOutflows(t, [{ block: 20, time: NOW - HOUR_MS, asset: 'TRX', amount: 7n }], NOW - HOUR_MS);
    rememberOutflows(t, [{ block: 30, time: NOW, asset: 'TRC10:1000001', amount: 2n }], NOW);
    expect(seenOutflows(t)).toEqual([
      { time: NOW - HOUR_MS, asset: 'TRX', amount: 7n },
      { time: NOW, asset: 'TRC10:1000001', amount: 2n },
    ]);
    const state = newState('ab'.repeat(32));
    state.scan.accounts['41' + '00'.repeat(20)] = t;
    const back = parseState(serializeState(state), 'state.json');
    expect(seenOutflows(back.scan.accounts['41' + '00'.repeat(20)]!)).toEqual(seenOutflows(t));
  });

  it('forgets outflows of replaced blocks', () => {
    const t = track();
    rememberOutflows(t, [{ block: 20, time: NOW - HOUR_MS, asset: 'TRX', amount: 7n }], NOW - HOUR_MS);
    rememberOutflows(t, [{ block: 30, time: NOW, asset: 'TRX', amount: 9n }], NOW);
    const scan = { accounts: { a: t }, envelopes: {} } as unknown as ScanState;
    forgetAbove(scan, 25);
    expect(seenOutflows(t).map((o) => o.amount)).toEqual([7n]);
  });
});
