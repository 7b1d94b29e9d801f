import type { HexAddress } from '../../../src-core/brand';
import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { Account } from '../../../src-core/client/types';
import { PROTOCOL_CONSTANTS, type ChainParameters } from '../../../src-core/chain/parameters';
import { PermissionError, VaultError, WalletError } from '../../../src-core/errors';
import { transactionCost } from '../../../src-core/fee';
import type { PermissionView } from '../../../src-core/ipc/channels/accounts';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type {
  ChangeGateView,
  CostDisclosure,
  DryRunCheck,
  DryRunReport,
  FindingView,
  KeyDirectoryEntry,
  KeyFacts,
  PermissionStructureInput,
  PermissionsSnapshot,
  PreparedUpdate,
  SigningPlan,
  SubmittedUpdate,
} from '../../../src-core/ipc/channels/permissions';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  LOCKOUT_CONFIRMATION_TEXT,
  WITNESS_PERMISSION_ID,
  accountPermissionsFromAccountJson,
  choosePermission,
  describePermission,
  effectivePermissions,
  gatePermissionChange,
  heaviestFirst,
  minimalKeySets,
  permissionIssueToError,
  provePermissionChange,
  toPermissionInput,
  updateValueFromStructure,
  accountPermissionsFromUpdate,
  validatePermissionUpdate,
  withOperation,
  type AccountPermissions,
  type Finding,
  type Permission,
  type PermissionChangeProof,
} from '../../../src-core/permission';
import { accountPermissionUpdateContract, transferContract, type ContractSpec } from '../../../src-core/tx/builders';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { ChainAccess } from '../node-host/chain-access';
import type { DryRunSequenceResult, DryRunStep } from '../node-host/embedded-node';
import type { WalletLog } from '../context';
import type { ContractTransactions } from '../transactions/transaction-service';
import type { TxVault } from '../transactions/transaction-signer';

/** What the service needs from the node host. */
export interface PermissionsChain extends Pick<ChainAccess, 'requireClient' | 'chainParameters'> {
  network(): NetworkInfo;
  stores(): { addressBook: { list(): readonly { name: string; address: string }[] } };
  sequenceDryRunner(): ((steps: readonly DryRunStep[]) => Promise<DryRunSequenceResult>) | null;
}

export interface PermissionsServiceOptions {
  readonly chain: PermissionsChain;
  readonly vault: TxVault;
  /** The transaction service: builds, signs, broadcasts and follows the update, or hands it to the co-signing inbox. */
  readonly transactions: ContractTransactions;
  readonly log: WalletLog;
}

export const PermissionsErrorCode = {
  invalid: 'PERM_UPDATE_INVALID',
  blocked: 'PERM_CHANGE_BLOCKED',
  confirmationNeeded: 'PERM_CONFIRMATION_NEEDED',
  warningsNotAcknowledged: 'PERM_WARNINGS_NOT_ACKNOWLEDGED',
  noSigningKey: 'PERM_NO_SIGNING_KEY',
  accountNotFound: 'PERM_ACCOUNT_NOT_FOUND',
} as const;

/** Everything one review of a proposed structure found, in main. */
interface Review {
  readonly address: HexAddress;
  readonly account: Account | null;
  readonly parameters: ChainParameters;
  readonly current: AccountPermissions;
  readonly after: AccountPermissions;
  readonly updateValue: Record<string, unknown>;
  readonly proof: PermissionChangeProof;
  readonly facts: readonly KeyFacts[];
}

const FOLLOW_UP_AMOUNT_SUN = 1n;

function permissionView(p: Permission): PermissionView {
  return {
    type: p.type,
    id: p.id,
    name: p.name,
    threshold: p.threshold,
    operations: p.type === 'Active' ? (p.operations ?? '') : '',
    keys: p.keys.map((k) => ({ address: toBase58Address(k.address), weight: k.weight })),
  };
}

function findingView(f: Finding): FindingView {
  return {
    severity: f.severity,
    code: f.code,
    message: f.message,
    ...(f.permissionId !== undefined ? { permissionId: f.permissionId } : {}),
    ...(f.addresses ? { addresses: f.addresses.map((a) => toBase58Address(a)) } : {}),
  };
}

