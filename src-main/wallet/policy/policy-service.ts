import { toBase58Address } from '../../../src-core/address/address';
import { fromPermissionSnapshot, signingProgress, type Envelope } from '../../../src-core/envelope';
import type { PolicyStatusView, PolicyVerdictView } from '../../../src-core/ipc/channels/policy';
import { parseJsonLossless } from '../../../src-core/json/lossless';
import {
  accountPermissionsFromAccountJson,
  defaultOwnerPermission,
  permissionFor,
  type AccountPermissions,
  type Permission,
} from '../../../src-core/permission/model';
import {
  evaluatePolicy,
  PolicyError,
  policyToJson,
  readSignedPolicy,
  verifyPolicySignatures,
  type OutflowRecord,
  type PolicyBreach,
  type PolicyDocument,
  type PolicyInput,
  type PolicyVerdict,
  type SignedPolicy,
} from '../../../src-core/policy';
import type { TransactionJson } from '../../../src-core/tx/types';
import { chainEnvelope } from '../chain-knowledge/proposals';
import type { FileDialogs } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import { policyContacts } from './contacts';
import { policyInputOf } from './policy-input';
import { rulesText } from './rules-text';
import type { PolicyStore } from './policy-store';
import { simulatedChanges } from './simulated-changes';
import { paymentInput, type PlannedPayment } from './planned-payments';

/** One verdict as it happened, for the audit trail: which desk, which transaction, which policy, what it found. */
export interface PolicyVerdictEvent {
  readonly txid: string | null;
  readonly account: string;
  readonly policyVersion: number;
  readonly verdict: PolicyVerdict;
  /** Where the outflows came from: this desk's node, or the proposer's envelope (offline). */
  readonly history: 'node' | 'proposer';
  /** Set when an owner override let the breaches pass: the owner key (Base58) that approved it. */
  readonly overriddenBy: string | null;
  readonly at: number;
}

/** What a signature asks the policy: the envelope main holds, the permission it counts under, the key. */
export interface PolicyCheckRequest {
  readonly envelope: Envelope;
  readonly permission: Permission;
  /** The key about to sign (hex or Base58). */
  readonly signer: string;
  /**
   * What the earlier rows of a bundle send, signed in the same approval: counted as sent now, so
   * rows that each fit a daily cap cannot pass it together.
   */
  readonly earlier?: readonly { readonly asset: string; readonly amount: bigint }[];
}

export interface PolicyCheckResult {
  /** null: no policy adopted for the account on this chain. */
  readonly policyVersion: number | null;
  readonly overriddenBy: string | null;
  /** The outflows counted, when they came from this desk's node: the envelope carries them on. */
  readonly outflows?: readonly OutflowRecord[];
}

/** An owner override as recorded: the blocked signature, the owner key (Base58) and when. */
export interface PolicyOverrideEvent extends BlockedSignature {
  readonly by: string;
  readonly at: number;
}

/** Blocked signatures remembered for an override; the oldest goes first. */
const BLOCKED_KEPT = 200;

/** A signature the policy blocked, kept in memory so its owner may override it on main's window. */
export interface BlockedSignature {
  readonly txid: string;
  readonly genesisId: string | null;
  readonly account: string;
  readonly policyVersion: number;
  readonly breaches: readonly PolicyBreach[];
  /** The owner permission the override is approved under (the chain's, or the envelope's offline). */
  readonly owner: Permission;
}

/** A signed policy checked and ready for main's window: what it replaces, and its owner signatures. */
export interface AdoptionPlan {
  readonly genesisId: string | null;
  readonly account: string;
  readonly signed: SignedPolicy;
  readonly fileName: string;
  readonly report: ReturnType<typeof verifyPolicySignatures> | null;
  readonly previousVersion: number | null;
  readonly rules: readonly string[];
}

export interface PolicyServiceOptions {
  readonly store: PolicyStore;
  readonly chain: Pick<
    ChainAccess,
    'client' | 'requireClient' | 'genesisId' | 'network' | 'stores' | 'head' | 'dryRunner'
  >;
  /** The account's outflows in the 24 hours before `now` (chain time), from the node. */
  readonly history: (account: string, now: number) => Promise<OutflowRecord[]>;
  /** Whether this computer is the offline signer (no node: the envelope carries what the node would say). */
  readonly offline: () => boolean;
  readonly files?: FileDialogs;
  /** A transaction the builder prepared in this session, by txid (for the verdict shown in its review). */
  readonly prepared?: (txid: string) => TransactionJson | undefined;
  readonly now?: () => number;
}

