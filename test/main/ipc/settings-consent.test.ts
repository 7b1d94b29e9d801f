import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { NodeOverview } from '../../../src-core/ipc/channels/node';
import type { ForkStatus } from '../../../src-core/ipc/channels/fork';
import type { WatchedAccountView } from '../../../src-core/ipc/channels/watch';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { pageRegistry, type PageCalls } from './page-registry';
import { ScriptedConsent } from '../../fixtures/consent-surface';
import { PASSWORD } from '../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../wallet/embedded-wallet';
import { recordEvents, type RecordedEvents } from '../wallet/helpers';

/**
 * What decides where the wallet reads, who reaches its node and what the watchtower reports passes
 * main's confirmation, composed from main's data. The page here is a compromised renderer calling
 * the registry straight, against the real services on a real embedded node.
 */
describe('settings that matter need main’s confirmation', () => {
  let profile: EmbeddedWallet;
  let events: RecordedEvents;
  let dev: VaultAccount[];
  const consent = ScriptedConsent.decline();

  let page: PageCalls;
  const value = <T>(channel: string, args?: unknown) => page.value<T>(channel, args);
  const refusal = (channel: string, args?: unknown) => page.refusal(channel, args);
  const declined = (act: string) => ({
    name: 'ConsentError',
    code: 'CONSENT_DECLINED',
    message: expect.stringMatching(
      new RegExp(`^Nothing changed: you declined ${act}.* in the confirmation window\\.$`),
    ),
  });

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({
      prefix: 'settings-consent-',
      events,
      blockTimeMs: 100,
      watchPollMs: 100,
      consent,
    });
    await profile.wallet.vault.initialize(PASSWORD);
    dev = await profile.wallet.vault.importDevAccounts(2);
    await events.waitFor('watch:progress', (s) => s.state === 'watching' && s.watching === 2, 20_000);
    page = pageRegistry(profile.wallet);
  });
  afterAll(async () => {
    await profile?.close();
  });

  it('network:select to a custom URL asks main with the URL as main parsed it; declined, the wallet stays on its node', async () => {
    consent.answerWith({ approved: false });
    expect(
      await refusal('network:select', { kind: 'custom', fullNodeUrl: 'http://10.9.8.7:8090/wallet/ ' }),
    ).toMatchObject(declined('switching to Custom node'));
    expect(consent.asked).toHaveLength(1);
    const shown = consent.last!;
    expect(shown.rows.find((r) => r.label === 'Full node URL')).toEqual({
      label: 'Full node URL',
      value: 'http://10.9.8.7:8090/wallet',
      monospace: true,
    });
    expect(shown.warnings.join(' ')).toContain('trust');
    expect(await value<NetworkInfo>('network:current')).toMatchObject({ kind: 'embedded' });
    expect(profile.wallet.settings.get().network).toEqual({ kind: 'embedded' });
  });

  it('network:select to a preset asks main too; choosing the network in use asks nothing', async () => {
    consent.answerWith({ approved: false });
    expect(await refusal('network:select', { kind: 'preset', network: 'mainnet' })).toMatchObject(
      declined('switching to'),
    );
    expect(consent.last!.rows.find((r) => r.label === 'Full node URL')?.value).toMatch(/^https:\/\/api\.trongrid\.io/);
    consent.answerWith({ approved: false });
    expect((await value<NetworkInfo>('network:select', { kind: 'embedded' })).kind).toBe('embedded');
    expect(consent.asked).toHaveLength(0);
  });

  it('node:saveSettings that turns on admin endpoints, browser access or moves the data folder asks main; declined, nothing is saved', async () => {
    const before = (await value<NodeOverview>('node:overview')).settings;
    consent.answerWith({ approved: false });
    for (const widen of [
      { adminEndpoints: true },
      { allowBrowserAccess: true },
      { dataDir: '/srv/wallet-node-data' },
      { adminEndpoints: true, allowBrowserAccess: true, dataDir: '/srv/wallet-node-data' },
    ]) {
      expect(await refusal('node:saveSettings', { ...before, ...widen }), JSON.stringify(widen)).toMatchObject(
        declined('the node settings'),
      );
    }
    expect(consent.asked).toHaveLength(4);
    const all = consent.last!.rows;
    expect(all.map((r) => r.label)).toEqual([
      'Admin endpoints',
      'Browser access',
      'Data folder now',
      'Data folder would be',
    ]);
    expect(all.find((r) => r.label === 'Data folder would be')?.value).toBe('/srv/wallet-node-data');
    expect(profile.wallet.settings.get().embeddedNode).toEqual(before);
  });

  it('node:saveSettings that only narrows or tunes the node asks nothing; widening saves once approved', async () => {
    const before = (await value<NodeOverview>('node:overview')).settings;
    consent.answerWith({ approved: false });
    const saved = await value<NodeOverview>('node:saveSettings', { ...before, autoStart: !before.autoStart });
    expect(saved.settings.autoStart).toBe(!before.autoStart);
    expect(consent.asked).toHaveLength(0);

    consent.answerWith({ approved: true });
    const widened = await value<NodeOverview>('node:saveSettings', { ...before, adminEndpoints: true });
    expect(widened.settings.adminEndpoints).toBe(true);
    expect(consent.asked).toHaveLength(1);

    consent.answerWith({ approved: false });
    const narrowed = await value<NodeOverview>('node:saveSettings', before);
    expect(narrowed.settings).toEqual(before);
    expect(consent.asked).toHaveLength(0);
  });

  it('node:reset takes no word from the page; main asks for RESET in its own window, and a decline or a wrong word deletes nothing', async () => {
    const dir = profile.wallet.node.nodeDir();
    const started = profile.nodes.length;
    expect(existsSync(dir)).toBe(true);
    consent.answerWith({ approved: true, typed: 'RESET' });
    expect(await refusal('node:reset', { confirmation: 'RESET' })).toMatchObject({ name: 'ValidationError' });
    expect(consent.asked).toHaveLength(0);

    consent.answerWith({ approved: false });
    expect(await refusal('node:reset')).toMatchObject(declined('deleting the embedded chain'));
    expect(consent.last!.typedConfirmation).toBe('RESET');
    expect(consent.last!.rows.find((r) => r.label === 'Deletes the folder')?.value).toBe(dir);

    consent.answerWith({ approved: true, typed: 'reset' });
    expect(await refusal('node:reset')).toMatchObject({ code: 'CONSENT_DECLINED' });
    expect(consent.asked.map((a) => a.retry?.reason ?? null)).toEqual([
      null,
      'Type RESET exactly to approve this change.',
      'Type RESET exactly to approve this change.',
    ]);
    expect(existsSync(dir)).toBe(true);
    expect(profile.nodes).toHaveLength(started);
  });

  it('fork:startEmbedded asks main with the network and its URL; declined, no fork starts', async () => {
    consent.answerWith({ approved: false });
    expect(await refusal('fork:startEmbedded', { target: 'nile' })).toMatchObject(declined('starting a fork of Nile'));
    expect(consent.last!.rows.find((r) => r.label === 'Reads from')?.value).toMatch(/^https:\/\/nile\.trongrid\.io/);
    expect((await value<ForkStatus>('fork:status')).active).toBe(false);
  });

  it('watch:setRules that turns a vault account’s rules off asks main with the full address; declined, the rules stay', async () => {
    const [before] = (await value<WatchedAccountView[]>('watch:watched')).filter((a) => a.address === dev[0]!.address);
    const off = {
      ...before!.rules,
      permissionChanged: false,
      unexpectedSigner: false,
      outgoingValue: false,
      stakingChanged: false,
      contractSettings: false,
      balanceFloor: false,
    };
    consent.answerWith({ approved: false });
    expect(await refusal('watch:setRules', { address: dev[0]!.address, rules: off })).toMatchObject(
      declined(`weakening the watchtower rules of ${dev[0]!.address}`),
    );
    expect(consent.last!.rows[0]).toEqual({ label: 'Account', value: dev[0]!.address, monospace: true });
    expect(consent.last!.rows[1]).toEqual({ label: 'Name', value: before!.label });
    const switches = [
      'permissionChanged',
      'unexpectedSigner',
      'outgoingValue',
      'stakingChanged',
      'contractSettings',
      'balanceFloor',
    ] as const;
    const wereOn = switches.filter((k) => before!.rules[k]).length;
    expect(wereOn).toBeGreaterThan(0);
    expect(consent.last!.rows).toHaveLength(2 + wereOn);
    const lowered = { ...before!.rules, outgoingTrxSun: before!.rules.outgoingTrxSun + 1_000_000_000n };
    expect(await refusal('watch:setRules', { address: dev[0]!.address, rules: lowered })).toMatchObject({
      code: 'CONSENT_DECLINED',
    });
    // Expecting one more signer, or no longer following the chain's keys, may let a signer pass.
    const stranger = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    expect(
      await refusal('watch:setRules', {
        address: dev[0]!.address,
        rules: { ...before!.rules, expectedSigners: [stranger] },
      }),
    ).toMatchObject({ code: 'CONSENT_DECLINED' });
    expect(consent.last!.rows.at(-1)).toEqual({ label: 'Expected signer added', value: stranger, monospace: true });
    expect(
      await refusal('watch:setRules', {
        address: dev[0]!.address,
        rules: { ...before!.rules, signersFromChain: false },
      }),
    ).toMatchObject({ code: 'CONSENT_DECLINED' });
    expect(consent.last!.rows.at(-1)).toEqual({
      label: 'Expected signers',
      value: 'Every key on chain → the keys the account had when watching began',
    });
    const [after] = (await value<WatchedAccountView[]>('watch:watched')).filter((a) => a.address === dev[0]!.address);
    expect(after!.rules).toEqual(before!.rules);
  });

  it('watch:setRules that turns a rule on or makes it more sensitive asks nothing', async () => {
    const [before] = (await value<WatchedAccountView[]>('watch:watched')).filter((a) => a.address === dev[1]!.address);
    consent.answerWith({ approved: false });
    const raised = { ...before!.rules, balanceFloor: true, floorTrxSun: before!.rules.floorTrxSun + 1n };
    const view = await value<WatchedAccountView>('watch:setRules', { address: dev[1]!.address, rules: raised });
    expect(view.rules).toEqual(raised);
    expect(consent.asked).toHaveLength(0);
  });

  it('marks names the page set this session in main’s window, after the full address (vault rename, address book)', async () => {
    consent.answerWith({ approved: false });
    const contact = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    await value('vault:renameAccount', { accountId: dev[1]!.id, label: 'Treasury cold wallet' });
    await value('addressBook:save', { name: 'Exchange deposit', address: contact });
    for (const [to, name, where] of [
      [dev[1]!.address, 'Treasury cold wallet', 'your vault'],
      [contact, 'Exchange deposit', 'your address book'],
    ] as const) {
      const built = await value<{ txid: string }>('tx:build', {
        kind: 'trx-transfer',
        owner: dev[0]!.address,
        to,
        amountSun: '1000000',
      });
      expect(await refusal('tx:sign', { txid: built.txid })).toMatchObject({ code: 'CONSENT_DECLINED' });
      expect(consent.last!.rows.find((r) => r.label === 'To')?.value).toBe(
        `${to} (“${name}” in ${where}, a name the app’s page set in this session)`,
      );
    }
    const [watched] = (await value<WatchedAccountView[]>('watch:watched')).filter((a) => a.address === dev[1]!.address);
    await refusal('watch:setRules', { address: dev[1]!.address, rules: { ...watched!.rules, outgoingValue: false } });
    expect(consent.last!.rows.slice(0, 2)).toEqual([
      { label: 'Account', value: dev[1]!.address, monospace: true },
      { label: 'Name', value: 'Treasury cold wallet (a name the app’s page set in this session)' },
    ]);
  });

  it('watch:markRead must name alert ids: an empty call is refused and marks nothing', async () => {
    consent.answerWith({ approved: true, password: PASSWORD });
    await profile.confirm({ kind: 'trx-transfer', owner: dev[0]!.address, to: dev[1]!.address, amountSun: '2000000' });
    await events.waitFor('watch:alert', (e) => e.change === 'raised', 20_000);
    const unread = profile.wallet.watchtower.inbox().unread;
    expect(unread).toBeGreaterThan(0);
    expect(await refusal('watch:markRead', {})).toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('alert ids'),
    });
    expect(await refusal('watch:markRead', { ids: [] })).toMatchObject({ name: 'ValidationError' });
    expect(profile.wallet.watchtower.inbox().unread).toBe(unread);
  });
});
