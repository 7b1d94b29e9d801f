import {
  fromAccountPermissionsSnapshot,
  type AmountLine,
  type Envelope,
  type EnvelopeSummary,
  type PermissionSnapshot,
} from '../../../src-core/envelope';
import type { CallView, PermissionChangeView } from '../../../src-core/ipc/channels/cosign';
import type { SummaryLine } from '../../../src-core/ipc/channels/tx';
import { analyzePermissions, diffPermissions } from '../../../src-core/permission/lockout';
import { operationLabel } from '../../../src-core/permission/labels';
import { decodeOperations } from '../../../src-core/permission/operations';
import { permissionHeading } from '../../../src-core/permission/model';
import { formatTrx, formatUnits } from '../../../src-core/units/amount';
import { Names, STATED_MARK } from './names';

/**
 * The words every signer reads: computed in main from the summary this wallet derived (never the
 * file's own), with names from this wallet's vault and address book. The fingerprint covers the
 * summary; these lines only put it into sentences.
 */

/**
 * Symbol and decimals of the tokens a summary moves, read from the chain by the caller: TRC20 by
 * contract (hex), TRC10 by `trc10Key(id)` (its abbreviation and precision).
 */
export type TokenFacts = ReadonlyMap<string, TokenFact>;

export interface TokenFact {
  readonly symbol: string;
  readonly decimals: number;
  /** Only the envelope's proposer says so (chain-knowledge/stated-facts.ts); nothing checked it. */
  readonly stated?: boolean;
  /** The proposer stated other facts than this wallet's own, which are the ones shown. */
  readonly proposerSaid?: { readonly symbol: string; readonly decimals: number };
}

/** " (stated by the proposer)", or what the proposer stated when it differs from this wallet's facts. */
function factMark(facts: TokenFact): string {
  if (facts.stated) return ` (${STATED_MARK})`;
  const said = facts.proposerSaid;
  return said ? ` (the proposer stated ${said.symbol} with ${said.decimals} decimals)` : '';
}

export const trc10Key = (tokenId: string): string => `trc10:${tokenId}`;

const ROLE: Record<AmountLine['role'], string> = {
  send: 'Send',
  'buy-token': 'Buy token',
  stake: 'Stake',
  unstake: 'Unstake',
  delegate: 'Delegate',
  undelegate: 'Undelegate',
  'call-value': 'Call value',
  approve: 'Approve spending',
};

const RESOURCE: Record<string, string> = { BANDWIDTH: 'bandwidth', ENERGY: 'energy', TRON_POWER: 'TRON power' };

export function amountText(line: AmountLine, tokens: TokenFacts): string {
  switch (line.asset) {
    case 'TRX':
      return formatTrx(BigInt(line.sun), { group: true, withUnit: true });
    case 'TRC10': {
      const facts = tokens.get(trc10Key(line.tokenId));
      if (!facts) return `${line.amount} base units (unknown decimals) of TRC10 token ${line.tokenId}`;
      return `${formatUnits(BigInt(line.amount), facts.decimals, { group: true })} ${facts.symbol} (TRC10 token ${line.tokenId})${factMark(facts)}`;
    }
    case 'TRC20': {
      const facts = tokens.get(line.contract);
      // The summary keeps addresses in hex; people read Base58, as everywhere else in the view.
      if (!facts)
        return `${line.amount} base units (unknown decimals) of the TRC20 token at ${Names.base58(line.contract)}`;
      return `${formatUnits(BigInt(line.amount), facts.decimals, { group: true })} ${facts.symbol}${factMark(facts)}`;
    }
  }
}

/**
 * The amount as the chain holds it, for the small type beside a token amount whose decimals are
 * known ("250,000,000 base units"); none for TRX (sun are shown where they matter) or an unknown
 * token (whose text already is the raw number).
 */
export function amountRaw(line: AmountLine, tokens: TokenFacts): string | undefined {
  if (line.asset === 'TRX') return undefined;
  const known = line.asset === 'TRC20' ? tokens.get(line.contract) : tokens.get(trc10Key(line.tokenId));
  return known ? `${formatUnits(BigInt(line.amount), 0, { group: true })} base units` : undefined;
}

function amountLine(label: string, line: AmountLine, tokens: TokenFacts, suffix = ''): SummaryLine {
  const raw = amountRaw(line, tokens);
  return { label, value: `${amountText(line, tokens)}${suffix}`, ...(raw ? { raw } : {}) };
}

