import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_CHANNELS, type ConsentChannel } from '../../../src-core/ipc/consent-channels';
import type { EmbeddedNodeSettings } from '../../../src-core/ipc/channels/node';
import type { Inbox } from '../../../src-core/ipc/channels/cosign';
import type { ForkStatus } from '../../../src-core/ipc/channels/fork';
import type { PayoutPlanResult } from '../../../src-core/ipc/channels/payouts';
import type { WatchedAccountView } from '../../../src-core/ipc/channels/watch';
import type { ProofView } from '../../../src-core/ipc/channels/control';
import type { PolicyStatusView } from '../../../src-core/ipc/channels/policy';
import { definePolicy, policyToJson, signPolicy, unsignedPolicy, withPolicySignature } from '../../../src-core/policy';
import { DEFAULT_DEV_MNEMONIC } from '../../../src-main/node/config';
import { deriveKeys, FUNDED_PATH } from '../../../src-main/node/genesis';
import { deserializeError } from '../../../src-core/errors';
import { channels } from '../../../src-core/ipc/contract';
import { createBundle, createEnvelope, serializeBundle, serializeEnvelope } from '../../../src-core/envelope';
import type { PreparedTxView } from '../../../src-core/ipc/channels/tx';
import type { VaultAccount, VaultStatus } from '../../../src-core/ipc/channels/vault';
import { encodeOperations } from '../../../src-core/permission';
import { buildTransaction, transferContract } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { pageRegistry, type PageCalls } from './page-registry';
import { ScriptedConsent } from '../../fixtures/consent-surface';
import { PASSWORD } from '../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../wallet/embedded-wallet';
import { recordEvents } from '../wallet/helpers';

/**
 * The renderer is hostile: whatever it sends over IPC, a signature or a vault setting happens only
 * when main's own confirmation approves it. Here every request the page can send is sent straight
 * to the registry, as a compromised page would, while main's confirmation declines (or gets a wrong
 * password): nothing is signed, nothing reaches the node, no setting changes.
 */
