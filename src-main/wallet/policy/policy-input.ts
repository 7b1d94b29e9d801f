import { toBase58Address } from '../../../src-core/address/address';
import { signingProgress, type Envelope, type EnvelopeSummary } from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission/model';
import {
  trc10Asset,
  trc20Asset,
  trxAsset,
  type BalanceChange,
  type OutflowRecord,
  type PolicyContact,
  type PolicyInput,
} from '../../../src-core/policy';

/** transfer(address,uint256): the TRC-20 payment a call states even when the envelope carries no ABI. */
const TRANSFER_SELECTOR = 'a9059cbb';

export interface PolicyInputParts {
  readonly envelope: Envelope;
  /** The permission the signature counts under (the chain's online, the envelope's offline). */
  readonly permission: Permission;
  /** The key about to sign (hex or Base58). */
  readonly signer: string;
  readonly time: number;
  readonly addressBook: readonly PolicyContact[];
  readonly history: readonly OutflowRecord[];
  readonly balanceChanges: readonly BalanceChange[];
}

/** What `evaluatePolicy` receives for one signature, decoded from the envelope main holds. */
export function policyInputOf(parts: PolicyInputParts): PolicyInput {
  const { envelope, permission } = parts;
  const summary = envelope.summary;
  const transfer = statedPayment(summary);
  const call =
    summary.call && summary.call.selector !== ''
      ? { contract: toBase58Address(summary.call.contract), selector: summary.call.selector.toLowerCase() }
      : undefined;
  return {
    owner: toBase58Address(summary.owner),
    permissionId: summary.permissionId,
    permissionName: permission.name,
    contractType: summary.contractType,
    ...(transfer ? { transfer } : {}),
    ...(call ? { call } : {}),
    balanceChanges: parts.balanceChanges,
    approvedSigners: signingProgress(envelope, { permission }).signed.map((s) => s.address),
    signer: parts.signer,
    time: parts.time,
    addressBook: parts.addressBook,
    history: parts.history,
  };
}

/**
 * The one payment the transaction states: a TRC-20 transfer(to, amount) first, then TRX or TRC-10
 * sent or a call's value. A second movement in one transaction (value sent with a token transfer)
 * still counts through the simulation's balance changes.
 */
export function statedPayment(summary: EnvelopeSummary): PolicyInput['transfer'] {
  const token = tokenTransfer(summary);
  if (token) return token;
  const recipient = summary.recipients[0];
  if (!recipient) return undefined;
  for (const line of summary.amounts) {
    if (line.role !== 'send' && line.role !== 'call-value') continue;
    if (line.asset === 'TRX' && BigInt(line.sun) > 0n)
      return { asset: trxAsset(), amount: BigInt(line.sun), recipient };
    if (line.asset === 'TRC10' && BigInt(line.amount) > 0n) {
      return { asset: trc10Asset(line.tokenId), amount: BigInt(line.amount), recipient };
    }
  }
  return undefined;
}

function tokenTransfer(summary: EnvelopeSummary): PolicyInput['transfer'] {
  const effect = summary.call?.decoded?.effects.find((e) => e.asset === 'TRC20' && e.role === 'send');
  if (effect?.asset === 'TRC20') {
    return { asset: trc20Asset(effect.contract), amount: BigInt(effect.amount), recipient: effect.to };
  }
  const call = summary.call;
  const data = call?.data.replace(/^0x/, '').toLowerCase() ?? '';
  if (!call || !data.startsWith(TRANSFER_SELECTOR) || data.length !== 8 + 128) return undefined;
  // ABI encoding: 12 zero bytes then the 20-byte address, then the uint256 amount.
  return {
    asset: trc20Asset(call.contract),
    amount: BigInt(`0x${data.slice(72)}`),
    recipient: toBase58Address(`41${data.slice(32, 72)}`),
  };
}