function trx(sun: bigint): string {
  const whole = sun / 1_000_000n;
  const fraction = (sun % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} TRX`;
}

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
    const current = this.currentStructure(address, account);
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
          // A node without getcontract (the embedded node before the VM lands): the account type
          // is all there is to go on.
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
    return { txID: tx.txID, signing, cost: await this.cost(review, tx, signing), gate: gateView(review.proof) };
  }

  async dryRun(addressText: string, update: PermissionStructureInput): Promise<DryRunReport> {
    const runner = this.options.chain.sequenceDryRunner();
    if (!runner) return { available: false, reason: this.noDryRunReason(), checks: [], balanceChanges: [] };
    const review = await this.review(addressText, update);
    const signing = this.signingPlan(review);
    const updateTx = await this.options.transactions.buildContract(this.updateSpec(review), signing.permissionId ?? 0);
    const followUp = await this.followUp(review);
    const steps: DryRunStep[] = [
      { transaction: updateTx, checkSignatures: false, placeholderSignatures: signing.expectedSignatures },
    ];
    if (followUp.transaction) steps.push({ transaction: followUp.transaction, checkSignatures: true });
    const result = await runner(steps);
    const [applied, transfer] = result.outcomes;
    const checks: DryRunCheck[] = [];
    checks.push(
      applied?.accepted
        ? {
            id: 'update-applied',
            label: 'The update applies to the current state',
            outcome: 'passed',
            detail: `java-tron's AccountPermissionUpdate checks accepted the new structure on a copy of block ${result.headBlock}, and it was applied there, burning ${trx(applied.feeSun)} with ${signing.expectedSignatures} signature(s) counted. Its own signatures are checked when it is signed. ${signing.explanation}`,
          }
        : {
            id: 'update-applied',
            label: 'The update applies to the current state',
            outcome: 'failed',
            detail: `The node refused it: ${applied?.message ?? 'no answer'} (${applied?.code ?? 'unknown'}).`,
          },
    );
    if (!applied?.accepted || !followUp.transaction) {
      const why = !applied?.accepted ? 'The update itself was refused.' : followUp.reason;
      checks.push({
        id: 'follow-up-signature',
        label: 'A follow-up transfer signed under the new structure passes the permission check',
        outcome: 'skipped',
        detail: why,
      });
      checks.push({
        id: 'follow-up-applied',
        label: 'The follow-up transfer applies',
        outcome: 'skipped',
        detail: why,
      });
    } else {
      const signedBy = followUp.signerLabels.join(' and ');
      const p = followUp.permission!;
      const under =
        p.type === 'Owner'
          ? 'the owner permission (Permission_id 0)'
          : `active permission ${p.name ? `"${p.name}" ` : ''}(Permission_id ${p.id})`;
      const signatureFailed = transfer && !transfer.accepted && transfer.stage === 'signature';
      checks.push({
        id: 'follow-up-signature',
        label: 'A follow-up transfer signed under the new structure passes the permission check',
        outcome: signatureFailed || !transfer ? 'failed' : 'passed',
        detail: signatureFailed
          ? `A ${trx(FOLLOW_UP_AMOUNT_SUN)} transfer signed by ${signedBy} under ${under} was refused: ${transfer.message}.`
          : `A ${trx(FOLLOW_UP_AMOUNT_SUN)} transfer signed by ${signedBy} under ${under} reached weight ${followUp.weight} of ${followUp.permission!.threshold} against the updated account.`,
      });
      checks.push({
        id: 'follow-up-applied',
        label: 'The follow-up transfer applies',
        outcome: signatureFailed ? 'skipped' : transfer?.accepted ? 'passed' : 'failed',
        detail: signatureFailed
          ? 'The signature check failed first.'
          : transfer?.accepted
            ? `It moved ${trx(FOLLOW_UP_AMOUNT_SUN)} to ${toBase58Address(followUp.recipient!)} on the copy; nothing was broadcast.`
            : `The node refused it: ${transfer?.message ?? 'no answer'} (${transfer?.code ?? 'unknown'}).`,
      });
    }
    return {
      available: true,
      headBlock: result.headBlock,
      checks,
      balanceChanges: (applied?.balanceChanges ?? []).map((c) => ({
        address: toBase58Address(c.address),
        deltaSun: c.deltaSun,
      })),
    };
  }

  async submit(
    addressText: string,
    update: PermissionStructureInput,
    acknowledgeWarnings: boolean,
    confirmation?: string,
  ): Promise<SubmittedUpdate> {
    const review = await this.review(addressText, update);
    const gate = gatePermissionChange(review.proof, confirmation !== undefined ? { confirmation } : {});
    if (gate.blocking.length > 0) {
      throw new PermissionError(PermissionsErrorCode.blocked, `This change is blocked: ${gate.blocking[0]!.message}`, {
        codes: gate.blocking.map((f) => f.code),
      });
    }
    if (gate.blocked) {
      throw new PermissionError(
        PermissionsErrorCode.confirmationNeeded,
        `${gate.liftable[0]!.message} Type ${LOCKOUT_CONFIRMATION_TEXT} to confirm that keys outside this wallet can reach the owner threshold.`,
      );
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

  private currentStructure(address: HexAddress, account: Account | null): AccountPermissions {
    if (!account) {
      // java-tron's defaults for an address that has never received TRX (java-tron-http.md §2.3).
      const [owner, active] = effectivePermissions(null, { ownerAddress: address });
      return { address, owner: owner!, actives: [active!] };
    }
    const parsed = accountPermissionsFromAccountJson({ ...account.raw, address });
    const witness = account.is_witness && !parsed.witness ? defaultWitness(address) : parsed.witness;
    return { ...parsed, ...(witness ? { witness } : {}) };
  }

  private directory(): KeyDirectoryEntry[] {
    const vault = this.options.vault
      .listAccounts()
      .map((a) => ({ address: a.address, name: a.label, source: 'vault' as const, canSign: a.canSign }));
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
    const current = this.currentStructure(address, account);
    const after = accountPermissionsFromUpdate(updateValue);
    const keyAddresses = [...new Set(effectivePermissions(after).flatMap((p) => p.keys.map((k) => k.address)))];
    const facts = keyAddresses.length > 0 ? await this.inspectKeys(keyAddresses) : [];
    const vaultAccounts = this.options.vault.listAccounts();
    const known = [...this.directory().map((d) => d.address)];
    const proof = provePermissionChange(current, after, {
      knownAddresses: known,
      ownAddresses: vaultAccounts.filter((a) => a.canSign).map((a) => a.address),
      facts: {
        contractAddresses: facts.filter((f) => f.isContract).map((f) => f.address),
        neverActiveAddresses: facts.filter((f) => !f.activated).map((f) => f.address),
      },
    });
    return { address, account, parameters, current, after, updateValue, proof, facts };
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

  /** Which permission signs the update under today's structure, and which vault keys sign it. */
  private signingPlan(review: Review): SigningPlan {
    const accounts = this.options.vault.listAccounts().filter((a) => a.canSign);
    const labels = new Map(accounts.map((a) => [a.addressHex, a.label]));
    const choice = choosePermission(
      review.current,
      'AccountPermissionUpdateContract',
      accounts.map((a) => a.addressHex),
    );
    const fallback = effectivePermissions(review.current)[0]!;
    const permission = choice.permission ?? fallback;
    const held = permission.keys.filter((k) => labels.has(k.address) && k.weight > 0n).sort(heaviestFirst);
    const signers: { address: HexAddress; weight: bigint }[] = [];
    let weight = 0n;
    for (const key of held) {
      if (weight >= permission.threshold) break;
      signers.push(key);
      weight += key.weight;
    }
    const smallest = Math.min(
      ...minimalKeySets(permission).map((s) => s.addresses.length),
      PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM,
    );
    const needsCosigners = weight < permission.threshold;
    return {
      permissionId: choice.permission ? choice.permission.id : null,
      permissionName: permission.name || describePermission(permission),
      threshold: permission.threshold,
      heldWeight: weight,
      signers: signers.map((s) => ({
        address: toBase58Address(s.address),
        label: labels.get(s.address) ?? '',
        weight: s.weight,
      })),
      needsCosigners,
      expectedSignatures: Math.max(1, needsCosigners ? Math.max(smallest, signers.length + 1) : signers.length),
      explanation: choice.permission
        ? choice.explanation
        : `None of this vault's keys can change permissions today: ${choice.explanation}`,
    };
  }

  private async cost(review: Review, tx: TransactionJson, signing: SigningPlan): Promise<CostDisclosure> {
    const resource = await this.client()
      .getAccountResource(review.address)
      .catch(() => null);
    const breakdown = transactionCost({
      transaction: tx,
      expectedSignatures: signing.expectedSignatures,
      parameters: review.parameters,
      ...(resource
        ? {
            account: {
              netLimit: BigInt(resource.NetLimit),
              netUsed: BigInt(resource.NetUsed),
              freeNetLimit: BigInt(resource.freeNetLimit),
              freeNetUsed: BigInt(resource.freeNetUsed),
            },
          }
        : {}),
    });
    const lines: CostDisclosure['lines'] = breakdown.fees.map((f) => ({
      kind: f.kind,
      sun: f.sun,
      label:
        f.kind === 'contract'
          ? 'Permission update fee (AccountPermissionUpdate)'
          : f.kind === 'multi-signature'
            ? `Multi-signature fee (${signing.expectedSignatures} signatures under the ${signing.permissionName} permission)`
            : f.label,
    }));
    if (breakdown.bandwidth.burnedSun > 0n) {
      lines.push({
        kind: 'bandwidth',
        sun: breakdown.bandwidth.burnedSun,
        label: `Bandwidth: ${breakdown.bandwidth.bytes} bytes, burned because free and staked bandwidth do not cover them`,
      });
    }
    const balance = review.account?.balance ?? 0n;
    return {
      lines,
      totalBurnSun: breakdown.burnedSun,
      balanceSun: balance,
      enoughBalance: balance >= breakdown.burnedSun,
    };
  }

  /** A 1-sun transfer under the new structure, signed by vault keys alone, to prove the account stays operable. */
  private async followUp(review: Review): Promise<{
    transaction?: TransactionJson;
    permission?: Permission;
    weight?: bigint;
    recipient?: HexAddress;
    signerLabels: string[];
    reason: string;
  }> {
    const accounts = this.options.vault.listAccounts().filter((a) => a.canSign);
    const byHex = new Map(accounts.map((a) => [a.addressHex, a]));
    const choice = choosePermission(
      review.after,
      'TransferContract',
      accounts.map((a) => a.addressHex),
    );
    const usable = choice.candidates.filter((c) => c.qualifies && c.reachableAlone);
    const pick = usable.find((c) => c.id === choice.permissionId) ?? usable[0];
    if (!pick) {
      return {
        signerLabels: [],
        reason:
          "The vault's keys alone cannot reach the threshold of any permission that may transfer TRX under the new structure; co-signers' keys would be needed, so only the prover speaks for it.",
      };
    }
    const permission = effectivePermissions(review.after).find((p) => p.id === pick.id && p.type === pick.type)!;
    const recipient = await this.followUpRecipient(review);
    if (!recipient)
      return {
        signerLabels: [],
        reason: 'No activated address other than the account itself is known to send the test transfer to.',
      };
    const keys = permission.keys.filter((k) => byHex.has(k.address) && k.weight > 0n).sort(heaviestFirst);
    let tx = await this.options.transactions.buildContract(
      transferContract({ owner: review.address, to: recipient, amount: FOLLOW_UP_AMOUNT_SUN }),
      permission.id,
    );
    let weight = 0n;
    const signerLabels: string[] = [];
    try {
      for (const key of keys) {
        if (weight >= permission.threshold) break;
        const account = byHex.get(key.address)!;
        tx = await this.options.vault.sign(tx, account.id, permission.id);
        weight += key.weight;
        signerLabels.push(account.label);
      }
    } catch (error) {
      if (!(error instanceof VaultError)) throw error;
      return { signerLabels: [], reason: `The vault could not sign the test transfer: ${error.message}` };
    }
    return { transaction: tx, permission, weight, recipient, signerLabels, reason: '' };
  }

  private async followUpRecipient(review: Review): Promise<HexAddress | undefined> {
    const candidates = [
      ...review.facts.filter((f) => f.activated && !f.isContract).map((f) => toHexAddress(f.address)),
      ...this.options.vault.listAccounts().map((a) => a.addressHex as HexAddress),
    ];
    for (const hex of new Set(candidates)) {
      if (hex === review.address) continue;
      if (review.facts.some((f) => toHexAddress(f.address) === hex)) return hex;
      if ((await this.client().getAccount(hex)) !== null) return hex;
    }
    return undefined;
  }

  private noDryRunReason(): string {
    const network = this.options.chain.network();
    if (network.kind !== 'embedded') {
      return `The dry run applies the change on the embedded node's copy of the chain, and the wallet is using ${network.name}. The checks shown come from the lockout prover alone; switch to the embedded node on the Node screen to dry-run changes on a local chain.`;
    }
    return 'The embedded node is not running, so the change cannot be applied to a copy of its state. Start it on the Node screen; the checks shown come from the lockout prover alone.';
  }
}

function gateView(proof: PermissionChangeProof): ChangeGateView {
  const gate = gatePermissionChange(proof);
  return {
    verdict: proof.verdict,
    blocked: gate.blocked,
    needsConfirmation: gate.needsConfirmation,
    findings: proof.findings.map(findingView),
  };
}

/** getTotalSignNum is a dynamic property that getchainparameters does not list; 5 unless a node reports it. */
function totalSignNum(parameters: ChainParameters): number {
  const reported = (parameters as unknown as Record<string, bigint | undefined>).getTotalSignNum;
  return reported !== undefined && reported > 0n ? Number(reported) : PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM;
}

function defaultWitness(address: HexAddress): Permission {
  return {
    type: 'Witness',
    id: WITNESS_PERMISSION_ID,
    name: 'witness',
    threshold: 1n,
    parentId: 0,
    keys: [{ address, weight: 1n }],
  };
}

/** The spec's default active mask, plus CancelAllUnfreezeV2 where the chain has enabled it (mainnet's current default). */
function defaultActiveOperations(parameters: ChainParameters): string {
  const allowCancel = (parameters as unknown as Record<string, bigint | undefined>).getAllowCancelAllUnfreezeV2 === 1n;
  return allowCancel
    ? withOperation(DEFAULT_ACTIVE_OPERATIONS, 'CancelAllUnfreezeV2Contract', true)
    : DEFAULT_ACTIVE_OPERATIONS;
}
