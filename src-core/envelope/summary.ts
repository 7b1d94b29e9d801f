import { sha256 } from '@noble/hashes/sha2.js';
import type { Hex, HexAddress } from '../brand';
import { WalletError } from '../errors';
import { toHexAddress } from '../address/address';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { bytesToUtf8, isValidUtf8 } from '../bytes/utf8';
import { toBigInt } from '../json/lossless';
import { accountPermissionsFromUpdate, type AccountPermissions } from '../permission/model';
import { analyzePermissions, diffPermissions } from '../permission/lockout';
import type { TransactionJson } from '../tx/types';
import { formatTrx } from '../units/amount';
import { abiCallDecoder } from './abi-decoder';
import type { CallDecoder, DecodedCall } from './call-decoder';
import { toJsonSafe } from './canonical';
import { toAccountPermissionsSnapshot, type AccountPermissionsSnapshot } from './snapshot';

export type { CallDecoder, DecodedCall } from './call-decoder';

/**
 * The human view of a transaction, computed from the transaction alone (plus the context the
 * envelope carries: the account's permissions before a change, an ABI). It is structured facts,
 * never prose, so two wallets — even two versions of this one — derive the same summary and the
 * same fingerprint. An envelope's stored summary is never trusted: readers recompute it.
 */

export type AmountRole =
  'send' | 'buy-token' | 'stake' | 'unstake' | 'delegate' | 'undelegate' | 'call-value' | 'approve';

export type AmountLine =
  | { readonly role: AmountRole; readonly asset: 'TRX'; readonly sun: string; readonly trx: string }
  | { readonly role: AmountRole; readonly asset: 'TRC10'; readonly tokenId: string; readonly amount: string }
  | {
      readonly role: AmountRole;
      readonly asset: 'TRC20';
      readonly contract: string;
      readonly amount: string;
      readonly to: string;
    };

export interface CallSummary {
  readonly contract: string;
  /** First 4 bytes of the call data (empty for a plain TRX/TRC10 send to a contract). */
  readonly selector: string;
  readonly data: string;
  readonly callValueSun: string;
  /**
   * Only with a decoder. A pure function of `data` and the envelope's ABI, both covered by the
   * fingerprint; so it is compared between envelopes only when both sides could decode.
   */
  readonly decoded?: {
    readonly signature: string;
    readonly args: readonly { readonly name: string; readonly type: string; readonly value: unknown }[];
    readonly effects: readonly AmountLine[];
  };
}

export interface PermissionChangeSummary {
  /** The structure after the update (ids as the chain assigns them). */
  readonly after: AccountPermissionsSnapshot;
  /** Present when the envelope carries the structure before the update. */
  readonly diff?: unknown;
  /** Lockout analysis of the new structure: finding codes by severity (prose stays in the UI). */
  readonly findings: readonly { readonly code: string; readonly severity: string; readonly permissionId?: number }[];
}

export interface EnvelopeSummary {
  readonly contractType: string;
  readonly owner: string;
  readonly permissionId: number;
  readonly expiration: string;
  readonly feeLimitSun?: string;
  readonly memo?: { readonly hex: string; readonly text?: string };
  readonly amounts: readonly AmountLine[];
  readonly recipients: readonly string[];
  readonly votes?: readonly { readonly address: string; readonly count: string }[];
  readonly call?: CallSummary;
  readonly permissionChange?: PermissionChangeSummary;
  /** Other fields of the contract, flattened to text. */
  readonly details: Readonly<Record<string, string>>;
}

export interface SummaryContext {
  /** The account's permissions before the transaction (needed for a permission-change diff). */
  readonly accountPermissions?: AccountPermissions;
  readonly abi?: unknown;
  /** Default: decode with `abi` through src-core/abi; `false` leaves calls undecoded. */
  readonly decoder?: CallDecoder | false;
}

function address(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    return toHexAddress(value);
  } catch {
    return value.toLowerCase();
  }
}

