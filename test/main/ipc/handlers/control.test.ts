import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserializeError } from '@core/errors';
import type { ControlVerdictView, ProofView } from '@core/ipc/channels/control';
import { channels } from '@core/ipc/contract';
import { createHandlers, walletServices } from '@main/ipc/handlers';
import { createIpcRegistry, type IpcRegistry } from '@main/ipc/registry';
import { PASSWORD } from '../../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../../wallet/embedded-wallet';
import { quietLog, recordEvents } from '../../wallet/helpers';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

/** The page's way to a proof of control: ids and views over IPC, each signature on main's window. */
describe('control handlers', () => {
  let env: EmbeddedWallet;
  let registry: IpcRegistry;
  let proofId = '';
  const call = (channel: string, args?: unknown) => registry.call(channel, args, trusted);
  const value = async <T>(channel: string, args?: unknown): Promise<T> => {
    const reply = await call(channel, args);
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.value as T;
  };

  beforeAll(async () => {
    env = await startEmbeddedWallet({ prefix: 'control-ipc-', events: recordEvents(), blockTimeMs: 500 });
    await env.wallet.vault.initialize(PASSWORD);
    await env.wallet.vault.importDevAccounts(2);
    registry = createIpcRegistry({
      channels,
      handlers: createHandlers({
        app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
        ...walletServices(env.wallet),
      }),
      isTrustedSender: () => true,
      log: quietLog,
    });
  }, 120_000);
  afterAll(async () => env?.close());

  it('starts a proof, signs it after main’s window approves, and verifies it against the node in use', async () => {
    const [dev] = env.wallet.vault.listAccounts();
    const started = await value<ProofView>('control:start', {
      account: dev!.address,
      permissionId: 0,
      challenge: 'Counterparty KYC 2026-12',
    });
    proofId = started.id;
    expect(started).toMatchObject({ permission: 'The owner permission (id 0)', threshold: '1', weight: '0' });
    expect(started.keys).toEqual([
      { address: dev!.address, weight: '1', signed: false, accountId: dev!.id, label: dev!.label },
    ]);

    env.consent.answerWith({ approved: true, password: PASSWORD });
    const signed = await value<ProofView>('control:sign', { id: started.id, accountId: dev!.id });
    expect(signed.weight).toBe('1');
    expect(env.consent.last?.kind).toBe('message');

    const verdict = await value<ControlVerdictView>('control:verify', { id: started.id, balances: false });
    expect(verdict).toMatchObject({ verified: true, code: null });
    expect(verdict.message).toContain('keys worth 1 of the 1');
  });

  it('says in a sentence that there is no save dialog, and refuses an unknown proof id', async () => {
    const noDialog = await call('control:save', { id: proofId });
    expect(noDialog.ok).toBe(false);
    if (!noDialog.ok) {
      expect(deserializeError(noDialog.error).message).toBe(
        'This window cannot show the save dialog, so the proof was not saved.',
      );
    }
    const unknown = await call('control:save', { id: 'poc_0000000000000000' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(deserializeError(unknown.error).message).toBe('That proof is no longer open here; open its file again.');
    }
  });
});
