import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import { encodeOperations, withOperation } from '../../../src-core/permission';
import { K, snapshotFixture } from '../../fixtures/permission-snapshot';

const listeners = new Map<string, (payload: unknown) => void>();
const calls: { channel: string; args: unknown }[] = [];
const answers: Record<string, (args: unknown) => unknown> = {};
function channel(name: string) {
  return async (args: unknown) => {
    calls.push({ channel: name, args });
    return answers[name]!(args);
  };
}
vi.mock('../../../src-renderer/api/bridge', () => ({
  api: {
    permissions: {
      load: channel('load'),
      inspectKeys: channel('inspectKeys'),
      prepare: channel('prepare'),
      dryRun: channel('dryRun'),
      submit: channel('submit'),
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  },
}));

const { MAX_ACTIVES, usePermissionEditorStore } = await import('../../../src-renderer/stores/permission-editor');

const prepared = {
  txID: 'a'.repeat(64),
  signing: {
    permissionId: 0,
    permissionName: 'owner',
    threshold: 1n,
    heldWeight: 1n,
    signers: [],
    needsCosigners: false,
    expectedSignatures: 1,
    explanation: 'Use the owner.',
  },
  cost: { lines: [], totalBurnSun: 100_000_000n, balanceSun: 1_000_000_000n, enoughBalance: true },
  gate: { verdict: 'ok', blocked: false, needsConfirmation: false, findings: [] },
};

async function editing() {
  const store = usePermissionEditorStore();
  await store.open(K.K1.base58);
  store.edit();
  await nextTick();
  return store;
}
const codes = (store: ReturnType<typeof usePermissionEditorStore>) => store.issues.map((i) => i.code);

describe('permission editor store', () => {
  beforeEach(() => {
    listeners.clear();
    calls.length = 0;
    answers.load = () => snapshotFixture();
    answers.inspectKeys = (args) =>
      (args as { addresses: string[] }).addresses.map((address) => ({
        address,
        isContract: false,
        activated: address !== K.K_ONE.base58,
      }));
    answers.prepare = () => prepared;
    answers.dryRun = () => ({ available: true, checks: [], balanceChanges: [] });
    answers.submit = () => ({
      txid: 'b'.repeat(64),
      state: 'broadcast',
      signatures: 1,
      weight: 1n,
      threshold: 1n,
      message: 'ok',
    });
    setActivePinia(createPinia());
  });

  it('opens an account and starts editing from its structure, with no problem and nothing to review yet', async () => {
    const store = await editing();
    expect(store.snapshot?.address).toBe(K.K1.base58);
    expect(store.draft?.owner.keys.map((k) => k.address)).toEqual([K.K1.base58]);
    expect(store.issues).toEqual([]);
    expect(store.proof?.diff.groups).toEqual([]);
    expect(store.reviewBlockedBy).toBeNull();
  });

  it("shows java-tron's rules live, field by field, and keeps Review closed until they pass", async () => {
    const store = await editing();
    store.draft!.owner.threshold = '0';
    store.draft!.actives[0]!.name = '€'.repeat(11);
    expect(codes(store)).toEqual(['PERM_THRESHOLD_NOT_POSITIVE', 'PERM_NAME_TOO_LONG']);
    expect(store.fieldIssues.get('owner.threshold')).toEqual([
      'Set the threshold of the owner permission to at least 1.',
    ]);
    expect(store.fieldIssues.get('actives[0].permission_name')).toEqual([
      'Shorten the name of the active permission "€€€€€€€€€€€" to at most 32 bytes.',
    ]);
    expect(store.reviewBlockedBy).toBe('Fix the 2 problems in the form first.');
    store.draft!.owner.threshold = '1';
    store.draft!.actives[0]!.name = 'transfers';
    expect(store.issues).toEqual([]);
    store.draft!.actives = [];
    expect(codes(store)).toEqual(['PERM_ACTIVE_MISSING']);
    store.addActive();
    expect(store.draft!.actives[0]!.operations).toBe(store.snapshot!.defaultActiveOperations);
    store.draft!.actives[0]!.keys[0]!.address = K.K2.base58;
    for (let i = 0; i < 5; i++) store.addKey('owner', 0, [K.K2, K.K3, K.K_ONE, K.K1, K.K2][i]!.base58);
    expect(codes(store)).toEqual(['PERM_TOO_MANY_KEYS', 'PERM_DUPLICATE_KEY']);
  });

  it('adds active permissions up to 8 and refuses a ninth, the limit java-tron applies', async () => {
    const store = await editing();
    expect([MAX_ACTIVES, PROTOCOL_CONSTANTS.MAX_ACTIVE_PERMISSIONS]).toEqual([8, 8]);
    for (let i = store.draft!.actives.length; i < MAX_ACTIVES; i++) store.addActive();
    expect(store.draft!.actives).toHaveLength(8);
    expect(new Set(store.draft!.actives.map((a) => a.id)).size).toBe(8);
    const eighth = store.draft!.actives[7]!;
    store.addActive();
    expect(store.draft!.actives).toHaveLength(8);
    expect(store.draft!.actives[7]).toBe(eighth);
    expect(codes(store)).not.toContain('PERM_TOO_MANY_ACTIVES');
    store.removeActive(eighth.id);
    store.addActive();
    expect(store.draft!.actives).toHaveLength(8);
  });

  it("says main's refusal of a new key whose recovery phrase nobody checked before anything is sent", async () => {
    const base = snapshotFixture();
    answers.load = () => ({
      ...base,
      directory: base.directory.map((d) => (d.address === K.K2.base58 ? { ...d, backupChecked: false } : d)),
    });
    const store = await editing();
    expect(store.reviewBlockedBy).toBeNull();
    store.addKey('owner', 0, K.K2.base58);
    store.draft!.owner.threshold = '2';
    expect(store.issues).toEqual([]);
    expect(store.uncheckedPhrase).toMatch(/^Check the recovery phrase of Bob first: /);
    expect(store.reviewBlockedBy).toBe(store.uncheckedPhrase);
    expect(store.reviewDisabled).toBe(true);
    await store.review();
    expect(store.canSubmit).toBe(false);
    expect(calls.map((c) => c.channel)).not.toContain('prepare');
    // A key whose phrase was checked (Carol's is not the vault's at all) passes.
    store.draft!.owner.keys[1]!.address = K.K3.base58;
    expect(store.uncheckedPhrase).toBeNull();
  });

  it('runs the prover live: an unreachable owner threshold is blocked, with the reason', async () => {
    const store = await editing();
    store.addKey('owner', 0, K.K2.base58);
    store.draft!.owner.threshold = '3';
    expect(codes(store)).toEqual(['PERM_WEIGHT_BELOW_THRESHOLD']);
    expect(store.gate?.blocking.map((f) => f.code)).toContain('LOCKOUT_UNREACHABLE_THRESHOLD');
    expect(store.proof?.verdict).toBe('block');
  });

  it('lets an owner no known key reaches go to signing, leaving the typed confirmation to main, without a validation problem', async () => {
    const store = await editing();
    store.draft!.owner.keys[0]!.address = K.K_ONE.base58;
    expect(store.issues).toEqual([]);
    expect(store.gate).toMatchObject({ blocking: [], needsConfirmation: true });
    expect(store.reviewBlockedBy).toBeNull();
    await store.review();
    store.acknowledged = true;
    expect(store.canSubmit).toBe(true);
  });

  it('warns when my key leaves the owner and wants the warnings acknowledged before signing', async () => {
    const store = await editing();
    store.draft!.owner.keys = [];
    store.addKey('owner', 0, K.K2.base58);
    store.addKey('owner', 0, K.K3.base58);
    store.draft!.owner.threshold = '2';
    expect(store.gate?.warnings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['LOCKOUT_OWN_KEYS_LEAVE_OWNER', 'LOCKOUT_OWNER_NO_REDUNDANCY']),
    );
    await store.review();
    expect(store.prepared).not.toBeNull();
    expect(store.canSubmit).toBe(false);
    store.acknowledged = true;
    expect(store.canSubmit).toBe(true);
  });

  it('flags keys the node reports as never activated, and an active group that may change permissions', async () => {
    const store = await editing();
    store.addKey('owner', 0, K.K_ONE.base58);
    store.draft!.owner.threshold = '1';
    store.draft!.actives[0]!.operations = withOperation(
      encodeOperations(['TransferContract']),
      'AccountPermissionUpdateContract',
      true,
    );
    await store.refreshFacts();
    expect(calls.filter((c) => c.channel === 'inspectKeys').map((c) => c.args)).toEqual([
      { addresses: [K.K1.base58] },
      { addresses: [K.K_ONE.base58] },
    ]);
    expect(store.gate?.warnings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['LOCKOUT_ACTIVE_CAN_CHANGE_PERMISSIONS', 'LOCKOUT_KEY_NEVER_ACTIVE']),
    );
  });

  it('sends the whole structure for review, forgets the review on any edit, then submits and reloads once confirmed', async () => {
    const store = await editing();
    store.draft!.owner.threshold = '1';
    await store.review();
    const request = calls.find((c) => c.channel === 'prepare')!.args as {
      update: { owner: unknown; actives: unknown[] };
    };
    expect(request.update.actives).toHaveLength(1);
    expect(calls.filter((c) => c.channel === 'dryRun')).toHaveLength(1);
    store.draft!.owner.keys[0]!.weight = '2';
    await nextTick();
    expect(store.prepared).toBeNull();
    store.draft!.owner.keys[0]!.weight = '1';
    await store.review();
    store.follow();
    await store.submit();
    expect(store.submitted?.state).toBe('broadcast');
    expect(calls.find((c) => c.channel === 'submit')?.args).toMatchObject({ acknowledgeWarnings: false });
    answers.load = () =>
      snapshotFixture({
        current: { ...snapshotFixture().current, owner: { ...snapshotFixture().current.owner, threshold: 2n } },
      });
    listeners.get('tx:status')!({
      txid: 'b'.repeat(64),
      state: 'confirmed',
      blockNumber: 9,
      message: 'Included in block 9.',
    });
    await vi.waitFor(() => expect(store.snapshot?.current.owner.threshold).toBe(2n));
    expect(store.txStatus?.state).toBe('confirmed');
    expect(store.draft).toBeNull();
    store.unfollow();
    expect(listeners.size).toBe(0);
  });
});
