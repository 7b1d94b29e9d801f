import {
  bundleFingerprint,
  fromPermissionSnapshot,
  rowEnvelope,
  type EnvelopeBundle,
  type SignerMemo,
} from '../../../src-core/envelope';
import { LedgerError } from '../../../src-core/errors';
import { custodyText } from '../../../src-core/ipc/account-custody';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { readableAddressBook } from '../chain-knowledge/envelope-naming';
import { Names } from '../chain-knowledge/names';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { TokenFacts } from '../chain-knowledge/describe';
import { withStatedTokens } from '../chain-knowledge/stated-facts';
import { readTokenFacts } from '../chain-knowledge/token-facts';
import type { LedgerSigner } from '../ledger/ledger-signer';
import { ledgerScreenNote, settingWarning } from '../ledger/ledger-screen';
import type { EmitEvent } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import { paymentLine, type BundleConsentInput } from './bundle-consent';
import type { PolicyCheck } from './consented-signing';
import { pageNames } from './page-names';
import { paymentOf } from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission/model';
import { PolicyError, trc10Asset, trc20Asset, trxAsset } from '../../../src-core/policy';

/** What one row would send, counted against the daily caps of the rows after it in the same approval. */
export interface EarlierOutflow {
  readonly asset: string;
  readonly amount: bigint;
}

/**
 * consented-signing.ts's treasury policy check, told what the bundle's earlier rows send: one
 * approval signs them all, so each row's caps count the rows before it as already sent.
 */
export interface BundlePolicyCheck {
  check(
    request: Parameters<PolicyCheck['check']>[0] & { readonly earlier?: readonly EarlierOutflow[] },
  ): Promise<unknown>;
}

/** What bundle signing uses of the vault; `WalletVault` provides it (declared here, a floor below it). */
export interface BundleConsentVault {
  listAccounts(): VaultAccount[];
  signBundle(
    input: Omit<BundleConsentInput, 'signer' | 'policy'> & {
      readonly accountId: string;
      readonly skip?: ReadonlySet<number>;
      readonly signers?: SignerMemo;
    },
  ): Promise<(string | null)[]>;
  approveBundle(input: Omit<BundleConsentInput, 'policy'>): Promise<void>;
}

/** The names and token facts a bundle's confirmation is worded with. */
export type BundleWording = (bundle: EnvelopeBundle) => Promise<{ names: Names; tokens: TokenFacts }>;

/**
 * This wallet's names (vault, address book, the page's marked) with the proposer's stated names
 * filling gaps, and token facts read from this node with the stated ones filling gaps: as a single
 * transaction's confirmation is worded, over every row.
 */
export function bundleWording(
  vault: Pick<BundleConsentVault, 'listAccounts'>,
  chain: Pick<ChainAccess, 'client' | 'stores'>,
  reads: ChainReads,
): BundleWording {
  return async (bundle) => {
    const stated = bundle.rows.flatMap((r) => r.stated?.names ?? []);
    const names = new Names(vault.listAccounts(), readableAddressBook(chain), pageNames).withStated(stated);
    const summaries = bundle.rows.map((r) => {
      // A TRC-20 payment read from raw call data names its token too, so its facts are read.
      const payment = paymentOf(r.summary);
      return payment ? { ...r.summary, amounts: [...r.summary.amounts, paymentLine(payment)] } : r.summary;
    });
    let tokens = await readTokenFacts(chain.client(), reads, summaries);
    for (const row of bundle.rows) tokens = withStatedTokens(tokens, row.stated);
    return { names, tokens };
  };
}

export interface BundleSignRequest {
  readonly bundle: EnvelopeBundle;
  readonly accountId: string;
  /** Rows this key must not sign (already signed by it, or left out by the person). */
  readonly skip?: ReadonlySet<number>;
  /** Rows already at their threshold, for the confirmation. */
  readonly ready?: number;
  /** The permission the rows count under; the bundle's own snapshot when absent. */
  readonly permission?: Permission;
  /** The signers the caller recovered already (its progress), for the vault's already-signed check. */
  readonly signers?: SignerMemo;
  readonly after?: string;
  /** Each row a Ledger signed: how many so far of how many it will sign. */
  readonly onProgress?: (progress: { readonly signed: number; readonly total: number }) => void;
}

export interface BundleSignResult {
  /** Each row's new signature, null where none was added. */
  readonly signatures: (string | null)[];
  /** Where a Ledger stopped (refused, unplugged); the rows before it keep their signatures. */
  readonly stopped: { readonly row: number; readonly code: string; readonly message: string } | null;
}

/**
 * One approval on main's window for every row of a bundle, then every row signed: by the vault key
 * at once, or by a Ledger row by row (each shown and confirmed on the device), with a progress
 * count. A Ledger that stops part way keeps what it signed, so the person resumes from that row.
 */