function integer(value: unknown): bigint {
  if (value === undefined || value === null) return 0n;
  try {
    return toBigInt(value);
  } catch {
    return 0n;
  }
}

function trx(role: AmountRole, sun: bigint): AmountLine {
  return { role, asset: 'TRX', sun: sun.toString(), trx: formatTrx(sun) };
}

function text(hex: unknown): string {
  if (typeof hex !== 'string') return '';
  try {
    const bytes = hexToBytes(hex);
    return isValidUtf8(bytes) ? bytesToUtf8(bytes) : hex.toLowerCase();
  } catch {
    return hex;
  }
}

// Long hex (bytecode, big call data) is summarised by size and hash so the summary stays small.
function detail(value: unknown): string {
  if (typeof value === 'string' && value.length > 128 && value.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(value)) {
    return `${value.length / 2} bytes, sha256 ${bytesToHex(sha256(hexToBytes(value)))}`;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(toJsonSafe(value));
}

function details(value: Record<string, unknown>, skip: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (!skip.includes(k) && v !== undefined) out[k] = detail(v);
  return out;
}

const TRC20_EFFECTS: Record<string, (args: readonly unknown[], contract: string) => AmountLine | undefined> = {
  'transfer(address,uint256)': (a, contract) => ({
    role: 'send',
    asset: 'TRC20',
    contract,
    to: address(a[0]),
    amount: String(a[1]),
  }),
  'transferFrom(address,address,uint256)': (a, contract) => ({
    role: 'send',
    asset: 'TRC20',
    contract,
    to: address(a[1]),
    amount: String(a[2]),
  }),
  'approve(address,uint256)': (a, contract) => ({
    role: 'approve',
    asset: 'TRC20',
    contract,
    to: address(a[0]),
    amount: String(a[1]),
  }),
};

function callSummary(value: Record<string, unknown>, context: SummaryContext): CallSummary {
  const contract = address(value.contract_address);
  const data = typeof value.data === 'string' ? value.data.toLowerCase() : '';
  const call: CallSummary = {
    contract,
    selector: data.slice(0, 8),
    data,
    callValueSun: integer(value.call_value).toString(),
  };
  const decoder = context.decoder === undefined ? abiCallDecoder : context.decoder;
  if (!decoder || data.length < 8) return call;
  let decoded: DecodedCall | undefined;
  try {
    decoded = decoder({ contract: contract as HexAddress, data: data as Hex, abi: context.abi });
  } catch (error) {
    // Data the ABI cannot decode is shown raw; a decoder bug must not hide the transaction.
    if (!(error instanceof WalletError)) throw error;
  }
  if (!decoded) return call;
  const args = decoded.args.map((a) => ({ name: a.name, type: a.type, value: toJsonSafe(a.value) }));
  const effect = TRC20_EFFECTS[decoded.signature]?.(
    args.map((a) => a.value),
    contract,
  );
  return { ...call, decoded: { signature: decoded.signature, args, effects: effect ? [effect] : [] } };
}

function permissionChange(
  value: Record<string, unknown>,
  context: SummaryContext,
): PermissionChangeSummary | undefined {
  let after: AccountPermissions;
  try {
    after = accountPermissionsFromUpdate(value);
  } catch {
    return undefined;
  }
  const analysis = analyzePermissions(after);
  return {
    after: toAccountPermissionsSnapshot(after),
    ...(context.accountPermissions ? { diff: toJsonSafe(diffPermissions(context.accountPermissions, after)) } : {}),
    findings: analysis.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      ...(f.permissionId !== undefined ? { permissionId: f.permissionId } : {}),
    })),
  };
}