/** Every token the summary moves, for the caller to look up: TRC20 contracts (hex) and TRC10 ids. */
export function tokensMoved(summary: EnvelopeSummary): { trc20: string[]; trc10: string[] } {
  const lines = [...summary.amounts, ...(summary.call?.decoded?.effects ?? [])];
  return {
    trc20: [...new Set(lines.flatMap((l) => (l.asset === 'TRC20' ? [l.contract] : [])))],
    trc10: [...new Set(lines.flatMap((l) => (l.asset === 'TRC10' ? [l.tokenId] : [])))],
  };
}

function effects(summary: EnvelopeSummary): readonly AmountLine[] {
  return summary.call?.decoded?.effects ?? [];
}

/** One line: "Send 2.5 TRX to Carol". */
export function headline(summary: EnvelopeSummary, names: Names, tokens: TokenFacts): string {
  const first = summary.amounts[0];
  const to = summary.recipients[0] ? names.short(summary.recipients[0]) : '';
  const resource = RESOURCE[summary.details.resource ?? ''] ?? 'bandwidth';
  switch (summary.contractType) {
    case 'TransferContract':
    case 'TransferAssetContract':
      return first ? `Send ${amountText(first, tokens)} to ${to}` : `Send to ${to}`;
    case 'TriggerSmartContract': {
      const effect = effects(summary)[0];
      if (effect && effect.asset === 'TRC20') {
        return effect.role === 'approve'
          ? `Approve ${names.short(effect.to)} to spend ${amountText(effect, tokens)}`
          : `Send ${amountText(effect, tokens)} to ${names.short(effect.to)}`;
      }
      const call = summary.call;
      const what = call?.decoded
        ? call.decoded.signature
        : call?.selector
          ? `function 0x${call.selector}`
          : 'the fallback function';
      return `Call ${what} on ${names.short(call?.contract ?? '')}`;
    }
    case 'AccountPermissionUpdateContract':
      return `Change the permissions of ${names.short(summary.owner)}`;
    case 'FreezeBalanceV2Contract':
      return `Stake ${first ? amountText(first, tokens) : ''} for ${resource}`;
    case 'UnfreezeBalanceV2Contract':
      return `Unstake ${first ? amountText(first, tokens) : ''} of ${resource}`;
    case 'DelegateResourceContract':
      return `Delegate ${first ? amountText(first, tokens) : ''} of ${resource} to ${to}`;
    case 'UnDelegateResourceContract':
      return `Take back ${first ? amountText(first, tokens) : ''} of ${resource} from ${to}`;
    case 'VoteWitnessContract':
      return `Vote for ${summary.votes?.length ?? 0} representative(s)`;
    case 'CreateSmartContract':
      return 'Deploy a smart contract';
    case 'WithdrawBalanceContract':
      return 'Claim voting rewards';
    case 'WithdrawExpireUnfreezeContract':
      return 'Withdraw unstaked TRX';
    default:
      return summary.contractType;
  }
}

function describeSnapshot(p: PermissionSnapshot, names: Names): SummaryLine {
  const keys = p.keys.map((k) => `${names.label(k.address)} (weight ${k.weight})`).join(', ');
  const title = p.type === 'Active' ? `Active ${p.id} “${p.name}”` : `${p.type} “${p.name}”`;
  let operations = '';
  if (p.operations) {
    const decoded = decodeOperations(p.operations);
    operations = `; may: ${decoded.types.map((t) => operationLabel(t)).join(', ') || 'nothing'}${decoded.unknownBits.length ? `; unknown bits ${decoded.unknownBits.join(', ')}` : ''}`;
  }
  return { label: title, value: `threshold ${p.threshold}: ${keys}${operations}` };
}

