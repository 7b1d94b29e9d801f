import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { PermissionError, WalletError } from '../../../src-core/errors';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type {
  DryRunReport,
  KeyDirectoryEntry,
  KeyFacts,
  PermissionStructureInput,
  PermissionsSnapshot,
  PreparedUpdate,
  SigningPlan,
  SubmittedUpdate,
} from '../../../src-core/ipc/channels/permissions';
import {
  effectivePermissions,
  gatePermissionChange,
  permissionIssueToError,
  provePermissionChange,
  toPermissionInput,
  updateValueFromStructure,
  accountPermissionsFromUpdate,
  validatePermissionUpdate,
} from '../../../src-core/permission';
import { accountPermissionUpdateContract, type ContractSpec } from '../../../src-core/tx/builders';
import type { ChainAccess } from '../node-host/chain-access';
import type { DryRunSequenceResult, DryRunStep } from '../node-host/embedded-node';
import type { WalletLog } from '../context';
import type { ContractTransactions } from '../transactions/transaction-service';
import type { SigningVault } from '../consent/consented-signing';
import { costDisclosure, gateView, permissionView, signingPlanOf } from './disclosure';
import { dryRunReport, groupFollowUps, noDryRunReason, type GroupProof } from './dry-run-report';
import type { RehearsalPlan } from '../fork/permission-rehearsal';
import {
  currentStructure,
  defaultActiveOperations,
  totalSignNum,
  type Review,
} from '../chain-knowledge/permission-review';
import { custodyOf, ownsKey, signsHere } from '../../../src-core/ipc/account-custody';
import { PHRASE_NOT_CHECKED_CODE } from '../../../src-core/ipc/phrase-check';
import { refuseUncheckedPhrases } from './unchecked-phrases';

/** What the service needs from the node host. */
export interface PermissionsChain extends Pick<ChainAccess, 'requireClient' | 'chainParameters'> {
  network(): NetworkInfo;
  stores(): { addressBook: { list(): readonly { name: string; address: string }[] } };
  sequenceDryRunner(): ((steps: readonly DryRunStep[]) => Promise<DryRunSequenceResult>) | null;
}

export interface PermissionsServiceOptions {
  readonly chain: PermissionsChain;
  readonly vault: SigningVault;
  /** The transaction service: builds, signs, broadcasts and follows the update, or hands it to the co-signing inbox. */
  readonly transactions: ContractTransactions;
  readonly log: WalletLog;
}

export const PermissionsErrorCode = {
  invalid: 'PERM_UPDATE_INVALID',
  blocked: 'PERM_CHANGE_BLOCKED',
  warningsNotAcknowledged: 'PERM_WARNINGS_NOT_ACKNOWLEDGED',
  noSigningKey: 'PERM_NO_SIGNING_KEY',
  accountNotFound: 'PERM_ACCOUNT_NOT_FOUND',
  phraseNotChecked: PHRASE_NOT_CHECKED_CODE,
} as const;

/**
 * The permission editor's main side: reads an account's structure, looks up facts about keys,
 * and — always on the whole new structure, which the update overwrites — validates it with
 * java-tron's rules, runs the lockout prover, discloses the cost and who signs, dry-runs it on
 * the embedded node, and hands it to signing. The renderer runs the same src-core checks live;
 * what counts is the verdict here, so a blocked change is refused whatever the screen showed.
 */
export class PermissionsService {
  constructor(private readonly options: PermissionsServiceOptions) {}

  // ── reading ───────────────────────────────────────────────────────────────────────────────

  async load(addressText: string): Promise<PermissionsSnapshot> {
    const client = this.client();
    const address = toHexAddress(addressText);
    const [account, parameters] = await Promise.all([client.getAccount(address), this.options.chain.chainParameters()]);
    const raw = account?.raw ?? {};
    const current = currentStructure(address, account);
    const permissions = effectivePermissions(current);
    const owner = permissions[0]!;
    const witness = permissions.find((p) => p.type === 'Witness') ?? null;
    const actives = permissions.filter((p) => p.type === 'Active');
    const network = this.options.chain.network();
    return {
      address: toBase58Address(address),
      network: { key: network.key, name: network.name, embedded: network.kind === 'embedded' },
      exists: account !== null,
      isWitness: account?.is_witness ?? false,
      balanceSun: account?.balance ?? 0n,
      current: {
        owner: permissionView(owner),
        witness: witness ? permissionView(witness) : null,
        actives: actives.map(permissionView),
      },
      defaults: {
        owner: raw.owner_permission === undefined,
        witness: (account?.is_witness ?? false) && raw.witness_permission === undefined,
        actives: !Array.isArray(raw.active_permission) || raw.active_permission.length === 0,
      },
      defaultActiveOperations: defaultActiveOperations(parameters),
      chain: {
        updateFeeSun: parameters.getUpdateAccountPermissionFee,
        multiSignFeeSun: parameters.getMultiSignFee,
        totalSignNum: totalSignNum(parameters),
        allowMultiSign: parameters.getAllowMultiSign === 1n,
      },
      directory: this.directory(),
    };
  }

