import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SigningPolicy, VaultStatus } from '../../../src-core/ipc/channels/vault';
import { formatTime } from '../../../src-renderer/format/time';
import { installWindowApi } from '../stub-window-api';

/**
 * The security page only asks: each change is a call whose answer main gives after its own
 * confirmation window. The stub stands in for main and answers with the new status.
 */
const calls: { channel: string; args: unknown }[] = [];
let status: VaultStatus;

installWindowApi(
  {
    vault: {
      status: () => status,
      setAutoLock: ({ ms }: { ms: number }) => (status = { ...status, autoLockMs: ms }),
      setSigningPolicy: ({ policy }: { policy: SigningPolicy }) => (status = { ...status, signingPolicy: policy }),
      rememberOnDevice: () => (status = { ...status, rememberedOnDevice: true }),
      forgetDevice: () => (status = { ...status, rememberedOnDevice: false }),
      adopt: () => (status = { ...status, readOnly: false, problems: [] }),
    },
  },
  calls,
);
const { default: SecurityPage } = await import('../../../src-renderer/pages/SecurityPage.vue');

function mountPage() {
  return mount(SecurityPage);
}

beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
  status = {
    initialized: true,
    locked: false,
    accountCount: 1,
    autoLockMs: 300_000,
    failedAttempts: 0,
    retryAfterMs: 0,
    rememberedOnDevice: false,
    sessionEndsAt: 1_800_000_000_000,
    signingPolicy: { passwordFor: 'above-amount', thresholdSun: '1000000000' },
    readOnly: false,
    problems: [],
    removedKeystores: 0,
    keychain: { available: true, backend: 'test' },
  };
});

describe('SecurityPage', () => {
  it('shows the current settings and when the session ends at the latest', async () => {
    const page = mountPage();
    await flushPromises();
    expect((page.find('select').element as HTMLSelectElement).value).toBe('300000');
    // The one date format of the app, with the time zone named.
    expect(page.find('[data-testid="session-ends"]').text()).toContain(formatTime(1_800_000_000_000));
    expect(page.find('[data-testid="session-ends"]').text()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+/);
  });

  it('asks main to change the auto-lock and the signing policy, with the threshold in sun', async () => {
    const page = mountPage();
    await flushPromises();
    const [autoLock, policy] = page.findAll('select');
    await autoLock!.setValue('3600000');
    await page.findAll('form')[0]!.trigger('submit');
    await flushPromises();
    await policy!.setValue('above-amount');
    await page.find('input').setValue('250');
    await page.findAll('form')[1]!.trigger('submit');
    await flushPromises();
    expect(calls.filter((c) => c.channel !== 'vault:status')).toEqual([
      { channel: 'vault:setAutoLock', args: { ms: 3_600_000 } },
      {
        channel: 'vault:setSigningPolicy',
        args: { policy: { passwordFor: 'above-amount', thresholdSun: '250000000' } },
      },
    ]);
  });

  it('refuses a threshold that is not a whole number of TRX without asking main', async () => {
    const page = mountPage();
    await flushPromises();
    await page.find('input').setValue('12.5');
    await page.findAll('form')[1]!.trigger('submit');
    await flushPromises();
    expect(page.text()).toContain('Enter a whole number of TRX.');
    expect(calls.some((c) => c.channel === 'vault:setSigningPolicy')).toBe(false);
  });

  it('turns remembering this computer on and off', async () => {
    const page = mountPage();
    await flushPromises();
    const toggle = page.findAll('button').find((b) => b.text().startsWith('Unlock without'))!;
    await toggle.trigger('click');
    await flushPromises();
    expect(page.text()).toContain('Stop unlocking without the password');
    expect(calls.map((c) => c.channel)).toContain('vault:rememberOnDevice');
  });

  it('lists what main found wrong with the vault files, and asks main to repair them', async () => {
    const message = 'The signing policy in vault.json was changed outside the app.';
    status = {
      ...status,
      readOnly: true,
      problems: [{ kind: 'changed-outside', file: '/data/vault.json', message }],
    };
    const page = mountPage();
    await flushPromises();
    expect(page.find('[data-testid="vault-problems"]').text()).toContain(message);
    await page
      .findAll('button')
      .find((b) => b.text() === 'Repair with the password')!
      .trigger('click');
    await flushPromises();
    expect(calls.map((c) => c.channel)).toContain('vault:adopt');
    expect(page.find('[data-testid="vault-problems"]').exists()).toBe(false);
  });
});
