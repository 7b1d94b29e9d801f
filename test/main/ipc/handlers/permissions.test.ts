import { describe, expect, it } from 'vitest';
import { channels } from '../../../../src-core/ipc/contract';
import type { PermissionStructureInput } from '../../../../src-core/ipc/channels/permissions';
import { createHandlers } from '../../../../src-main/ipc/handlers';
import type { PermissionsService } from '../../../../src-main/ipc/handlers/permissions';
import { createIpcRegistry } from '../../../../src-main/ipc/registry';
import { serviceDoubles } from '../../../fixtures/service-doubles';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };
const OWNER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** A one-key owner structure, as the permission editor sends it. */
const update = { owner: { name: 'owner', threshold: 1n, keys: [{ address: OWNER, weight: 1n }] }, actives: [] };

function registryRecordingSubmits(calls: unknown[][]) {
  const permissions: PermissionsService = {
    load: () => Promise.reject(new Error('not in this test')),
    inspectKeys: () => Promise.reject(new Error('not in this test')),
    prepare: () => Promise.reject(new Error('not in this test')),
    dryRun: () => Promise.reject(new Error('not in this test')),
    submit: async (...args: [string, PermissionStructureInput, boolean, number?]) => {
      calls.push(args);
      return {
        txid: 'ab'.repeat(32),
        state: 'needs-cosigners',
        signatures: 1,
        weight: 1n,
        threshold: 2n,
        message: 'Waiting for co-signers.',
        envelopeId: 'e1',
      };
    },
  };
  return createIpcRegistry({
    channels,
    handlers: createHandlers({
      ...serviceDoubles(),
      app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
      permissions,
    }),
    isTrustedSender: () => true,
    log: { info() {}, warn() {}, error() {} },
  });
}

describe('permissions:submit over IPC', () => {
  it('passes the signing window the person chose to the service', async () => {
    const calls: unknown[][] = [];
    const reply = await registryRecordingSubmits(calls).call(
      'permissions:submit',
      { address: OWNER, update, acknowledgeWarnings: false, expirationMs: 23 * 3_600_000 },
      trusted,
    );
    expect(reply.ok).toBe(true);
    expect(calls.map((c) => c[3])).toEqual([23 * 3_600_000]);
  });

  it('leaves the window to main when none was chosen', async () => {
    const calls: unknown[][] = [];
    await registryRecordingSubmits(calls).call(
      'permissions:submit',
      { address: OWNER, update, acknowledgeWarnings: false },
      trusted,
    );
    expect(calls.map((c) => c[3])).toEqual([undefined]);
  });

  it('refuses a window longer than the 24 hours the chain allows', async () => {
    const calls: unknown[][] = [];
    const reply = await registryRecordingSubmits(calls).call(
      'permissions:submit',
      { address: OWNER, update, acknowledgeWarnings: false, expirationMs: 25 * 3_600_000 },
      trusted,
    );
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(calls).toEqual([]);
  });
});