  /** Facts the prover cannot know on its own: is the key a contract, was it ever activated. */
  async inspectKeys(addresses: readonly string[]): Promise<KeyFacts[]> {
    const client = this.client();
    const unique = [...new Set(addresses.map((a) => toHexAddress(a)))];
    return Promise.all(
      unique.map(async (hex) => {
        const account = await client.getAccount(hex);
        let isContract = account?.type === 'Contract';
        try {
          isContract = isContract || (await client.getContract(hex)) !== null;
        } catch (error) {
          // A node without getcontract (one that serves no VM): the account type is all there is
          // to go on.
          if (!(error instanceof WalletError)) throw error;
        }
        return { address: toBase58Address(hex), isContract, activated: account !== null };
      }),
    );
  }

  // ── reviewing ─────────────────────────────────────────────────────────────────────────────

  async prepare(addressText: string, update: PermissionStructureInput): Promise<PreparedUpdate> {
    const review = await this.review(addressText, update);
    const signing = this.signingPlan(review);
    const tx = await this.options.transactions.buildContract(this.updateSpec(review), signing.permissionId ?? 0);
    const resource = await this.client()
      .getAccountResource(review.address)
      .catch(() => null);
    return {
      txID: tx.txID,
      signing,
      cost: costDisclosure(review, tx, signing, resource),
      gate: gateView(review.proof),
    };
  }

  async dryRun(addressText: string, update: PermissionStructureInput): Promise<DryRunReport> {
    const runner = this.options.chain.sequenceDryRunner();
    if (!runner)
      return { available: false, reason: noDryRunReason(this.options.chain.network()), checks: [], balanceChanges: [] };
    const review = await this.review(addressText, update);
    const signing = this.signingPlan(review);
    const updateTx = await this.options.transactions.buildContract(this.updateSpec(review), signing.permissionId ?? 0);
    const followUps = await groupFollowUps(review, {
      vault: this.options.vault,
      client: this.client(),
      buildContract: (spec, permissionId) => this.options.transactions.buildContract(spec, permissionId),
      names: new Map(this.directory().map((entry) => [toHexAddress(entry.address) as string, entry.name])),
    });
    const updateStep: DryRunStep = {
      transaction: updateTx,
      checkSignatures: false,
      placeholderSignatures: signing.expectedSignatures,
    };
    const first = await runner([updateStep]);
    const applied = first.outcomes[0];
    // Each group on its own copy: a sequence stops at its first refusal, and one group's failure
    // must not hide what the next one can do.
    const proofs: GroupProof[] = [];
    for (const followUp of followUps) {
      if (!applied?.accepted || !followUp.transaction) {
        proofs.push({ followUp });
        continue;
      }
      const step: DryRunStep = { transaction: followUp.transaction, checkSignatures: true, signers: followUp.signers };
      const outcome = (await runner([updateStep, step])).outcomes[1];
      proofs.push(outcome ? { followUp, outcome } : { followUp });
    }
    return dryRunReport(first.headBlock, applied, proofs, signing);
  }

  /**
   * The update as a fork rehearses it: java-tron's rules checked here on the current network's
   * state (a structure they refuse is refused with the same error as prepare), then the contract.
   */
  async rehearsalPlan(addressText: string, update: PermissionStructureInput): Promise<RehearsalPlan> {
    const review = await this.review(addressText, update);
    return { address: review.address, spec: this.updateSpec(review) };
  }

