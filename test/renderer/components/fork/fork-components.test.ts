import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { ForkError } from '../../../../src-core/errors';
import type { ForkReport, ForkStatus } from '../../../../src-core/ipc/channels/fork';
import { K, snapshotFixture } from '../../../fixtures/permission-snapshot';
import { installWindowApi, type MainStub } from '../../stub-window-api';

/** Fork mode's components over a stand-in main: what they ask for, and what they show of its answers. */
const report: ForkReport = {
  upstream: 'https://api.trongrid.io',
  forkPoint: { number: 70_000_000, id: `0000000004${'c'.repeat(54)}`, timestamp: 1_760_000_000_000 },
  readRange: { from: 70_000_000, to: 70_000_004 },
  fetched: { account: 3, contract: 1, storage: 0 },
  requests: 7,
  impersonated: [],
};
let status: ForkStatus;
const calls: { channel: string; args: unknown }[] = [];
/** A start main has not answered yet, while a test holds it. */
let pendingStart: Promise<ForkStatus> | null = null;
const simulation = {
  txid: 'a'.repeat(64),
  method: 'dry-run' as const,
  methodNote: 'Executed on a copy of the state.',
  success: true,
  result: 'SUCCESS',
  reason: null,
  outOfEnergy: { risk: false, message: 'This transaction runs no contract code, so it uses no energy.' },
  energyUsed: null,
  balanceChanges: [{ address: K.K1.base58, asset: 'TRX', delta: -1_500_000n, decimals: 6 }],
  logs: [],
  stateChanged: false as const,
};
const main: MainStub = {
  fork: {
    status: () => status,
    targets: () => [
      { target: 'mainnet', name: 'TRON Mainnet', url: 'https://api.trongrid.io', hasApiKey: false },
      { target: 'custom', name: 'Custom node', url: null, hasApiKey: false },
    ],
    startEmbedded: () => pendingStart ?? { ...status, active: true, target: 'mainnet', name: 'TRON Mainnet', report },
    stopEmbedded: () => {
      status = { ...status, active: false, target: null, name: null, report: null };
      return status;
    },
    simulateEnvelope: () => ({ network: 'TRON Mainnet', report, simulation, cost: null }),
    rehearsePermissions: () => ({
      network: 'TRON Mainnet',
      report,
      update: { outcome: 'passed', detail: 'The fork accepted the update.', txid: 'b'.repeat(64) },
      groups: [
        { type: 'Owner', permissionId: 0, name: 'owner', signers: [K.K2.base58], outcome: 'passed', detail: 'ok' },
        { type: 'Active', permissionId: 2, name: 'calls', signers: [], outcome: 'skipped', detail: 'no transfers' },
      ],
      proven: true,
    }),
  },
  permissions: { load: () => snapshotFixture(), inspectKeys: () => [] },
};
installWindowApi(main, calls, { on: () => () => {} });

const { default: ForkSimulation } = await import('../../../../src-renderer/components/fork/ForkSimulation.vue');
const { default: ForkPanel } = await import('../../../../src-renderer/components/fork/ForkPanel.vue');
const { default: ImpersonationBanner } =
  await import('../../../../src-renderer/components/fork/ImpersonationBanner.vue');
const { default: ForkPermissionRehearsal } =
  await import('../../../../src-renderer/components/fork/ForkPermissionRehearsal.vue');
const { useForkStore } = await import('../../../../src-renderer/stores/fork');
const { useNodeStatusStore } = await import('../../../../src-renderer/stores/node-status');
const { usePermissionEditorStore } = await import('../../../../src-renderer/stores/permission-editor');

const stubs = { RouterLink: { template: '<a><slot /></a>' } };