export class ConsentedBundleSigning {
  constructor(
    private readonly options: {
      readonly vault: BundleConsentVault;
      readonly ledger: Pick<LedgerSigner, 'sign'>;
      readonly wording: BundleWording;
      /** Where a Ledger's count goes for the page, as `payouts:signing` (the renderer waits on the device). */
      readonly emit?: EmitEvent;
      /** The treasury policy every row passes before main's window opens, as a single signature does. */
      readonly policy?: BundlePolicyCheck;
    },
  ) {}

  async sign(request: BundleSignRequest): Promise<BundleSignResult> {
    const { bundle } = request;
    const signer = this.options.vault.listAccounts().find((a) => a.id === request.accountId);
    if (signer && this.options.policy) await this.checkPolicy(request, this.options.policy, signer.addressHex);
    const { names, tokens } = await this.options.wording(bundle);
    const consent = {
      bundle,
      names,
      tokens,
      ...(request.ready !== undefined ? { ready: request.ready } : {}),
      ...(request.after ? { after: request.after } : {}),
    };
    const account = this.options.vault.listAccounts().find((a) => a.id === request.accountId);
    if (account?.custody !== 'ledger') {
      const signatures = await this.options.vault.signBundle({
        ...consent,
        accountId: request.accountId,
        ...(request.skip ? { skip: request.skip } : {}),
        ...(request.signers ? { signers: request.signers } : {}),
      });
      return { signatures, stopped: null };
    }
    const first = bundle.rows[0]!;
    const note = ledgerScreenNote(first.summary, first.transaction.txID, names, tokens);
    const warning = bundle.rows
      .map((r) => settingWarning(ledgerScreenNote(r.summary, r.transaction.txID, names, tokens)))
      .find((w) => w !== null);
    const rows = bundle.rows.flatMap((_, i) => (request.skip?.has(i) ? [] : [i]));
    await this.options.vault.approveBundle({
      ...consent,
      signer: { address: account.address, device: custodyText(account) },
      device: {
        confirm: `Confirm each of the ${rows.length} transactions on the Ledger, one after another. The first: ${note.confirm}`,
        warning: warning ?? null,
      },
    });
    const signatures: (string | null)[] = bundle.rows.map(() => null);
    const id = this.options.emit ? bundleFingerprint(bundle).digest : '';
    const report = (signed: number) => {
      request.onProgress?.({ signed, total: rows.length });
      this.options.emit?.('payouts:signing', { id, signed, total: rows.length });
    };
    let signed = 0;
    report(signed);
    for (const index of rows) {
      const transaction = bundle.rows[index]!.transaction;
      try {
        const before = new Set(transaction.signature ?? []);
        const out = await this.options.ledger.sign(transaction, account);
        signatures[index] = (out.signature ?? []).find((s) => !before.has(s)) ?? null;
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        return { signatures, stopped: { row: index, code: error.code, message: error.message } };
      }
      signed += 1;
      report(signed);
    }
    return { signatures, stopped: null };
  }

  /** Every row this key signs, in order, each counting what the rows before it send; the first breach stops all. */
  private async checkPolicy(request: BundleSignRequest, policy: BundlePolicyCheck, signer: string): Promise<void> {
    const { bundle } = request;
    const snapshot = bundle.permission ? fromPermissionSnapshot(bundle.permission) : undefined;
    const earlier: EarlierOutflow[] = [];
    for (const [index, row] of bundle.rows.entries()) {
      if (request.skip?.has(index)) continue;
      const permission = request.permission ?? snapshot ?? keylessPermission(row.summary.permissionId);
      try {
        await policy.check({ envelope: rowEnvelope(bundle, index), permission, signer, earlier: [...earlier] });
      } catch (error) {
        if (!(error instanceof PolicyError)) throw error;
        throw new PolicyError(
          error.code,
          `Row ${index + 1} of the ${bundle.rows.length} in this bundle: ${error.message}`,
          { ...error.details, row: index + 1 },
          { cause: error },
        );
      }
      const outflow = outflowOf(row.summary);
      if (outflow) earlier.push(outflow);
    }
  }
}

/** What a row pays, as the policy names assets. */
function outflowOf(summary: EnvelopeBundle['rows'][number]['summary']): EarlierOutflow | null {
  const payment = paymentOf(summary);
  if (!payment) return null;
  if (payment.asset === 'TRX') return { asset: trxAsset(), amount: BigInt(payment.amount) };
  if (payment.asset === 'TRC10') return { asset: trc10Asset(payment.tokenId), amount: BigInt(payment.amount) };
  return { asset: trc20Asset(payment.contract), amount: BigInt(payment.amount) };
}

/** A bundle that names no permission: its keys unknown, so a tier counts no co-signature already on a row. */
function keylessPermission(id: number): Permission {
  return {
    type: id === 0 ? 'Owner' : 'Active',
    id,
    name: `permission ${id}`,
    threshold: 1n,
    parentId: 0,
    keys: [],
  };
}