  async submit(
    addressText: string,
    update: PermissionStructureInput,
    acknowledgeWarnings: boolean,
    expirationMs?: number,
  ): Promise<SubmittedUpdate> {
    const review = await this.review(addressText, update);
    // A liftable lockout is confirmed by typing on main's confirmation, which gets the proof.
    const gate = gatePermissionChange(review.proof);
    if (gate.blocking.length > 0) {
      throw new PermissionError(PermissionsErrorCode.blocked, `This change is blocked: ${gate.blocking[0]!.message}`, {
        codes: gate.blocking.map((f) => f.code),
      });
    }
    if (gate.warnings.length > 0 && !acknowledgeWarnings) {
      throw new PermissionError(
        PermissionsErrorCode.warningsNotAcknowledged,
        `Read and acknowledge the ${gate.warnings.length} warning(s) before signing.`,
      );
    }
    const signing = this.signingPlan(review);
    if (signing.permissionId === null)
      throw new PermissionError(PermissionsErrorCode.noSigningKey, signing.explanation);
    const byAddress = new Map(this.options.vault.listAccounts().map((a) => [a.address, a]));
    const signers = signing.signers.map((s) => ({ accountId: byAddress.get(s.address)!.id, weight: s.weight }));
    const submitted = await this.options.transactions.submitContract({
      spec: this.updateSpec(review),
      permissionId: signing.permissionId,
      signers,
      threshold: signing.threshold,
      label: 'Permission change',
      proof: review.proof,
      ...(expirationMs !== undefined ? { expirationMs } : {}),
    });
    const { weight } = submitted;
    const threshold = signing.threshold;
    return {
      ...submitted,
      threshold,
      message:
        submitted.state === 'broadcast'
          ? 'The node accepted the update; it takes effect once a block includes it.'
          : `Signed with weight ${weight} of ${threshold}. Co-signers must add ${threshold - weight}: the envelope is in the co-signing inbox, ready to send them.`,
    };
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────

  private client(): TronNodeClient {
    return this.options.chain.requireClient();
  }

  private directory(): KeyDirectoryEntry[] {
    const vault = this.options.vault.listAccounts().map((a) => ({
      address: a.address,
      name: a.label,
      source: 'vault' as const,
      canSign: signsHere(a),
      custody: custodyOf(a),
      ...(a.backupChecked === false ? { backupChecked: false } : {}),
    }));
    const seen = new Set(vault.map((v) => v.address));
    let contacts: KeyDirectoryEntry[] = [];
    try {
      contacts = this.options.chain
        .stores()
        .addressBook.list()
        .filter((c) => !seen.has(c.address))
        .map((c) => ({ address: c.address, name: c.name, source: 'address-book' as const, canSign: false }));
    } catch (error) {
      // A damaged or not yet opened address book leaves the vault's names, and says so in the log.
      this.options.log.warn('The address book could not be read for the permission editor', {
        code: error instanceof WalletError ? error.code : undefined,
      });
    }
    return [...vault, ...contacts];
  }

  private async review(addressText: string, update: PermissionStructureInput): Promise<Review> {
    const client = this.client();
    const address = toHexAddress(addressText);
    const [account, parameters] = await Promise.all([client.getAccount(address), this.options.chain.chainParameters()]);
    const updateValue = updateValueFromStructure(address, update);
    const issues = validatePermissionUpdate(updateValue, {
      isWitness: account?.is_witness ?? false,
      accountExists: account !== null,
      chainParameters: parameters,
      totalSignNum: totalSignNum(parameters),
    });
    if (issues.length > 0) {
      const first = permissionIssueToError(issues[0]!);
      throw new PermissionError(
        PermissionsErrorCode.invalid,
        issues.length > 1 ? `${first.message} (${issues.length - 1} more problem(s) in the form.)` : first.message,
        {
          ...first.details,
          issueCode: first.code,
          issues: issues.length,
        },
      );
    }
    const current = currentStructure(address, account);
    const after = accountPermissionsFromUpdate(updateValue);
    const vaultAccounts = this.options.vault.listAccounts();
    // Before anything is built, dry-run or signed: every path to the chain passes this review.
    refuseUncheckedPhrases(current, after, vaultAccounts);
    const keyAddresses = [...new Set(effectivePermissions(after).flatMap((p) => p.keys.map((k) => k.address)))];
    const facts = keyAddresses.length > 0 ? await this.inspectKeys(keyAddresses) : [];
    const known = [...this.directory().map((d) => d.address)];
    const proof = provePermissionChange(current, after, {
      knownAddresses: known,
      ownAddresses: vaultAccounts.filter(ownsKey).map((a) => a.address),
      facts: {
        contractAddresses: facts.filter((f) => f.isContract).map((f) => f.address),
        neverActiveAddresses: facts.filter((f) => !f.activated).map((f) => f.address),
      },
    });
    return { address, account, parameters, current, after, updateValue, proof, facts };
  }

  private signingPlan(review: Review): SigningPlan {
    return signingPlanOf(review.current, this.options.vault.listAccounts());
  }

  private updateSpec(review: Review): ContractSpec {
    const permissions = effectivePermissions(review.after);
    const witness = permissions.find((p) => p.type === 'Witness');
    return accountPermissionUpdateContract({
      owner: review.address,
      ownerPermission: toPermissionInput(permissions[0]!),
      ...(witness ? { witness: toPermissionInput(witness) } : {}),
      actives: permissions.filter((p) => p.type === 'Active').map(toPermissionInput),
    });
  }
}
