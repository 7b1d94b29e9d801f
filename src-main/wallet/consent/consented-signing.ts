import {
  POLICY_RECORD_LIMITS,
  signingProgress,
  type Envelope,
  type EnvelopePolicyRecord,
} from '../../../src-core/envelope';
import type { CostView } from '../../../src-core/ipc/channels/tx';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { PermissionChangeProof } from '../../../src-core/permission/lockout';
import type { AccountPermissions, Permission } from '../../../src-core/permission/model';
import type { TransactionJson } from '../../../src-core/tx/types';
import { readableAddressBook } from '../chain-knowledge/envelope-naming';
import { Names } from '../chain-knowledge/names';
import { withStatedTokens } from '../chain-knowledge/stated-facts';
import { pageNames } from './page-names';
import { chainEnvelope } from '../chain-knowledge/proposals';
import { readTokenFacts } from '../chain-knowledge/token-facts';
import type { ChainAccess } from '../node-host/chain-access';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { TransactionConsentInput } from './transaction-consent';
import { custodyText } from '../../../src-core/ipc/account-custody';
import type { LedgerSigner } from '../ledger/ledger-signer';
import { ledgerScreenNote, settingWarning } from '../ledger/ledger-screen';
import type { AuditSink } from '../chain-knowledge/audit-sink';

/** One signature a wallet service asks for: from a vault key, or from a Ledger's on the device. */
export interface SignRequest {
  readonly transaction: TransactionJson;
  readonly accountId: string;
  /** The permission it is signed under, as the chain holds it now. */
  readonly permission: Permission;
  /** The account's whole structure, for a permission change's before/after rows. */
  readonly accountPermissions?: AccountPermissions | null | undefined;
  readonly abi?: readonly Record<string, unknown>[] | undefined;
  /** For a permission change: the prover's judgement, shown with its warnings. */
  readonly proof?: PermissionChangeProof | undefined;
  /** What happens once signed, in the approve button's words ("and broadcast"). */
  readonly after?: string | undefined;
  /** What main worked out the transaction costs when it built it, shown on the confirmation. */
  readonly cost?: CostView | undefined;
  /** The inbox's envelope when signing one (else an envelope is made here from the transaction). */
  readonly envelope?: Envelope | undefined;
}

/** What wallet services use of the vault: public account facts, and signatures behind main's confirmation. */
export interface SigningVault {
  listAccounts(): VaultAccount[];
  sign(request: SignRequest): Promise<TransactionJson>;
  /** The treasury policy this desk checked the transaction against when it signed it, for its envelope. */
  policyRecord?(txid: string): EnvelopePolicyRecord | undefined;
}

/**
 * The treasury policy check every signature passes before main's window opens
 * (`policy/policy-service.ts` provides it, assembled in index.ts): it resolves when no policy
 * applies, the policy passes or an owner override covers the breaches, and otherwise throws
 * `PolicyError` `POLICY_BREACH` naming each rule and its numbers. Declared here because the policy
 * service stands on a lower floor than the consent modules and signs nothing itself.
 */
export interface PolicyCheck {
  check(request: { readonly envelope: Envelope; readonly permission: Permission; readonly signer: string }): Promise<{
    readonly policyVersion: number | null;
    readonly overriddenBy: string | null;
    /** The 24-hour outflows counted, when they came from this desk's node (for the envelope's record). */
    readonly outflows?: readonly { readonly time: number; readonly asset: string; readonly amount: bigint }[];
  }>;
}

/**
 * What signing uses of the vault: account facts, a vault key's signature behind main's
 * confirmation, and the confirmation alone for a key the vault does not hold (a Ledger's).
 * `WalletVault` (vault-service.ts) provides it; declared here because the vault service builds on
 * the consent modules, not the other way round.
 */
export interface ConsentVault {
  listAccounts(): VaultAccount[];
  signTransaction(
    input: Omit<TransactionConsentInput, 'signer' | 'policy'> & { readonly accountId: string },
  ): Promise<TransactionJson>;
  approveTransaction(input: Omit<TransactionConsentInput, 'policy'>): Promise<void>;
}

export interface ConsentedSigningOptions {
  readonly vault: ConsentVault;
  /** Signs for `ledger` accounts on the device, after the same confirmation as a vault key. */
  readonly ledger: LedgerSigner;
  readonly chain: Pick<ChainAccess, 'client' | 'genesisId' | 'network' | 'stores' | 'head'>;
  readonly reads: ChainReads;
  /** This desk's audit log: each signature made here is written there. */
  readonly audit?: Pick<AuditSink, 'append'>;
  /** The treasury policy, checked before main's window opens for every vault and Ledger signature. */
  readonly policy?: PolicyCheck;
}

/** Records kept for envelopes signed recently; older ones have long been exported. */
const POLICY_RECORDS_KEPT = 200;