/** The largest policy file main reads: a policy of 32 permissions with every list full stays well under it. */
export const POLICY_FILE_MAX_BYTES = 1_048_576;
export const POLICY_FILTERS = [{ name: 'Treasury policy', extensions: ['json'] }] as const;

/**
 * IPC domain `policy` without the consents (consent/consented-policy.ts adds them): what each
 * account adopted and whether its owner keys signed it, adoption once approved, the check every
 * signature passes before main's window opens, and the verdict shown before anyone signs.
 */
export class PolicyService {
  private readonly blocked = new Map<string, BlockedSignature>();
  private readonly listeners = new Set<(event: PolicyVerdictEvent) => void>();
  private readonly overrideListeners = new Set<(event: PolicyOverrideEvent) => void>();

  constructor(private readonly options: PolicyServiceOptions) {}

  /** Every verdict, passed or blocked (the audit trail subscribes here); returns the unsubscribe. */
  onVerdict(listener: (event: PolicyVerdictEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every override recorded (the audit trail subscribes here); returns the unsubscribe. */
  onOverride(listener: (event: PolicyOverrideEvent) => void): () => void {
    this.overrideListeners.add(listener);
    return () => this.overrideListeners.delete(listener);
  }

  async status(input: { account: string }): Promise<PolicyStatusView> {
    const account = toBase58Address(input.account);
    const genesisId = this.options.offline() ? null : await this.options.chain.genesisId();
    const adopted = this.adoptedFor(genesisId, account);
    if (!adopted) return { account, adopted: null };
    const signed = readSignedPolicy(adopted.signed);
    const owner = this.options.offline() ? null : await this.chainOwner(account);
    const report = owner ? verifyPolicySignatures(signed, owner) : null;
    return {
      account,
      adopted: {
        version: adopted.version,
        fileName: adopted.fileName,
        adoptedAt: adopted.adoptedAt,
        digest: signed.digest,
        anyChain: adopted.genesisId === null,
        signature: report
          ? { status: report.status, message: report.message, weight: report.weight, threshold: report.threshold }
          : null,
        rules: rulesText(signed.policy),
      },
    };
  }

  /** Main's open dialog: the signed policy file the person chose, or null when cancelled. */
  async openFile(): Promise<{ name: string; signed: SignedPolicy } | null> {
    const open = this.options.files?.openText;
    if (!open) {
      throw new PolicyError(
        'POLICY_NO_DIALOG',
        'This window cannot show the open dialog, so no policy can be adopted here.',
      );
    }
    const file = await open({
      title: 'Adopt a treasury policy',
      filters: POLICY_FILTERS,
      maxBytes: POLICY_FILE_MAX_BYTES,
    });
    if (!file) return null;
    let json: unknown;
    try {
      json = parseJsonLossless(file.text);
    } catch {
      throw new PolicyError('POLICY_INVALID', `${file.name} is not JSON, so it is no signed treasury policy.`);
    }
    return { name: file.name, signed: readSignedPolicy(json) };
  }

  /**
   * Checks a signed policy before main's window asks: the chain's owner keys must have signed it
   * (online; the offline signer checks each envelope's owner permission instead), and its version
   * must be above the one adopted, so an older policy cannot be replayed over a stricter one.
   */
  async planAdoption(file: { name: string; signed: SignedPolicy }): Promise<AdoptionPlan> {
    const { policy } = file.signed;
    const offline = this.options.offline();
    const genesisId = offline ? null : await this.options.chain.genesisId();
    let report: AdoptionPlan['report'] = null;
    if (!offline) {
      report = verifyPolicySignatures(file.signed, await this.chainOwner(policy.account));
      if (report.status !== 'verified') {
        throw new PolicyError('POLICY_NOT_ADOPTABLE', `${report.message} It was not adopted.`, {
          status: report.status,
        });
      }
    } else if (file.signed.signatures.length === 0) {
      throw new PolicyError(
        'POLICY_NOT_ADOPTABLE',
        `Treasury policy version ${policy.version} for ${policy.account} carries no owner signatures, so it was not adopted.`,
      );
    }
    // A damaged store cannot say which version was adopted; adopting moves it aside.
    const previous = this.options.store.problem ? undefined : this.adoptedFor(genesisId, policy.account);
    if (previous && policy.version <= previous.version) {
      throw new PolicyError(
        'POLICY_VERSION_NOT_NEWER',
        `${file.name} holds policy version ${policy.version} for ${policy.account}, but version ${previous.version} ` +
          'is already adopted here: only a higher version replaces it, so an older policy cannot return.',
        { version: policy.version, adopted: previous.version },
      );
    }
    return {
      genesisId,
      account: policy.account,
      signed: file.signed,
      fileName: file.name,
      report,
      previousVersion: previous?.version ?? null,
      rules: rulesText(policy),
    };
  }

  /** Stores an approved plan (consent/consented-policy.ts calls it once main's window approved). */
  async adopt(plan: AdoptionPlan): Promise<PolicyStatusView> {
    await this.options.store.adopt({
      genesisId: plan.genesisId,
      account: plan.account,
      version: plan.signed.policy.version,
      signed: {
        policy: policyToJson(plan.signed.policy),
        digest: plan.signed.digest,
        signatures: [...plan.signed.signatures],
      } as never,
      adoptedAt: this.now(),
      fileName: plan.fileName.slice(0, 255),
    });
    return this.status({ account: plan.account });
  }

  /**
   * The check before main's window opens for a signature: resolves when no policy applies, the
   * policy passes, or an owner override recorded for this transaction covers every breach; else
   * throws `PolicyError` `POLICY_BREACH` with every breach in a sentence.
   */
  async check(request: PolicyCheckRequest): Promise<PolicyCheckResult> {
    const { envelope } = request;
    const txid = envelope.transaction.txID;
    const account = toBase58Address(envelope.summary.owner);
    const genesisId = this.options.offline() ? null : envelope.network.genesisBlockId;
    const adopted = this.adoptedFor(genesisId, account);
    if (!adopted) return { policyVersion: null, overriddenBy: null };
    const { policy } = readSignedPolicy(adopted.signed);
    const { verdict, history, outflows } = await this.evaluate(policy, request);
    const at = this.now();
    const override = verdict.pass ? undefined : this.options.store.overrideOf(txid);
    const covered =
      override !== undefined &&
      override.policyVersion === verdict.policyVersion &&
      verdict.breaches.every((b) => override.breaches.some((o) => o.code === b.code));
    const overriddenBy = covered ? override.by : null;
    this.emit({ txid, account, policyVersion: verdict.policyVersion, verdict, history, overriddenBy, at });
    if (verdict.pass || covered) {
      return { policyVersion: verdict.policyVersion, overriddenBy, ...(history === 'node' ? { outflows } : {}) };
    }
    const owner = this.options.offline()
      ? envelope.accountPermissions?.owner
        ? fromPermissionSnapshot(envelope.accountPermissions.owner)
        : defaultOwnerPermission(account)
      : await this.chainOwner(account);
    this.blocked.delete(txid);
    if (this.blocked.size >= BLOCKED_KEPT) this.blocked.delete(this.blocked.keys().next().value!);
    this.blocked.set(txid, {
      txid,
      genesisId,
      account,
      policyVersion: verdict.policyVersion,
      breaches: verdict.breaches,
      owner,
    });
    throw breachError(txid, account, verdict);
  }

  /** The signature the policy blocked last for this transaction, for the owner's override. */
  blockedSignature(txid: string): BlockedSignature {
    const blocked = this.blocked.get(txid);
    if (!blocked) {
      throw new PolicyError(
        'POLICY_NOTHING_TO_OVERRIDE',
        'The treasury policy blocked no signature of this transaction in this session: sign it first, and ' +
          'override only the breaches the policy names then.',
        { txid },
      );
    }
    return blocked;
  }

  async recordOverride(blocked: BlockedSignature, by: string): Promise<{ txid: string; by: string; at: number }> {
    const at = this.now();
    const owner = toBase58Address(by);
    await this.options.store.recordOverride({
      txid: blocked.txid,
      genesisId: blocked.genesisId,
      account: blocked.account,
      policyVersion: blocked.policyVersion,
      by: owner,
      at,
      breaches: blocked.breaches.map((b) => ({ code: b.code, message: b.message.slice(0, 2000) })),
    });
    this.blocked.delete(blocked.txid);
    const event = { ...blocked, by: owner, at };
    for (const listener of this.overrideListeners) listener(event);
    return { txid: blocked.txid, by: owner, at };
  }

  /** The verdict before anyone signs: a transaction the builder prepared, or a plan's payments in order. */
  async verdict(
    input: { txid: string } | { owner: string; permissionId: number; payments: readonly PlannedPayment[] },
  ): Promise<PolicyVerdictView> {
    if ('txid' in input) return this.preparedVerdict(input.txid);
    const account = toBase58Address(input.owner);
    const adopted = this.adoptedFor(await this.options.chain.genesisId(), account);
    const historyNote = 'Outflows of the last 24 hours read from this desk’s node.';
    if (!adopted) return { account, policyVersion: null, verdicts: [], historyNote };
    const { policy } = readSignedPolicy(adopted.signed);
    const time = this.chainNow();
    const history = needsHistory(policy, input.permissionId) ? [...(await this.options.history(account, time))] : [];
    const contacts = policyContacts(this.options.chain);
    const permission = await this.chainPermission(account, input.permissionId);
    const verdicts = input.payments.map((payment) => {
      const verdict = evaluatePolicy(
        policy,
        paymentInput({ account, permission, payment, time, history, addressBook: contacts }),
      );
      // Each payment of a plan counts toward the daily caps of the ones after it.
      history.push({ time, asset: payment.asset, amount: payment.amount });
      return { pass: verdict.pass, breaches: breachViews(verdict), overriddenBy: null };
    });
    return { account, policyVersion: policy.version, verdicts, historyNote };
  }

  private async preparedVerdict(txid: string): Promise<PolicyVerdictView> {
    const envelope = await this.envelopeOf(txid);
    const account = toBase58Address(envelope.summary.owner);
    const permission = await this.chainPermission(account, envelope.summary.permissionId);
    const adopted = this.adoptedFor(envelope.network.genesisBlockId, account);
    const historyNote = 'Outflows of the last 24 hours read from this desk’s node.';
    if (!adopted) return { account, policyVersion: null, verdicts: [], historyNote };
    const { policy } = readSignedPolicy(adopted.signed);
    // The verdict before a signature: as the next key still missing would meet it (the tiers count the others).
    const signer =
      signingProgress(envelope, { permission }).missing[0]?.address ?? permission.keys[0]?.address ?? account;
    const { verdict } = await this.evaluate(policy, { envelope, permission, signer });
    const override = verdict.pass ? undefined : this.options.store.overrideOf(txid);
    return {
      account,
      policyVersion: policy.version,
      verdicts: [{ pass: verdict.pass, breaches: breachViews(verdict), overriddenBy: override?.by ?? null }],
      historyNote,
    };
  }

  /** A transaction the builder prepared in this session, or an envelope of this network's inbox. */
  private async envelopeOf(txid: string): Promise<Envelope> {
    const transaction = this.options.prepared?.(txid);
    if (transaction) {
      const contract = transaction.raw_data.contract[0];
      const value = (contract?.parameter.value ?? {}) as Record<string, unknown>;
      const account = toBase58Address(String(value.owner_address ?? ''));
      const permission = await this.chainPermission(account, contract?.Permission_id ?? 0);
      return chainEnvelope(this.options.chain, { transaction, permission, createdAt: this.chainNow() });
    }
    const envelopes = this.options.chain.stores().envelopes;
    const stored = envelopes.byTxid(txid);
    if (stored) return envelopes.envelopeOf(stored);
    throw new PolicyError(
      'POLICY_UNKNOWN_TRANSACTION',
      'This transaction was neither built in this session nor is it in the co-signing inbox; build or import it again.',
      { txid },
    );
  }

  private async evaluate(
    policy: PolicyDocument,
    request: PolicyCheckRequest,
  ): Promise<{ verdict: PolicyVerdict; history: 'node' | 'proposer'; outflows: readonly OutflowRecord[] }> {
    const { envelope, permission } = request;
    const account = toBase58Address(envelope.summary.owner);
    if (this.options.offline()) {
      // No node here: the outflows are the proposer's, as the envelope carries them.
      const carried = envelope.policy?.outflows ?? [];
      const outflows = carried.map((o) => ({ time: o.time, asset: o.asset, amount: BigInt(o.amount) }));
      const time = this.now();
      const input = policyInputOf({
        envelope,
        permission,
        signer: request.signer,
        time,
        addressBook: [],
        history: [...outflows, ...earlierOutflows(request, time)],
        balanceChanges: [],
      });
      return { verdict: evaluatePolicy(policy, input), history: 'proposer', outflows };
    }
    const time = this.chainNow();
    const [history, balanceChanges] = await Promise.all([
      needsHistory(policy, envelope.summary.permissionId) ? this.options.history(account, time) : Promise.resolve([]),
      simulatedChanges(
        { dryRun: this.options.chain.dryRunner(), client: this.options.chain.client() },
        envelope.transaction,
      ),
    ]);
    const input: PolicyInput = policyInputOf({
      envelope,
      permission,
      signer: request.signer,
      time,
      addressBook: policyContacts(this.options.chain),
      history: [...history, ...earlierOutflows(request, time)],
      balanceChanges,
    });
    return { verdict: evaluatePolicy(policy, input), history: 'node', outflows: history };
  }

  /** The adopted policy; a damaged store holds every signature back with a sentence. */
  private adoptedFor(genesisId: string | null, account: string) {
    const problem = this.options.store.problem;
    if (problem) {
      throw new PolicyError(
        'POLICY_STORE_DAMAGED',
        `The treasury policies this desk adopted cannot be read (${problem.message}), so it signs nothing for any ` +
          'account until a policy the owners signed is adopted again; the damaged file is then kept beside it.',
        { code: problem.code },
      );
    }
    return this.options.store.adopted(genesisId, account);
  }

  private async accountPermissions(account: string): Promise<AccountPermissions | null> {
    const found = await this.options.chain.requireClient().getAccount(account);
    return found ? accountPermissionsFromAccountJson(found.raw) : null;
  }

  private async chainOwner(account: string): Promise<Permission> {
    return permissionFor(await this.accountPermissions(account), 0, { ownerAddress: account })!;
  }

  private async chainPermission(account: string, id: number): Promise<Permission> {
    return (
      permissionFor(await this.accountPermissions(account), id, { ownerAddress: account }) ?? {
        ...defaultOwnerPermission(account),
        type: 'Active',
        id,
        name: `permission ${id}`,
      }
    );
  }

  /**
   * The chain's own clock where a node answers: the outflows' times are block times, and on the
   * embedded dev chain blocks may step faster than the wall clock. The wall clock offline.
   */
  private chainNow(): number {
    return this.options.chain.head()?.timestamp ?? this.now();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private emit(event: PolicyVerdictEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** A bundle's earlier rows as outflows at the moment of the check. */
function earlierOutflows(request: PolicyCheckRequest, time: number): OutflowRecord[] {
  return (request.earlier ?? []).map((o) => ({ time, asset: o.asset, amount: o.amount }));
}

function needsHistory(policy: PolicyDocument, permissionId: number): boolean {
  const rules = policy.permissions.find((p) => p.permissionId === permissionId);
  return rules?.assets.some((a) => a.dailyCap !== undefined) ?? false;
}

function breachViews(verdict: PolicyVerdict): { code: string; message: string }[] {
  return verdict.breaches.map((b) => ({ code: b.code, message: b.message }));
}

function breachError(txid: string, account: string, verdict: PolicyVerdict): PolicyError {
  const sentences = verdict.breaches.map((b) => b.message).join(' ');
  return new PolicyError(
    'POLICY_BREACH',
    `Treasury policy version ${verdict.policyVersion} for ${account} blocks this signature: ${sentences} Nothing ` +
      'was signed. An owner of the account may override it in the confirmation window.',
    { txid, policyVersion: verdict.policyVersion, breaches: verdict.breaches.map((b) => b.code).join(',') },
  );
}
