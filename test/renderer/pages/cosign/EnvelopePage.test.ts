import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import type { EnvelopeDetail } from '@core/ipc/channels/cosign';
import type { CostView, SimulationView } from '@core/ipc/channels/tx';
import { formatTime } from '@renderer/format/time';
import { useNoticesStore } from '@renderer/stores/notices';
import { installWindowApi, type MainStub } from '../../stub-window-api';
import { paymentsProgress } from '../../fixtures/progress';

/**
 * The envelope page over a stubbed `window.api` (read by the real bridge): what a co-signer sees
 * before signing — the node's disagreement, a reverting simulation, the expiry warning with the
 * window main computed — and the re-proposal of an expired envelope.
 */
const ID = 'env_00000000000000a1';
const FRESH_ID = 'env_00000000000000a2';
const TXID = 'a1'.repeat(32);
const HEAD = 1_700_000_000_000;

const calls: { channel: string; args: unknown }[] = [];
const details = new Map<string, EnvelopeDetail>();

const REVERT: SimulationView = {
  txid: TXID,
  method: 'dry-run',
  methodNote: 'The embedded node executed this exact transaction on a copy of its state.',
  success: false,
  result: 'REVERT',
  reason: 'The contract reverted: payroll frozen by compliance',
  outOfEnergy: { risk: false, message: 'It used 1,204 energy of the 47,619 its fee limit allows.' },
  energyUsed: 1204n,
  balanceChanges: [],
  logs: [],
  stateChanged: false,
};
const COST: CostView = {
  expectedSignatures: 2,
  recipientExists: null,
  bandwidth: { bytes: 400n, source: 'burn', stakedBytes: 0n, freeBytes: 0n, burnedSun: 400_000n },
  energy: { energy: 1204n, fromOrigin: 0n, fromStake: 0n, burnedEnergy: 1204n, burnedSun: 252_840n },
  fees: [{ kind: 'multi-signature', label: 'Multi-signature fee', sun: 1_000_000n }],
  feeLimitSun: 100_000_000n,
  burnedSun: 1_652_840n,
  valueSun: 0n,
  totalDebitSun: 1_652_840n,
  notes: [],
};

const main: MainStub = {
  cosign: {
    get: ({ id }: { id: string }) => details.get(id),
    list: () => ({
      network: 'Embedded dev node',
      items: [],
      unreadable: [],
      headTime: HEAD,
      fileDialogs: { open: false, save: false },
    }),
    simulate: () => ({ simulation: REVERT, cost: COST }),
    repropose: () => details.get(FRESH_ID),
  },
};
installWindowApi(main, calls, { on: () => () => undefined });

const { default: EnvelopePage } = await import('@renderer/pages/cosign/EnvelopePage.vue');
// After the stand-in: the bridge reads window.api when it loads.
const { useNodeStatusStore } = await import('@renderer/stores/node-status');

/** A 2-of-3 call from the treasury signed by Alice; this wallet holds Bob's key. */
function detail(overrides: Partial<EnvelopeDetail> = {}): EnvelopeDetail {
  const windowMs = overrides.expiry?.windowMs ?? 3_600_000;
  return {
    id: ID,
    txid: TXID,
    label: 'payroll call',
    origin: 'imported',
    stage: 'collecting',
    contractType: 'TriggerSmartContract',
    headline: 'Call fail(string) on TReverter',
    owner: 'TTreasury',
    ownerName: 'Treasury',
    fingerprint: {
      words: ['abandon', 'ability', 'able', 'about', 'above', 'absent', 'absorb', 'abstract'],
      text: 'abandon ability able about above absent absorb abstract',
      hex: '0000-1111-2222-3333-4444',
    },
    currentWeight: 1n,
    threshold: 2n,
    signatures: 1,
    expiresAt: HEAD + windowMs,
    autoBroadcast: false,
    createdAt: HEAD,
    updatedAt: HEAD,
    replacedBy: null,
    network: { name: 'Embedded dev node', genesisBlockId: '00'.repeat(32), genesis: 'genesis …0000000000000000' },
    summary: [{ label: 'Transaction', value: 'TriggerSmartContract' }],
    call: {
      contract: 'TReverter',
      selector: 'a2c2a3b4',
      data: 'a2c2a3b4',
      signature: 'fail(string)',
      args: [{ name: 'reason', type: 'string', value: 'payroll frozen by compliance' }],
    },
    permissionChange: null,
    progress: paymentsProgress(),
    expiry: {
      expiresAt: HEAD + windowMs,
      headTime: HEAD,
      remainingMs: windowMs,
      state: 'open',
      windowMs,
      warnBelowMs: 300_000,
    },
    checks: [
      { id: 'integrity', outcome: 'passed', title: 'Transaction intact', message: 'ok' },
      {
        id: 'node-weight',
        outcome: 'passed',
        title: 'Node agrees',
        message: 'getsignweight: weight 1 of 2; getapprovedlist names the same signers.',
      },
    ],
    note: null,
    noteEditable: false,
    carriedApprovals: [],
    reproposedFrom: null,
    refBlock: { number: 90, bytes: '005a', hash: 'ab'.repeat(8), ageBlocks: 10 },
    exportedAt: null,
    broadcastAt: null,
    json: '{}',
    fileName: 'TriggerSmartContract-a1a1a1a1-1sig-of-2.tronenv.json',
    ...overrides,
  };
}

