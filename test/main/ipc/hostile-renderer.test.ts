import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserializeError, type SerializedError } from '../../../src-core/errors';
import { createEnvelope, serializeEnvelope } from '../../../src-core/envelope';
import { channels } from '../../../src-core/ipc/contract';
import type { PreparedTxView } from '../../../src-core/ipc/channels/tx';
import type { VaultAccount, VaultStatus } from '../../../src-core/ipc/channels/vault';
import { encodeOperations } from '../../../src-core/permission';
import { buildTransaction, transferContract } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { createHandlers, walletServices } from '../../../src-main/ipc/handlers';
import { createIpcRegistry, type IpcRegistry } from '../../../src-main/ipc/registry';
import { ScriptedConsent } from '../../fixtures/consent-surface';
import { PASSWORD } from '../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../wallet/embedded-wallet';
import { recordEvents } from '../wallet/helpers';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

/**
 * The renderer is hostile: whatever it sends over IPC, a signature or a vault setting happens only
 * when main's own confirmation approves it. Here every request the page can send is sent straight
 * to the registry, as a compromised page would, while main's confirmation declines (or gets a wrong
 * password): nothing is signed, nothing reaches the node, no setting changes.
 */
describe('a hostile renderer against main’s confirmation', () => {
  let profile: EmbeddedWallet;
  let registry: IpcRegistry;
  let dev: VaultAccount[];
  const consent = ScriptedConsent.decline();

  const call = (channel: string, args?: unknown) => registry.call(channel, args, trusted);
  const value = async <T>(channel: string, args?: unknown): Promise<T> => {
    const reply = await call(channel, args);
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.value as T;
  };
  const refusal = async (channel: string, args?: unknown): Promise<SerializedError> => {
    const reply = await call(channel, args);
    expect(reply.ok).toBe(false);
    return (reply as { error: SerializedError }).error;
  };

  beforeAll(async () => {
    profile = await startEmbeddedWallet({ prefix: 'hostile-', events: recordEvents(), blockTimeMs: 100, consent });
    await profile.wallet.vault.initialize(PASSWORD);
    dev = await profile.wallet.vault.importDevAccounts(3);
    registry = createIpcRegistry({
      channels,
      handlers: createHandlers({
        app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
        ...walletServices(profile.wallet),
      }),
      isTrustedSender: () => true,
      log: { info() {}, warn() {}, error() {} },
    });
  });
  afterAll(async () => {
    await profile?.close();
  });

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

  it('imports an envelope, but cosign:sign declined adds no signature', async () => {
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
    consent.answerWith({ approved: false });
    expect(await refusal('cosign:sign', { id: imported.id, accountId: dev[2]!.id })).toMatchObject({
      code: 'CONSENT_DECLINED',
    });
    expect(consent.last!.fingerprint).toMatch(/\S/);
    const detail = await value<{ json: string }>('cosign:get', { id: imported.id });
    expect(JSON.parse(detail.json).transaction.signature ?? []).toEqual([]);
  });

  it('submits a permission change, but declined on main’s window the account keeps its structure', async () => {
    const before = await value<{ current: unknown }>('permissions:load', { address: dev[0]!.address });
    consent.answerWith({ approved: false });
    expect(
      await refusal('permissions:submit', {
        address: dev[0]!.address,
        acknowledgeWarnings: true,
        update: {
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
        },
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
});