/** The summary of a transaction whose integrity has already been checked. */
export function summarizeTransaction(tx: TransactionJson, context: SummaryContext = {}): EnvelopeSummary {
  const contract = tx.raw_data.contract[0];
  const type = contract?.type ?? '';
  const value = (contract?.parameter?.value ?? {}) as Record<string, unknown>;
  const amounts: AmountLine[] = [];
  const recipients: string[] = [];
  let votes: { address: string; count: string }[] | undefined;
  let call: CallSummary | undefined;
  let change: PermissionChangeSummary | undefined;
  let extra: Record<string, string> = {};

  switch (type) {
    case 'TransferContract':
      amounts.push(trx('send', integer(value.amount)));
      recipients.push(address(value.to_address));
      break;
    case 'TransferAssetContract':
      amounts.push({
        role: 'send',
        asset: 'TRC10',
        tokenId: text(value.asset_name),
        amount: integer(value.amount).toString(),
      });
      recipients.push(address(value.to_address));
      break;
    case 'ParticipateAssetIssueContract':
      amounts.push(trx('buy-token', integer(value.amount)));
      recipients.push(address(value.to_address));
      extra = { tokenId: text(value.asset_name) };
      break;
    case 'FreezeBalanceV2Contract':
      amounts.push(trx('stake', integer(value.frozen_balance)));
      extra = { resource: String(value.resource ?? 'BANDWIDTH') };
      break;
    case 'UnfreezeBalanceV2Contract':
      amounts.push(trx('unstake', integer(value.unfreeze_balance)));
      extra = { resource: String(value.resource ?? 'BANDWIDTH') };
      break;
    case 'DelegateResourceContract':
    case 'UnDelegateResourceContract':
      amounts.push(trx(type === 'DelegateResourceContract' ? 'delegate' : 'undelegate', integer(value.balance)));
      recipients.push(address(value.receiver_address));
      extra = {
        resource: String(value.resource ?? 'BANDWIDTH'),
        ...details(value, ['owner_address', 'receiver_address', 'balance', 'resource']),
      };
      break;
    case 'VoteWitnessContract': {
      const list = Array.isArray(value.votes) ? (value.votes as Record<string, unknown>[]) : [];
      votes = list.map((v) => ({ address: address(v.vote_address), count: integer(v.vote_count).toString() }));
      recipients.push(...votes.map((v) => v.address));
      break;
    }
    case 'TriggerSmartContract':
      call = callSummary(value, context);
      if (integer(value.call_value) > 0n) amounts.push(trx('call-value', integer(value.call_value)));
      if (integer(value.call_token_value) > 0n)
        amounts.push({
          role: 'call-value',
          asset: 'TRC10',
          tokenId: integer(value.token_id).toString(),
          amount: integer(value.call_token_value).toString(),
        });
      recipients.push(call.contract);
      break;
    case 'CreateSmartContract': {
      const created = (value.new_contract ?? {}) as Record<string, unknown>;
      if (integer(created.call_value) > 0n) amounts.push(trx('call-value', integer(created.call_value)));
      extra = details(created, ['abi', 'origin_address', 'call_value']);
      if (tx.contract_address) extra.contract_address = address(tx.contract_address);
      break;
    }
    case 'AccountPermissionUpdateContract':
      change = permissionChange(value, context);
      break;
    default:
      extra = details(value, ['owner_address']);
  }

  const memoHex = tx.raw_data.data;
  let memo: EnvelopeSummary['memo'];
  if (typeof memoHex === 'string' && memoHex.length > 0) {
    const bytes = hexToBytes(memoHex, 'memo');
    memo = isValidUtf8(bytes) ? { hex: bytesToHex(bytes), text: bytesToUtf8(bytes) } : { hex: bytesToHex(bytes) };
  }
  const feeLimit = integer(tx.raw_data.fee_limit);
  return {
    contractType: type,
    owner: address(value.owner_address),
    permissionId: contract?.Permission_id ?? 0,
    expiration: integer(tx.raw_data.expiration).toString(),
    ...(feeLimit > 0n ? { feeLimitSun: feeLimit.toString() } : {}),
    ...(memo ? { memo } : {}),
    amounts,
    recipients,
    ...(votes ? { votes } : {}),
    ...(call ? { call } : {}),
    ...(change ? { permissionChange: change } : {}),
    details: extra,
  };
}