let router: Router;

async function render(): Promise<VueWrapper> {
  router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/cosign/:id', component: EnvelopePage },
      { path: '/cosign', component: { template: '<div />' } },
      { path: '/tx/:txid', component: { template: '<div />' } },
    ],
  });
  await router.push(`/cosign/${ID}`);
  await router.isReady();
  const page = mount(EnvelopePage, { global: { plugins: [router] } });
  await flushPromises();
  return page;
}

const button = (page: VueWrapper, text: string) => page.findAll('button').find((b) => b.text() === text);

describe('envelope page', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    details.clear();
  });

  it('shows that the node disagrees with this wallet’s count, among the checks and under the progress', async () => {
    details.set(
      ID,
      detail({
        checks: [
          {
            id: 'node-weight',
            outcome: 'warning',
            title: 'Node disagrees',
            message: 'The node counts weight 2 (2 approved) where this wallet counts 1.',
          },
        ],
        progress: paymentsProgress({
          node: {
            checked: true,
            currentWeight: 2n,
            approved: ['TAlice', 'TBob'],
            thresholdMet: true,
            agrees: false,
            message: null,
          },
        }),
      }),
    );
    const page = await render();
    const check = page.get('[data-check="node-weight"]');
    expect(check.attributes('data-outcome')).toBe('warning');
    expect(check.text()).toContain('Node disagrees. The node counts weight 2 (2 approved) where this wallet counts 1.');
    expect(page.get('[data-testid="node-cross-check"]').text()).toBe('The node’s count differs: weight 2.');
  });

  it('shows the expiry in main’s summary in the app’s one date format, not as raw ISO text', async () => {
    const expiresAt = HEAD + 3_600_000;
    details.set(
      ID,
      detail({
        summary: [
          { label: 'Transaction', value: 'TriggerSmartContract' },
          { label: 'Expires', value: `${new Date(expiresAt).toISOString()} (chain time)` },
        ],
      }),
    );
    const page = await render();
    const expires = page.get('.summary__value[data-label="Expires"]').text();
    expect(expires).toBe(`${formatTime(expiresAt)} (chain time)`);
    expect(page.text()).not.toContain(new Date(expiresAt).toISOString());
  });

  it('lays the step cards out in the document in the order shown, with no CSS reordering', async () => {
    const cards = (page: VueWrapper) =>
      page
        .findAll('[data-testid^="envelope-"]')
        .map((c) => c.attributes('data-testid'))
        .filter((t) => ['envelope-signing', 'envelope-simulation', 'envelope-export'].includes(t!));
    // A co-signer with a key to add: simulate first, then sign, then send it on.
    details.set(ID, detail());
    let page = await render();
    expect(cards(page)).toEqual(['envelope-simulation', 'envelope-signing', 'envelope-export']);
    expect(page.findAll('[style*="order"]').length).toBe(0);
    page.unmount();
    // At the threshold: Broadcast first.
    details.set(ID, detail({ stage: 'ready' }));
    page = await render();
    expect(cards(page)).toEqual(['envelope-signing', 'envelope-export', 'envelope-simulation']);
    expect(page.findAll('[style*="order"]').length).toBe(0);
  });

  it('simulates on this node before signing and shows REVERT with the revert reason', async () => {
    details.set(ID, detail());
    const page = await render();
    // Bob's key is the one this vault can still add; the simulation comes first.
    expect(
      page
        .get('select')
        .findAll('option')
        .map((o) => o.text()),
    ).toEqual(['Bob (TBob), weight 1']);
    expect(page.find('[data-testid="simulation"]').exists()).toBe(false);
    await button(page, 'Simulate')!.trigger('click');
    await flushPromises();
    expect(calls.find((c) => c.channel === 'cosign:simulate')?.args).toEqual({ id: ID });
    const simulation = page.get('[data-testid="envelope-simulation"] [data-testid="simulation"]');
    expect(simulation.attributes('data-success')).toBe('false');
    expect(simulation.text()).toContain('Simulation: it would fail (REVERT)');
    expect(simulation.get('[data-testid="simulation-reason"]').text()).toBe(
      'The contract reverted: payroll frozen by compliance',
    );
    expect(calls.some((c) => c.channel === 'cosign:sign')).toBe(false);
  });

  it('warns in the last minutes of the window main computed, not a fixed five minutes', async () => {
    // A 10-minute window warns in its last quarter (2.5 min): 4 min left is still open…
    const tenMinutes = (left: number) =>
      detail({
        expiresAt: HEAD + left,
        expiry: {
          expiresAt: HEAD + left,
          headTime: HEAD,
          remainingMs: left,
          state: 'open',
          windowMs: 600_000,
          warnBelowMs: 150_000,
        },
      });
    details.set(ID, tenMinutes(240_000));
    let page = await render();
    expect(page.get('[data-testid="countdown"]').attributes('data-state')).toBe('open');
    page.unmount();
    // …2 min left warns.
    details.set(ID, tenMinutes(120_000));
    page = await render();
    const countdown = page.get('[data-testid="countdown"]');
    expect(countdown.attributes('data-state')).toBe('expiring');
    expect(countdown.text()).toContain('sign and send it now, or it must be re-proposed');
  });

  it('reloads the envelope when a head block passes its expiration, so it shows expired without waiting for an announcement', async () => {
    details.set(ID, detail());
    const page = await render();
    expect(page.find('[data-testid="expired-notice"]').exists()).toBe(false);
    const gets = () => calls.filter((c) => c.channel === 'cosign:get').length;
    const before = gets();
    // A block before the expiration changes nothing; main's answer after it does.
    useNodeStatusStore().head = { number: 50, id: '0'.repeat(64), timestamp: HEAD + 60_000, transactionCount: 0 };
    await flushPromises();
    expect(gets()).toBe(before);
    details.set(
      ID,
      detail({
        stage: 'expired',
        expiry: { ...detail().expiry, headTime: HEAD + 3_603_000, remainingMs: -3_000, state: 'expired' },
      }),
    );
    useNodeStatusStore().head = { number: 51, id: '1'.repeat(64), timestamp: HEAD + 3_603_000, transactionCount: 0 };
    await flushPromises();
    expect(gets()).toBe(before + 1);
    expect(page.get('[data-testid="expired-notice"]').text()).toContain('This transaction has expired');
  });

  it('offers re-proposal of an expired envelope instead of signing, and opens the fresh copy', async () => {
    details.set(
      ID,
      detail({
        stage: 'expired',
        expiry: { ...detail().expiry, headTime: HEAD + 3_700_000, remainingMs: -100_000, state: 'expired' },
      }),
    );
    details.set(
      FRESH_ID,
      detail({
        id: FRESH_ID,
        txid: 'a2'.repeat(32),
        origin: 'proposed',
        signatures: 0,
        currentWeight: 0n,
        reproposedFrom: TXID,
        carriedApprovals: [{ address: 'TAlice', name: 'Alice' }],
      }),
    );
    const page = await render();
    expect(page.get('[data-testid="expired-notice"]').text()).toContain('This transaction has expired');
    expect(page.find('select').exists()).toBe(false);
    await button(page, 'Re-propose')!.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.path).toBe(`/cosign/${FRESH_ID}`);
    expect(page.get('[data-testid="reproposal"]').text()).toContain(`This replaces the expired transaction ${TXID}.`);
    expect(page.get('[data-testid="reproposal"]').text()).toContain(
      'It had been approved by Alice — their signatures do not carry over.',
    );
    expect(useNoticesStore().items.map((n) => n.kind)).toEqual(['info']);
  });
});