/**
 * The wallet services' only way to a vault signature. The confirmation main shows is built here
 * from the transaction's own bytes (wrapped in an envelope for this chain, so the summary is
 * decoded from raw_data, never taken from a request) with names and token facts main reads
 * itself; the vault signs only once the person approves it on main's surface.
 */
export class ConsentedSigning implements SigningVault {
  private readonly records = new Map<string, EnvelopePolicyRecord>();

  constructor(private readonly options: ConsentedSigningOptions) {}

  policyRecord(txid: string): EnvelopePolicyRecord | undefined {
    return this.records.get(txid);
  }

  listAccounts(): VaultAccount[] {
    return this.options.vault.listAccounts();
  }

  async sign(request: SignRequest): Promise<TransactionJson> {
    const envelope = request.envelope ?? (await this.wrap(request));
    const progress = signingProgress(envelope, { permission: request.permission });
    const accounts = this.options.vault.listAccounts();
    const account = accounts.find((a) => a.id === request.accountId);
    // Before main's window opens: a breach is refused with its sentence and nobody is asked.
    const checked =
      account && this.options.policy
        ? await this.options.policy.check({ envelope, permission: request.permission, signer: account.addressHex })
        : undefined;
    if (checked?.policyVersion) this.remember(envelope.transaction.txID, checked.policyVersion, checked.outflows);
    const consent = {
      envelope,
      // The proposer's stated facts fill only what this wallet does not know, and are marked so.
      names: new Names(accounts, readableAddressBook(this.options.chain), pageNames).withStated(envelope.stated?.names),
      tokens: withStatedTokens(
        await readTokenFacts(this.options.chain.client(), this.options.reads, [envelope.summary]),
        envelope.stated,
      ),
      progress: { signedWeight: progress.currentWeight, threshold: progress.threshold },
      ...(request.proof ? { proof: request.proof } : {}),
      ...(request.after ? { after: request.after } : {}),
      ...(request.cost ? { cost: request.cost } : {}),
      ...(checked?.policyVersion
        ? { treasuryPolicy: { version: checked.policyVersion, overriddenBy: checked.overriddenBy } }
        : {}),
    };
    if (account?.custody !== 'ledger') {
      const signed = await this.options.vault.signTransaction({ ...consent, accountId: request.accountId });
      await this.recordSignature(envelope, signed, account?.address);
      return signed;
    }
    // A Ledger's key: main's own confirmation first, with what the device should show, then the device.
    const note = ledgerScreenNote(envelope.summary, envelope.transaction.txID, consent.names, consent.tokens);
    await this.options.vault.approveTransaction({
      ...consent,
      // The row already names the account after its address; the device part says where the key is.
      signer: { address: account.address, device: custodyText(account) },
      device: { confirm: note.confirm, warning: settingWarning(note) },
    });
    const signed = await this.options.ledger.sign(envelope.transaction, account);
    await this.recordSignature(envelope, signed, account.address);
    return signed;
  }

  /** The signature this desk added, for the audit log (the one the envelope did not hold before). */
  private async recordSignature(
    envelope: Envelope,
    signed: TransactionJson,
    signer: string | undefined,
  ): Promise<void> {
    const before = new Set(envelope.transaction.signature ?? []);
    const added = (signed.signature ?? []).find((s) => !before.has(s));
    if (!this.options.audit || !added || !signer) return;
    await this.options.audit.append({
      account: envelope.summary.owner,
      txId: envelope.transaction.txID,
      body: { kind: 'signature', signer, signature: added },
    });
  }

  private remember(txid: string, version: number, outflows: Parameters<typeof policyOutflows>[0]): void {
    this.records.delete(txid);
    this.records.set(txid, { version, ...(outflows ? { outflows: policyOutflows(outflows) } : {}) });
    for (const old of this.records.keys()) {
      if (this.records.size <= POLICY_RECORDS_KEPT) break;
      this.records.delete(old);
    }
  }

  private wrap(request: SignRequest): Promise<Envelope> {
    const { transaction } = request;
    return chainEnvelope(this.options.chain, {
      transaction,
      permission: request.permission,
      accountPermissions: request.accountPermissions,
      abi: request.abi,
      createdAt: this.options.chain.head()?.timestamp ?? Number(transaction.raw_data.timestamp ?? 0),
    });
  }
}

/** The outflows as the envelope writes them (amounts as decimal text), within its bound. */
function policyOutflows(
  outflows: readonly { readonly time: number; readonly asset: string; readonly amount: bigint }[] | undefined,
): NonNullable<EnvelopePolicyRecord['outflows']> {
  return (outflows ?? [])
    .slice(-POLICY_RECORD_LIMITS.outflows)
    .map((o) => ({ time: o.time, asset: o.asset, amount: o.amount.toString() }));
}
