import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type {
  DryRunReport,
  KeyFacts,
  PermissionsSnapshot,
  PreparedUpdate,
  SubmittedUpdate,
} from '../../src-core/ipc/channels/permissions';
import type { TxStatus } from '../../src-core/ipc/channels/tx';
import { accountPermissionsFromStructure, updateValueFromStructure } from '../../src-core/permission/structure';
import { gatePermissionChange, type ChangeGate } from '../../src-core/permission/gate';
import { provePermissionChange, type PermissionChangeProof } from '../../src-core/permission/lockout';
import { validatePermissionUpdate, type PermissionIssue } from '../../src-core/permission/validate';
import { effectivePermissions, type AccountPermissions } from '../../src-core/permission/model';
import { toBase58Address } from '../../src-core/address/address';
import { phraseNotCheckedSentence } from '../../src-core/ipc/phrase-check';
import { api } from '../api/bridge';
import {
  currentPermissions,
  draftFromSnapshot,
  issuesByPath,
  keyAddresses,
  newActiveDraft,
  newKeyDraft,
  structureInput,
  structureOf,
  type GroupDraft,
  type StructureDraft,
  withAddressSentences,
} from '../forms/permission-draft';
import { cosignWindowMinutes, rememberCosignWindow } from '../forms/signing-window';
import { checkExpirationMinutes } from '../forms/tx-fields';
import { isRevealed } from '../forms/revealed-fields';

export const MAX_ACTIVES = 8;

/**
 * The permission editor: the account's structure, the edited draft, live validation (java-tron's
 * rules) and the live lockout prover (both from src-core), then main's review (cost, who signs,
 * dry run) and the submission. Main re-checks everything; what shows here is for the person.
 */