describe('a hostile renderer against main’s confirmation', () => {
  let profile: EmbeddedWallet;
  let dev: VaultAccount[];
  const consent = ScriptedConsent.decline();

  let page: PageCalls;
  const call = (channel: string, args?: unknown) => page.call(channel, args);
  const value = <T>(channel: string, args?: unknown) => page.value<T>(channel, args);
  const refusal = (channel: string, args?: unknown) => page.refusal(channel, args);

  beforeAll(async () => {
    profile = await startEmbeddedWallet({
      prefix: 'hostile-',
      events: recordEvents(),
      blockTimeMs: 100,
      consent,
      // Main's open dialog hands over a policy dev[0]'s owner key signed, so policy:adopt reaches main's window.
      fileDialogs: {
        openText: async ({ title }) => (title === 'Adopt a treasury policy' ? ownerSignedPolicyFile() : null),
      },
    });
    await profile.wallet.vault.initialize(PASSWORD);
    dev = await profile.wallet.vault.importDevAccounts(3);
    page = pageRegistry(profile.wallet);
  });
  afterAll(async () => {
    await profile?.close();
  });

  function ownerSignedPolicyFile(): { name: string; text: string } {
    const document = definePolicy({
      format: 'tron-treasury-policy/1',
      version: 1,
      account: dev[0]!.address,
      permissions: [{ permissionId: 0, assets: [], unlistedAssets: 'block', tiers: [] }],
    });
    const key = deriveKeys(DEFAULT_DEV_MNEMONIC, FUNDED_PATH, 1)[0]!.privateKey;
    const signed = withPolicySignature(unsignedPolicy(document), signPolicy(document, key));
    const text = JSON.stringify({
      policy: policyToJson(document),
      digest: signed.digest,
      signatures: signed.signatures,
    });
    return { name: 'treasury-policy.json', text };
  }

  it('builds a transfer, but tx:sign declined on main’s window leaves it unsigned and off the node', async () => {
    const built = await value<PreparedTxView>('tx:build', {
      kind: 'trx-transfer',
      owner: dev[0]!.address,
      to: dev[1]!.address,
      amountSun: '5000000000',
    });
    consent.answerWith({ approved: false });
    expect(await refusal('tx:sign', { txid: built.txid })).toMatchObject({
      name: 'ConsentError',
      code: 'CONSENT_DECLINED',
    });
    const shown = consent.last!;
    expect(shown.title).toContain('5,000');
    expect(shown.rows.find((r) => r.label === 'From account')?.value).toContain(dev[0]!.address);
    expect(shown.rows.find((r) => r.label === 'To')?.value).toContain(dev[1]!.address);
    expect(shown.rows.find((r) => r.label === 'Transaction id')?.value).toBe(built.txid);
    expect(await value<PreparedTxView>('tx:prepared', { txid: built.txid })).toMatchObject({ state: 'created' });
    expect(await refusal('tx:broadcast', { txid: built.txid })).toMatchObject({ code: 'TX_NOT_FULLY_SIGNED' });
    expect(await profile.client().getTransactionById(built.txid)).toBeNull();
  });

  it('approves with a wrong password three times: refused, nothing signed', async () => {
    const built = await value<PreparedTxView>('tx:build', {
      kind: 'trx-transfer',
      owner: dev[0]!.address,
      to: dev[1]!.address,
      amountSun: '5000000000',
    });
    consent.answerWith({ approved: true, password: 'not the password' });
    expect(await refusal('tx:sign', { txid: built.txid })).toMatchObject({ name: 'ConsentError' });
    expect(consent.asked.map((a) => a.retry?.reason ?? null)).toEqual([
      null,
      'The password is wrong. Try again.',
      'The password is wrong. Try again.',
    ]);
    expect(await value<PreparedTxView>('tx:prepared', { txid: built.txid })).toMatchObject({ state: 'created' });
  });

  /** An unsigned two-row bundle from dev[2] read on this desk through payouts:importBundle; its id. */
  async function importPayoutBundle(): Promise<string> {
    const client = profile.client();
    const ref = await client.getRefBlock();
    const bundle = createBundle({
      network: { name: 'Embedded dev node', genesisBlockId: await profile.wallet.node.genesisId() },
      createdAt: ref.timestamp,
      rows: [3_000_000n, 4_000_000n].map((amount) => ({
        transaction: buildTransaction(transferContract({ owner: dev[2]!.address, to: dev[1]!.address, amount }), {
          header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }),
        }),
      })),
    });
    return (await value<{ id: string }>('payouts:importBundle', { text: serializeBundle(bundle) })).id;
  }

  async function importEnvelope(): Promise<string> {
    const client = profile.client();
    const ref = await client.getRefBlock();
    const transaction = buildTransaction(
      transferContract({ owner: dev[2]!.address, to: dev[1]!.address, amount: 7_000_000n }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }) },
    );
    const owner = (await client.getAccount(dev[2]!.address))!;
    const envelope = createEnvelope({
      transaction,
      network: { name: 'Embedded dev node', genesisBlockId: await profile.wallet.node.genesisId() },
      permission: {
        type: 'Owner',
        id: 0,
        name: 'owner',
        threshold: 1n,
        parentId: 0,
        keys: [{ address: dev[2]!.addressHex as never, weight: 1n }],
      },
      createdAt: ref.timestamp,
    });
    expect(owner).not.toBeNull();
    const imported = await value<{ id: string }>('cosign:import', {
      text: serializeEnvelope(envelope),
      source: 'paste',
    });
    return imported.id;
  }

  it('imports an envelope, but cosign:sign declined adds no signature', async () => {
    const imported = { id: await importEnvelope() };
    consent.answerWith({ approved: false });
    expect(await refusal('cosign:sign', { id: imported.id, accountId: dev[2]!.id })).toMatchObject({
      code: 'CONSENT_DECLINED',
    });
    expect(consent.last!.fingerprint).toMatch(/\S/);
    const detail = await value<{ json: string }>('cosign:get', { id: imported.id });
    expect(JSON.parse(detail.json).transaction.signature ?? []).toEqual([]);
  });

  const permissionUpdate = () => ({
    owner: {
      name: 'owner',
      threshold: 2n,
      keys: [
        { address: dev[0]!.address, weight: 1n },
        { address: dev[1]!.address, weight: 1n },
      ],
    },
    actives: [
      {
        name: 'transfers',
        threshold: 1n,
        keys: [{ address: dev[1]!.address, weight: 1n }],
        operations: encodeOperations(['TransferContract']),
      },
    ],
  });

  it('submits a permission change, but declined on main’s window the account keeps its structure', async () => {
    const before = await value<{ current: unknown }>('permissions:load', { address: dev[0]!.address });
    consent.answerWith({ approved: false });
    expect(
      await refusal('permissions:submit', {
        address: dev[0]!.address,
        acknowledgeWarnings: true,
        update: permissionUpdate(),
      }),
    ).toMatchObject({ code: 'CONSENT_DECLINED' });
    expect(consent.last!.rows.some((r) => r.label.startsWith('Owner'))).toBe(true);
    expect((await value<{ current: unknown }>('permissions:load', { address: dev[0]!.address })).current).toEqual(
      before.current,
    );
  });

  it('asks main for every vault setting and a message signature; declined, none changes', async () => {
    const before = await value<VaultStatus>('vault:status');
    consent.answerWith({ approved: false });
    for (const [channel, args] of [
      ['vault:setAutoLock', { ms: 60_000 }],
      ['vault:setSigningPolicy', { policy: { passwordFor: 'permission-changes' } }],
      ['vault:signMessage', { accountId: dev[0]!.id, message: 'I owe you 1,000,000 TRX' }],
    ] as const) {
      expect(await refusal(channel, args), channel).toMatchObject({ code: 'CONSENT_DECLINED' });
    }
    // Without a keychain, remembering is refused before anything is asked.
    expect(await refusal('vault:rememberOnDevice')).toMatchObject({ name: 'VaultError' });
    const after = await value<VaultStatus>('vault:status');
    expect(after.autoLockMs).toBe(before.autoLockMs);
    expect(after.signingPolicy).toEqual(before.signingPolicy);
    expect(after.rememberedOnDevice).toBe(false);
  });

  it('plans a payout run for the page without asking main’s window, signing or changing the chain', async () => {
    const before = await consentState();
    const asked = consent.asked.length;
    const csv = `recipient,asset,amount\n${dev[1]!.address},TRX,5000\n${dev[2]!.address},TRX,1.5\n`;
    const result = await value<PayoutPlanResult>('payouts:plan', { owner: dev[0]!.address, csv });
    expect(result.file.issues).toEqual([]);
    expect(result.plan!.rows.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(consent.asked.length).toBe(asked);
    expect(await consentState()).toEqual(before);
  });

  /** Everything a consent channel could change, read from main (settings, vault, fork, watch rules, chain, envelopes). */
  async function consentState() {
    const vault = await value<VaultStatus>('vault:status');
    const fork = await value<ForkStatus>('fork:status');
    const client = profile.client();
    return {
      settings: profile.wallet.settings.get(),
      vault: { autoLockMs: vault.autoLockMs, policy: vault.signingPolicy, remembered: vault.rememberedOnDevice },
      fork: { active: fork.active, impersonated: fork.report?.impersonated ?? [] },
      watch: (await value<WatchedAccountView[]>('watch:watched'))
        .filter((a) => dev.some((d) => d.address === a.address))
        .map((a) => [a.address, a.rules]),
      nodeDir: existsSync(profile.wallet.node.nodeDir()),
      offline: profile.wallet.node.isOffline(),
      balances: await Promise.all(dev.map(async (a) => (await client.getAccount(a.address))?.balance ?? null)),
      signatures: (await value<Inbox>('cosign:list')).items.reduce((sum, e) => sum + e.signatures, 0),
      policy: (await value<PolicyStatusView>('policy:status', { account: dev[0]!.address })).adopted,
    };
  }

  /**
   * Valid arguments for each channel main confirms, so the request reaches main's window; a
   * `refusedFirst` case is refused by a precondition of this profile (no keychain, not an offline
   * signer, no fork running) before anything is asked, with that typed error; an `idle` case has
   * nothing to change in this profile (leaving offline mode while online) and answers unasked.
   */
  type ConsentCase = {
    args: () => Promise<unknown> | unknown;
    refusedFirst?: { name: string; code: string };
    idle?: true;
  };
  const consentCases: Record<ConsentChannel, ConsentCase> = {
    'vault:rememberOnDevice': {
      args: () => undefined,
      refusedFirst: { name: 'VaultError', code: 'VAULT_KEYCHAIN_UNAVAILABLE' },
    },
    'vault:setAutoLock': { args: () => ({ ms: 60_000 }) },
    'vault:setSigningPolicy': { args: () => ({ policy: { passwordFor: 'permission-changes' } }) },
    'vault:signMessage': { args: () => ({ accountId: dev[0]!.id, message: 'I owe you 1,000,000 TRX' }) },
    'vault:importPrivateKey': { args: () => ({ privateKey: '11'.repeat(32), label: 'Treasury backup key' }) },
    'vault:importMnemonic': {
      args: () => ({ phrase: `${'abandon '.repeat(11)}about`, count: 2, label: 'Treasury' }),
    },
    'vault:adopt': { args: () => undefined },
    // No account was removed in this profile, so there is nothing to delete and nothing to ask.
    'vault:purgeRemoved': { args: () => undefined, idle: true },
    // A checked phrase may be checked again; the words are asked on main's window either way. The
    // wrong passwords of the test above started the lockout delay, which refuses before asking.
    'vault:checkRecoveryPhrase': {
      args: async () => {
        for (let i = 0; i < 600 && (await value<VaultStatus>('vault:status')).retryAfterMs > 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { accountId: dev[0]!.id };
      },
    },
    'tx:sign': {
      args: async () => ({
        txid: (
          await value<PreparedTxView>('tx:build', {
            kind: 'trx-transfer',
            owner: dev[0]!.address,
            to: dev[1]!.address,
            amountSun: '1000000',
          })
        ).txid,
      }),
    },
    'cosign:sign': { args: async () => ({ id: await importEnvelope(), accountId: dev[2]!.id }) },
    'permissions:submit': {
      args: () => ({ address: dev[0]!.address, acknowledgeWarnings: true, update: permissionUpdate() }),
    },
    'offline:sign': {
      args: () => ({ txid: 'ab'.repeat(32), accountId: dev[0]!.id }),
      refusedFirst: { name: 'EnvelopeError', code: 'OFFLINE_MODE_OFF' },
    },
    'offline:leave': { args: () => undefined, idle: true },
    'network:select': { args: () => ({ kind: 'custom', fullNodeUrl: 'http://127.0.0.1:1/' }) },
    'node:saveSettings': {
      args: () =>
        ({
          ...profile.wallet.settings.get().embeddedNode,
          adminEndpoints: true,
          allowBrowserAccess: true,
          dataDir: '/srv/any-folder',
        }) satisfies EmbeddedNodeSettings,
    },
    'node:reset': { args: () => undefined },
    'fork:startEmbedded': { args: () => ({ target: 'mainnet' }) },
    'fork:impersonate': {
      args: () => ({ address: dev[1]!.address }),
      refusedFirst: { name: 'ForkError', code: 'FORK_NOT_ACTIVE' },
    },
    'payouts:propose': {
      args: () => ({
        owner: dev[0]!.address,
        csv: `recipient,asset,amount\n${dev[1]!.address},TRX,12\n${dev[2]!.address},TRX,3.5\n`,
        accountId: dev[0]!.id,
      }),
    },
    'payouts:signBundle': { args: async () => ({ id: await importPayoutBundle(), accountId: dev[2]!.id }) },
    // A proof of control for dev account 0 under its own (default) owner permission, which its key signs.
    'control:sign': {
      args: async () => ({
        id: (
          await value<ProofView>('control:start', {
            account: dev[0]!.address,
            permissionId: 0,
            challenge: 'Prove you control this account',
          })
        ).id,
        accountId: dev[0]!.id,
      }),
    },
    'policy:adopt': { args: () => undefined },
    // No signature was blocked in this profile, so there is nothing to override and nothing to ask.
    'policy:override': {
      args: () => ({ txid: 'ab'.repeat(32), accountId: dev[0]!.id }),
      refusedFirst: { name: 'PolicyError', code: 'POLICY_NOTHING_TO_OVERRIDE' },
    },
    'watch:setRules': {
      args: () => ({
        address: dev[0]!.address,
        rules: {
          permissionChanged: false,
          unexpectedSigner: false,
          signersFromChain: true,
          expectedSigners: [],
          outgoingValue: false,
          outgoingTrxSun: 10n ** 15n,
          stakingChanged: false,
          contractSettings: false,
          balanceFloor: false,
          floorTrxSun: 0n,
        },
      }),
    },
  };

  it('asks main’s window for every channel in the consent table; each declined, nothing changes', async () => {
    await waitForWatchtower();
    const before = await consentState();
    const accountsBefore = (await value<VaultStatus>('vault:status')).accountCount;
    for (const channel of CONSENT_CHANNELS) {
      const entry = consentCases[channel];
      const args = await entry.args();
      consent.answerWith({ approved: false });
      if (entry.idle) {
        expect((await call(channel, args)).ok, channel).toBe(true);
        expect(consent.asked, channel).toHaveLength(0);
        continue;
      }
      const error = await refusal(channel, args);
      if (entry.refusedFirst) {
        expect(error, channel).toMatchObject(entry.refusedFirst);
        expect(consent.asked, channel).toHaveLength(0);
      } else {
        expect(error, channel).toMatchObject({ name: 'ConsentError', code: 'CONSENT_DECLINED' });
        expect(consent.asked, channel).toHaveLength(1);
      }
    }
    expect(await consentState()).toEqual(before);
    expect((await value<VaultStatus>('vault:status')).accountCount).toBe(accountsBefore);
  });

  it('survives hostile arguments on every channel: typed errors or valid results, no signature, no consented change', async () => {
    await waitForWatchtower();
    const before = await consentState();
    consent.answerWith({ approved: false });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) deep = { a: deep, ids: [deep] };
    const huge = 'T'.repeat(1_000_000);
    const hostile: readonly unknown[] = [
      null,
      0,
      -1,
      Number.NaN,
      true,
      10n ** 80n,
      huge,
      [],
      [huge],
      {},
      JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}'),
      { constructor: { prototype: { polluted: 'yes' } } },
      deep,
      { address: huge, id: huge, txid: huge, accountId: huge, password: huge, kind: huge, ids: [huge] },
      { kind: 'custom', fullNodeUrl: `http://${huge}` },
      { target: 'custom', address: dev[0]!.address, txid: { $gt: '' }, ms: -1, count: 1e308 },
    ];
    const names = page.registry.channelNames;
    expect(names).toEqual(Object.keys(channels));
    const answered: string[] = [];
    for (const channel of names) {
      for (const args of hostile) {
        const reply = await call(channel, args);
        if (reply.ok) answered.push(channel);
        else {
          expect(reply.error.code, `${channel} ${typeof args}`).not.toBe('IPC_INTERNAL');
          expect(deserializeError(reply.error).message.length, channel).toBeGreaterThan(10);
        }
        expect(({} as Record<string, unknown>).polluted, channel).toBeUndefined();
      }
    }
    const consentAsked = consent.asked.map((a) => a.request.kind);
    expect(consentAsked.every((k) => k !== 'transaction' && k !== 'message')).toBe(true);
    expect(await consentState()).toEqual(before);
    expect(answered.every((c) => !(CONSENT_CHANNELS as readonly string[]).includes(c))).toBe(true);
    // Only reads and a new vault account (which needs no consent) answer these arguments.
    expect([...new Set(answered)].sort()).toEqual(
      ['history:list', 'node:log', 'node:recentBlocks', 'tx:history', 'vault:createMnemonicAccount'].sort(),
    );
  });

  async function waitForWatchtower(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const watched = await call('watch:watched');
      if (watched.ok && (watched.value as unknown[]).length === dev.length) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The watchtower did not start');
  }
});