export function summaryLines(envelope: Envelope, names: Names, tokens: TokenFacts): SummaryLine[] {
  const s = envelope.summary;
  const lines: SummaryLine[] = [
    { label: 'Transaction', value: s.contractType },
    { label: 'From', value: names.label(s.owner) },
    {
      label: 'Signed under',
      value: envelope.permission ? permissionHeading(envelope.permission) : `permission ${s.permissionId}`,
    },
  ];
  for (const amount of s.amounts) lines.push(amountLine(ROLE[amount.role], amount, tokens));
  for (const effect of effects(s)) {
    if (effect.asset === 'TRC20')
      lines.push(
        amountLine(
          `${ROLE[effect.role]} (TRC20)`,
          effect,
          tokens,
          ` ${effect.role === 'approve' ? 'for' : 'to'} ${names.label(effect.to)}`,
        ),
      );
  }
  if (s.recipients.length > 0 && s.contractType !== 'VoteWitnessContract') {
    lines.push({
      label: s.contractType === 'TriggerSmartContract' ? 'Contract' : 'Recipient',
      value: s.recipients.map((r) => names.label(r)).join(', '),
    });
  }
  for (const vote of s.votes ?? [])
    lines.push({ label: 'Votes', value: `${names.label(vote.address)}: ${vote.count}` });
  if (s.feeLimitSun !== undefined)
    lines.push({ label: 'Fee limit', value: formatTrx(BigInt(s.feeLimitSun), { group: true, withUnit: true }) });
  if (s.memo) lines.push({ label: 'Memo', value: s.memo.text ?? `hex ${s.memo.hex}` });
  for (const [key, value] of Object.entries(s.details)) lines.push({ label: key, value });
  lines.push({ label: 'Expires', value: `${new Date(Number(s.expiration)).toISOString()} (chain time)` });
  lines.push({ label: 'Transaction id', value: envelope.transaction.txID });
  return lines;
}

const HEX_ADDRESS = /^41[0-9a-f]{40}$/i;

/** A decoded argument as people read it: addresses (also inside arrays) in Base58. */
function argumentText(type: string, value: unknown): string {
  const base58 = (v: unknown): unknown => (typeof v === 'string' && HEX_ADDRESS.test(v) ? Names.base58(v) : v);
  if (type === 'address') return String(base58(value));
  if (type.startsWith('address[') && Array.isArray(value)) return JSON.stringify(value.map(base58));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The call's arguments, addresses in Base58; a token transfer's or approval's amount also in the
 * token's units ("250 USDT") when its decimals are known, the raw number kept beside it.
 */
export function callView(summary: EnvelopeSummary, tokens: TokenFacts = new Map()): CallView | null {
  const call = summary.call;
  if (!call) return null;
  const first = call.decoded?.effects[0];
  const effect = first?.asset === 'TRC20' && tokens.has(first.contract) ? first : null;
  const amountShown = effect ? amountText(effect, tokens) : null;
  return {
    contract: call.contract,
    selector: call.selector,
    data: call.data,
    signature: call.decoded?.signature ?? null,
    args: (call.decoded?.args ?? []).map((a) => ({
      name: a.name,
      type: a.type,
      value: argumentText(a.type, a.value),
      ...(amountShown && a.type === 'uint256' && String(a.value) === effect?.amount ? { shown: amountShown } : {}),
    })),
  };
}

/**
 * The change, its diff (from the structure the envelope carries as it was before, to the one the
 * update sets), and the lockout findings of the new structure as this signer sees them.
 */
export function permissionChangeView(
  envelope: Envelope,
  names: Names,
  context: { known: readonly string[]; own: readonly string[] },
): PermissionChangeView | null {
  const change = envelope.summary.permissionChange;
  if (!change) return null;
  const after = change.after;
  const diff = envelope.accountPermissions
    ? diffPermissions(
        fromAccountPermissionsSnapshot(envelope.accountPermissions),
        fromAccountPermissionsSnapshot(after),
      )
    : null;
  const findings = analyzePermissions(fromAccountPermissionsSnapshot(after), {
    knownAddresses: context.known,
    ownAddresses: context.own,
  }).findings;
  // Every address the structures mention, named where this wallet knows it.
  const addresses = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && /^41[0-9a-f]{40}$/.test(value)) addresses.add(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(after);
  collect(diff);
  const directory = [...addresses].flatMap((address) => {
    const known = names.get(address);
    return known
      ? [{ address: Names.base58(address), name: known.name, source: known.source, canSign: known.accountId !== null }]
      : [];
  });
  return {
    directory,
    diff,
    findings: findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      permissionId: f.permissionId ?? null,
    })),
    after: [...(after.owner ? [after.owner] : []), ...(after.witness ? [after.witness] : []), ...after.actives].map(
      (p) => describeSnapshot(p, names),
    ),
  };
}