export const usePermissionEditorStore = defineStore('permissionEditor', () => {
  const snapshot = ref<PermissionsSnapshot | null>(null);
  const loadError = ref<unknown>(null);
  const loading = ref(false);
  const draft = ref<StructureDraft | null>(null);
  const facts = ref<Record<string, KeyFacts>>({});
  const prepared = ref<PreparedUpdate | null>(null);
  const dryRun = ref<DryRunReport | null>(null);
  const reviewError = ref<unknown>(null);
  const reviewing = ref(false);
  const submitting = ref(false);
  const submitError = ref<unknown>(null);
  const submitted = ref<SubmittedUpdate | null>(null);
  const txStatus = ref<TxStatus | null>(null);
  const acknowledged = ref(false);
  /** The signing window in minutes when co-signers must complete the update. */
  const windowMinutes = ref(cosignWindowMinutes());
  const windowCheck = computed(() => checkExpirationMinutes(windowMinutes.value));
  /** Fields the person changed, and whether Review was pressed: a field turns red only then. */
  const edited = ref<string[]>([]);
  const attempted = ref(false);
  let stop: (() => void) | null = null;

  const current = computed<AccountPermissions | null>(() =>
    snapshot.value ? currentPermissions(snapshot.value) : null,
  );
  const directory = computed(() => snapshot.value?.directory ?? []);

  const issues = computed<PermissionIssue[]>(() => {
    const s = snapshot.value;
    if (!s || !draft.value) return [];
    const found = validatePermissionUpdate(updateValueFromStructure(s.address, structureOf(draft.value)), {
      isWitness: s.isWitness,
      accountExists: s.exists,
      chainParameters: { getAllowMultiSign: s.chain.allowMultiSign ? 1n : 0n },
      totalSignNum: s.chain.totalSignNum,
    });
    return withAddressSentences(found, draft.value);
  });
  const fieldIssues = computed(() => issuesByPath(issues.value));
  /** The issues of fields the person edited, or all of them once Review was pressed. */
  const visibleFieldIssues = computed(
    () => new Map([...fieldIssues.value].filter(([path]) => attempted.value || isRevealed(path, edited.value))),
  );

  /** The structure after the update, whenever the form can be read at all (even if java-tron would refuse it). */
  const after = computed<AccountPermissions | null>(() => {
    const s = snapshot.value;
    if (!s || !draft.value) return null;
    try {
      return accountPermissionsFromStructure(s.address, structureOf(draft.value));
    } catch {
      return null;
    }
  });

  const proof = computed<PermissionChangeProof | null>(() => {
    if (!current.value || !after.value) return null;
    const known = directory.value.map((d) => d.address);
    const own = directory.value.filter((d) => d.canSign).map((d) => d.address);
    const list = Object.values(facts.value);
    try {
      return provePermissionChange(current.value, after.value, {
        knownAddresses: known,
        ownAddresses: own,
        facts: {
          contractAddresses: list.filter((f) => f.isContract).map((f) => f.address),
          neverActiveAddresses: list.filter((f) => !f.activated).map((f) => f.address),
        },
      });
    } catch {
      return null;
    }
  });

  const gate = computed<ChangeGate | null>(() => (proof.value ? gatePermissionChange(proof.value) : null));

  /**
   * Main's refusal of a new key whose recovery phrase the wallet made and nobody checked, said
   * here before anything is sent; null when every new key is fine.
   */
  const uncheckedPhrase = computed<string | null>(() => {
    if (!draft.value) return null;
    const present = new Set<string>(
      effectivePermissions(current.value).flatMap((p) => p.keys.map((k) => toBase58Address(k.address))),
    );
    const added = new Set<string>(keyAddresses(draft.value).filter((address) => !present.has(address)));
    const entry = directory.value.find((d) => d.backupChecked === false && added.has(d.address));
    return entry ? phraseNotCheckedSentence(entry.name || entry.address) : null;
  });

  /** Why "Review" is unavailable, or null when it is. */
  const reviewBlockedBy = computed<string | null>(() => {
    if (!draft.value) return 'Start editing first.';
    if (issues.value.length > 0)
      return `Fix the ${issues.value.length === 1 ? 'problem' : `${issues.value.length} problems`} in the form first.`;
    if (uncheckedPhrase.value) return uncheckedPhrase.value;
    if (!proof.value || !gate.value) return 'The structure cannot be read yet.';
    if (gate.value.blocking.length > 0) return `Blocked: ${gate.value.blocking[0]!.message}`;
    return null;
  });

  /** The problems the summary lists: those of edited fields, or all once Review was pressed. */
  const shownIssues = computed(() =>
    attempted.value ? issues.value : issues.value.filter((i) => isRevealed(i.path, edited.value)),
  );

  /**
   * Review stays pressable while only form problems stand in the way (pressing it shows them all);
   * a lockout the prover blocks, or a structure that cannot be read yet, disables it.
   */
  const reviewDisabled = computed(
    () => reviewBlockedBy.value !== null && !(issues.value.length > 0 && (gate.value?.blocking.length ?? 0) === 0),
  );

  const canSubmit = computed(() => {
    const g = gate.value;
    if (!prepared.value || !g || reviewBlockedBy.value) return false;
    // A liftable lockout is confirmed by typing in main's confirmation window when the key signs.
    if (g.blocking.length > 0) return false;
    if (g.warnings.length > 0 && !acknowledged.value) return false;
    if (prepared.value.signing.needsCosigners && !windowCheck.value.ok) return false;
    return prepared.value.signing.permissionId !== null;
  });

  // Any edit makes the review stale: it was for another structure.
  watch(
    draft,
    () => {
      prepared.value = null;
      dryRun.value = null;
      reviewError.value = null;
      acknowledged.value = false;
    },
    { deep: true },
  );

  async function open(address: string): Promise<void> {
    loading.value = true;
    try {
      snapshot.value = await api.permissions.load({ address });
      loadError.value = null;
    } catch (error) {
      snapshot.value = null;
      loadError.value = error;
    } finally {
      loading.value = false;
    }
    draft.value = null;
    submitted.value = null;
    submitError.value = null;
    txStatus.value = null;
    edited.value = [];
    attempted.value = false;
  }

  function edit(): void {
    if (!snapshot.value) return;
    draft.value = draftFromSnapshot(snapshot.value);
    edited.value = [];
    attempted.value = false;
    submitted.value = null;
    txStatus.value = null;
    void refreshFacts();
  }

  function cancel(): void {
    draft.value = null;
    edited.value = [];
    attempted.value = false;
  }

  /** The person changed this field (a path as the validation names it, e.g. `owner.threshold`). */
  function touch(path: string): void {
    if (!edited.value.includes(path)) edited.value = [...edited.value, path];
  }

  function groupOf(kind: 'owner' | 'witness' | 'active', index = 0): GroupDraft | null {
    if (!draft.value) return null;
    if (kind === 'owner') return draft.value.owner;
    if (kind === 'witness') return draft.value.witness;
    return draft.value.actives[index] ?? null;
  }

  function addKey(kind: 'owner' | 'witness' | 'active', index = 0, address = ''): void {
    groupOf(kind, index)?.keys.push(newKeyDraft(address));
  }

  function removeKey(kind: 'owner' | 'witness' | 'active', index: number, keyId: number): void {
    const group = groupOf(kind, index);
    if (group) group.keys = group.keys.filter((k) => k.id !== keyId);
  }

  function addActive(): void {
    if (!draft.value || !snapshot.value || draft.value.actives.length >= MAX_ACTIVES) return;
    draft.value.actives.push(newActiveDraft(snapshot.value.defaultActiveOperations, draft.value.actives.length));
  }

  function removeActive(id: number): void {
    if (draft.value) draft.value.actives = draft.value.actives.filter((a) => a.id !== id);
  }

  /** Asks main (getcontract, getaccount) about keys not looked up yet. */
  async function refreshFacts(): Promise<void> {
    if (!draft.value) return;
    const missing = keyAddresses(draft.value).filter((a) => !facts.value[a]);
    if (missing.length === 0) return;
    try {
      const found = await api.permissions.inspectKeys({ addresses: missing });
      facts.value = { ...facts.value, ...Object.fromEntries(found.map((f) => [f.address, f])) };
    } catch {
      // Facts only add warnings; main looks them up again before anything is signed.
    }
  }

  async function review(): Promise<void> {
    attempted.value = true;
    if (!snapshot.value || !draft.value || reviewBlockedBy.value) return;
    reviewing.value = true;
    reviewError.value = null;
    const request = { address: snapshot.value.address, update: structureInput(draft.value) };
    try {
      const [preparedUpdate, report] = await Promise.all([
        api.permissions.prepare(request),
        api.permissions.dryRun(request),
      ]);
      prepared.value = preparedUpdate;
      dryRun.value = report;
    } catch (error) {
      reviewError.value = error;
    } finally {
      reviewing.value = false;
    }
  }

  async function submit(): Promise<void> {
    if (!snapshot.value || !draft.value || !canSubmit.value) return;
    submitting.value = true;
    submitError.value = null;
    const window = prepared.value?.signing.needsCosigners && windowCheck.value.ok ? windowCheck.value.value : null;
    if (window !== null) rememberCosignWindow(windowMinutes.value);
    try {
      submitted.value = await api.permissions.submit({
        address: snapshot.value.address,
        update: structureInput(draft.value),
        acknowledgeWarnings: acknowledged.value,
        ...(window !== null ? { expirationMs: window } : {}),
      });
      txStatus.value = null;
    } catch (error) {
      submitError.value = error;
    } finally {
      submitting.value = false;
    }
  }

  async function onTxStatus(status: TxStatus): Promise<void> {
    if (!submitted.value || status.txid !== submitted.value.txid) return;
    txStatus.value = status;
    if (status.state === 'confirmed' && snapshot.value) {
      const address = snapshot.value.address;
      const done = submitted.value;
      await open(address);
      submitted.value = done;
      txStatus.value = status;
    }
  }

  function follow(): void {
    if (stop) return;
    stop = api.on('tx:status', (status) => void onTxStatus(status));
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  return {
    snapshot,
    loadError,
    loading,
    draft,
    facts,
    prepared,
    dryRun,
    reviewError,
    reviewing,
    submitting,
    submitError,
    submitted,
    txStatus,
    acknowledged,
    windowMinutes,
    windowCheck,
    attempted,
    current,
    directory,
    issues,
    shownIssues,
    reviewDisabled,
    fieldIssues,
    visibleFieldIssues,
    after,
    proof,
    gate,
    reviewBlockedBy,
    uncheckedPhrase,
    canSubmit,
    open,
    edit,
    cancel,
    touch,
    groupOf,
    addKey,
    removeKey,
    addActive,
    removeActive,
    refreshFacts,
    review,
    submit,
    follow,
    unfollow,
  };
});