describe('fork components', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    pendingStart = null;
    status = {
      active: false,
      target: null,
      name: null,
      report: null,
      rehearsal: { available: true, network: 'TRON Mainnet', reason: null },
    };
  });

  it('offer no fork simulation on the dev chain', async () => {
    status = { ...status, rehearsal: { available: false, network: null, reason: 'dev chain' } };
    const view = mount(ForkSimulation, { props: { envelopeId: 'env_0123456789abcdef' } });
    await flushPromises();
    expect(view.find('[data-testid="fork-simulation"]').exists()).toBe(false);
  });

  it("simulate an envelope on a fork of the wallet's network by its id alone, and show the dry run with the disclosure", async () => {
    const view = mount(ForkSimulation, { props: { envelopeId: 'env_0123456789abcdef' } });
    await flushPromises();
    await view.get('[data-testid="fork-simulate"]').trigger('click');
    await flushPromises();
    expect(calls.filter((c) => c.channel === 'fork:simulateEnvelope').map((c) => c.args)).toEqual([
      { id: 'env_0123456789abcdef' },
    ]);
    expect(view.get('[data-testid="simulation"]').text()).toContain('Dry run on a fork of TRON Mainnet');
    expect(view.get('[data-testid="simulation"]').text()).toContain('−1.5 TRX');
    expect(view.get('[data-testid="fork-point"]').text()).toContain('70,000,000');
    expect(view.get('[data-testid="fork-fetched"]').text()).toBe('account: 3, contract: 1 (7 request(s))');
  });

  it('start a fork by the network name and the typed API key, never a URL', async () => {
    const view = mount(ForkPanel, { global: { stubs } });
    await flushPromises();
    await view.get('input[type="password"]').setValue(' key-123 ');
    await view.get('[data-testid="fork-start"]').trigger('click');
    await flushPromises();
    expect(calls.filter((c) => c.channel === 'fork:startEmbedded').map((c) => c.args)).toEqual([
      { target: 'mainnet', apiKey: 'key-123' },
    ]);
  });

  it('title a start that failed as such, with main’s cause and that the chain in use keeps running', async () => {
    const view = mount(ForkPanel, { global: { stubs } });
    await flushPromises();
    pendingStart = Promise.reject(
      new ForkError(
        'FORK_UPSTREAM_FAILED',
        'The fork of TRON Mainnet could not read the upstream head block: the name api.trongrid.io could not be ' +
          'looked up (DNS, ENOTFOUND). Nothing changed: the wallet stays on Embedded dev node, which keeps running.',
      ),
    );
    await view.get('[data-testid="fork-start"]').trigger('click');
    await flushPromises();
    const notice = view.get('[data-error-name="ForkError"]');
    expect(notice.text()).toContain('The fork did not start');
    expect(notice.text()).not.toContain('The fork could not do that');
    expect(notice.text()).toContain('(DNS, ENOTFOUND)');
    expect(notice.text()).toContain('keeps running');
  });

  it("offer 'Back to the dev chain' while a fork runs, which stops the fork and shows the start form again", async () => {
    status = { ...status, active: true, target: 'mainnet', name: 'TRON Mainnet', report };
    const view = mount(ForkPanel, { global: { stubs } });
    await flushPromises();
    const back = view.get('[data-testid="fork-stop"]');
    expect(back.text()).toBe('Back to the dev chain');
    expect(view.find('[data-testid="fork-failed"]').exists()).toBe(false);
    await back.trigger('click');
    await flushPromises();
    expect(calls.filter((c) => c.channel === 'fork:stopEmbedded')).toHaveLength(1);
    expect(view.find('[data-testid="fork-stop"]').exists()).toBe(false);
    expect(view.find('[data-testid="fork-start"]').exists()).toBe(true);
  });

  it("say that a fork whose node failed stopped, with main's reason, and offer 'Back to the dev chain'", async () => {
    status = { ...status, active: true, target: 'mainnet', name: 'TRON Mainnet', report };
    useNodeStatusStore().status = {
      state: 'failed',
      source: 'embedded',
      network: 'Fork of TRON Mainnet',
      message: 'The embedded node stopped unexpectedly: its worker failed. Start it again on the Node screen.',
    };
    const view = mount(ForkPanel, { global: { stubs } });
    await flushPromises();
    const notice = view.get('[data-testid="fork-failed"]');
    expect(notice.text()).toContain('The fork of TRON Mainnet stopped');
    expect(notice.text()).toContain('its worker failed');
    expect(notice.text()).toContain('Back to the dev chain');
    await view.get('[data-testid="fork-stop"]').trigger('click');
    await flushPromises();
    expect(calls.filter((c) => c.channel === 'fork:stopEmbedded')).toHaveLength(1);
  });

  it('show the steps of a fork starting beside the running chain from fork progress', async () => {
    let finish: (value: ForkStatus) => void = () => {};
    pendingStart = new Promise<ForkStatus>((resolve) => (finish = resolve));
    const view = mount(ForkPanel, { global: { stubs } });
    await flushPromises();
    await view.get('[data-testid="fork-start"]').trigger('click');
    useForkStore().progress = { task: 'embedded', step: 'Forking TRON Mainnet at its head block', index: 2, total: 3 };
    await nextTick();
    expect(view.get('[data-testid="fork-starting"]').text()).toContain(
      'Step 2 of 3: Forking TRON Mainnet at its head block… The chain in use keeps running until the fork answers.',
    );
    finish({ ...status, active: true, target: 'mainnet', name: 'TRON Mainnet', report });
    pendingStart = null;
    await flushPromises();
    expect(view.find('[data-testid="fork-starting"]').exists()).toBe(false);
  });

  it('show the impersonation banner only while an account is impersonated', async () => {
    const view = mount(ImpersonationBanner, { global: { stubs } });
    const fork = useForkStore();
    fork.status = { ...status, active: true, name: 'TRON Mainnet', report };
    await nextTick();
    expect(view.find('[data-testid="impersonation-banner"]').exists()).toBe(false);
    fork.status = { ...status, active: true, name: 'TRON Mainnet', report: { ...report, impersonated: [K.K1.base58] } };
    await nextTick();
    const banner = view.get('[data-testid="impersonation-banner"]');
    expect(banner.attributes('role')).toBe('alert');
    expect(banner.text()).toContain(K.K1.base58);
    expect(banner.text()).toContain('fork of TRON Mainnet');
  });

  it("rehearse the editor's structure on a fork and show the fork's verdict per group", async () => {
    const editor = usePermissionEditorStore();
    await editor.open(K.K1.base58);
    editor.edit();
    const view = mount(ForkPermissionRehearsal);
    await flushPromises();
    await view.get('[data-testid="fork-rehearse"]').trigger('click');
    await flushPromises();
    const asked = calls.find((c) => c.channel === 'fork:rehearsePermissions')!.args as { address: string };
    expect(asked.address).toBe(K.K1.base58);
    expect(view.get('[data-testid="fork-rehearsal-verdict"]').text()).toContain('Proven on the fork');
    expect(view.findAll('li[data-outcome]').map((li) => li.attributes('data-outcome'))).toEqual(['passed', 'skipped']);
  });
});
