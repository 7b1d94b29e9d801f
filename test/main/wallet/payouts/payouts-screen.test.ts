import { describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '@core/ipc/contract';
import type { PayoutPlanResult } from '@main/wallet/payouts/payouts-service';
import { PayoutsScreen } from '@main/wallet/payouts/payouts-screen';
import type { PlanProgressListener } from '@main/wallet/payouts/plan-types';

const EMPTY: PayoutPlanResult = { file: { rows: [], issues: [], total: 0 }, plan: null };

function screen(options: { files?: ConstructorParameters<typeof PayoutsScreen>[0]['files'] } = {}) {
  const emitted: { event: string; payload: unknown }[] = [];
  const asked: { csv: string; owner: string }[] = [];
  const payouts = {
    async plan(input: { csv: string; owner: string }, onProgress?: PlanProgressListener) {
      asked.push(input);
      onProgress?.({ phase: 'recipients', done: 1, total: 2 });
      onProgress?.({ phase: 'dry-run', done: 2, total: 2 });
      return EMPTY;
    },
  };
  const emit = <K extends EventName>(event: K, payload: EventPayload<K>) => void emitted.push({ event, payload });
  return { emitted, asked, screen: new PayoutsScreen({ payouts, emit, ...options }) };
}

describe('PayoutsScreen', () => {
  it("plans through the service and sends each step as payouts:progress with the page's run id", async () => {
    const { emitted, asked, screen: s } = screen();
    expect(await s.plan({ owner: 'TOwner', csv: 'a,b', runId: 'run-9' })).toBe(EMPTY);
    expect(asked).toEqual([{ csv: 'a,b', owner: 'TOwner' }]);
    expect(emitted).toEqual([
      { event: 'payouts:progress', payload: { runId: 'run-9', phase: 'read', done: 0, total: 1 } },
      { event: 'payouts:progress', payload: { runId: 'run-9', phase: 'recipients', done: 1, total: 2 } },
      { event: 'payouts:progress', payload: { runId: 'run-9', phase: 'dry-run', done: 2, total: 2 } },
    ]);
  });

  it('tags progress with null when the caller gave no run id', async () => {
    const { emitted, screen: s } = screen();
    await s.plan({ owner: 'TOwner', csv: '' });
    expect(emitted.every((e) => (e.payload as { runId: unknown }).runId === null)).toBe(true);
  });

  it("opens the file with main's dialog (CSV filter, size cap) and says so when there is none", async () => {
    const seen: unknown[] = [];
    const { screen: s } = screen({
      files: {
        async openText(options) {
          seen.push(options);
          return seen.length === 1 ? { name: 'run.csv', text: 'recipient,asset,amount\n' } : null;
        },
      },
    });
    expect(await s.openFile()).toEqual({ name: 'run.csv', csv: 'recipient,asset,amount\n' });
    expect(await s.openFile()).toBeNull();
    expect(seen[0]).toMatchObject({
      maxBytes: 5_000_000,
      filters: expect.arrayContaining([{ name: 'CSV', extensions: ['csv'] }]),
    });
    await expect(screen().screen.openFile()).rejects.toMatchObject({ code: 'PAYOUTS_NO_DIALOG' });
  });
});
