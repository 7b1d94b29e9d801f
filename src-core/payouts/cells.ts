import { addressToBytes, toBase58Address } from '../address/address';
import type { Base58Address } from '../brand';
import { AddressError, AmountError } from '../errors';
import { INT64_MAX, parseUnits, UINT256_MAX } from '../units/amount';
import { PAYOUT_ISSUE, type PayoutAsset, type PayoutColumn, type PayoutIssueCode } from './format';
import type { PayoutLookups } from './lookups';

/** One cell's verdict: the value, or the issue code and the sentence after "Line n: ". */
export type Cell<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: PayoutIssueCode; readonly column: PayoutColumn; readonly why: string };

const bad = <T>(code: PayoutIssueCode, column: PayoutColumn, why: string): Cell<T> => ({
  ok: false,
  code,
  column,
  why,
});
const shown = (text: string) => (text.length > 48 ? `${text.slice(0, 45)}…` : text);
const BASE58_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** A T… address: a bad checksum is named as such, since it is the typo a person can look for. */
function address(text: string, column: PayoutColumn, what: string): Cell<Base58Address> {
  try {
    addressToBytes(text);
    return { ok: true, value: toBase58Address(text) };
  } catch (error) {
    if (!(error instanceof AddressError)) throw error;
    if (error.details?.cause === 'BASE58_BAD_CHECKSUM')
      return bad(
        PAYOUT_ISSUE.badChecksum,
        column,
        `${what} “${text}” has a bad checksum: a character was mistyped or changed; copy the address again.`,
      );
    return bad(PAYOUT_ISSUE.notAnAddress, column, `${what} “${shown(text)}” is not a TRON address (T… Base58Check).`);
  }
}

/** A T… address, or a name in the address book that stands for exactly one address. */
export function recipientCell(
  text: string,
  lookups: PayoutLookups,
): Cell<{ address: Base58Address; name: string | null }> {
  if (BASE58_ADDRESS.test(text)) {
    const cell = address(text, 'recipient', 'The recipient');
    return cell.ok ? { ok: true, value: { address: cell.value, name: null } } : cell;
  }
  if (/^(0x)?41[0-9a-fA-F]{40}$/.test(text))
    return bad(PAYOUT_ISSUE.notAnAddress, 'recipient', `the recipient “${text}” is hex; write its T… Base58 form.`);
  const found = lookups.addressesNamed(text);
  if (found.length === 0)
    return bad(
      PAYOUT_ISSUE.unknownName,
      'recipient',
      `no address-book entry is named “${shown(text)}”; write the T… address or add the name to the address book.`,
    );
  if (found.length > 1)
    return bad(
      PAYOUT_ISSUE.ambiguousName,
      'recipient',
      `${found.length} address-book entries are named “${shown(text)}”; write the T… address of the one meant.`,
    );
  const cell = address(found[0]!, 'recipient', `The address saved for “${shown(text)}”`);
  return cell.ok ? { ok: true, value: { address: cell.value, name: text } } : cell;
}

/** Asks each distinct key once, however many rows name it. */
export function memo<T>(ask: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const asked = new Map<string, Promise<T>>();
  return (key) => {
    let answer = asked.get(key);
    if (!answer) {
      answer = ask(key);
      asked.set(key, answer);
    }
    return answer;
  };
}

export interface AssetLookups {
  readonly watchedWithSymbol: PayoutLookups['watchedWithSymbol'];
  readonly trc20: PayoutLookups['trc20'];
  readonly trc10: PayoutLookups['trc10'];
}

/** `TRX`, a TRC-10 id, a TRC-20 contract address, or the symbol of one watched TRC-20 token. */
export async function assetCell(text: string, lookups: AssetLookups): Promise<Cell<PayoutAsset>> {
  if (text.toUpperCase() === 'TRX') return { ok: true, value: { type: 'trx', symbol: 'TRX', decimals: 6 } };
  if (/^\d+$/.test(text)) {
    const facts = /^[1-9]\d{0,18}$/.test(text) ? await lookups.trc10(text) : null;
    if (!facts)
      return bad(
        PAYOUT_ISSUE.unknownToken,
        'asset',
        `there is no TRC-10 token with id ${shown(text)} on this network.`,
      );
    return {
      ok: true,
      value: { type: 'trc10', tokenId: text, symbol: facts.abbr || `TRC-10 ${text}`, decimals: facts.precision },
    };
  }
  if (BASE58_ADDRESS.test(text)) {
    const cell = address(text, 'asset', 'The token contract');
    if (!cell.ok) return cell;
    const facts = await lookups.trc20(cell.value);
    if (!facts)
      return bad(
        PAYOUT_ISSUE.unknownToken,
        'asset',
        `no TRC-20 token answers at ${cell.value} on this network (it must answer decimals()).`,
      );
    return { ok: true, value: { type: 'trc20', contract: cell.value, symbol: facts.symbol, decimals: facts.decimals } };
  }
  const watched = lookups.watchedWithSymbol(text);
  if (watched.length === 0)
    return bad(
      PAYOUT_ISSUE.unknownToken,
      'asset',
      `“${shown(text)}” is not TRX, a TRC-10 id or the symbol of a watched TRC-20 token; ` +
        "write the token's contract address or watch the token first.",
    );
  if (watched.length > 1)
    return bad(
      PAYOUT_ISSUE.ambiguousToken,
      'asset',
      `${watched.length} watched tokens have the symbol “${shown(text)}”; ` +
        'write the contract address of the one meant.',
    );
  const token = watched[0]!;
  const cell = address(token.address, 'asset', `The contract watched as “${shown(text)}”`);
  if (!cell.ok) return cell;
  return { ok: true, value: { type: 'trc20', contract: cell.value, symbol: token.symbol, decimals: token.decimals } };
}

const AMOUNT_CODE: Partial<Record<string, PayoutIssueCode>> = {
  AMOUNT_NEGATIVE: PAYOUT_ISSUE.notPositive,
  AMOUNT_ZERO: PAYOUT_ISSUE.notPositive,
  AMOUNT_TOO_MANY_DECIMALS: PAYOUT_ISSUE.tooManyDecimals,
  AMOUNT_TOO_LARGE: PAYOUT_ISSUE.tooLarge,
};

/**
 * The amount in units of the asset ("12.5" TRX is 12,500,000 sun): digits and one `.`, more than
 * zero, no more decimals than the asset has, within int64 (TRX, TRC-10) or uint256 (TRC-20).
 * Without a known asset only the form and the sign can be checked.
 */
export function amountCell(text: string, asset: PayoutAsset | null): Cell<bigint> {
  const decimals = asset?.decimals ?? 255;
  const max = asset?.type === 'trc20' ? UINT256_MAX : asset ? INT64_MAX : UINT256_MAX * 10n ** 255n;
  try {
    return {
      ok: true,
      value: parseUnits(text, decimals, {
        allowZero: false,
        allowNegative: false,
        max,
        unit: asset?.symbol ?? 'token',
      }),
    };
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    const code = AMOUNT_CODE[error.code] ?? PAYOUT_ISSUE.badAmount;
    const why =
      code === PAYOUT_ISSUE.notPositive
        ? `the amount “${shown(text)}” must be more than zero.`
        : code === PAYOUT_ISSUE.tooManyDecimals
          ? `the amount “${shown(text)}” has too many decimals: ` +
            `${asset!.symbol} amounts have at most ${decimals} decimal places; round it.`
          : code === PAYOUT_ISSUE.tooLarge
            ? `the amount “${shown(text)}” is larger than a transfer of ${asset!.symbol} can carry.`
            : `the amount “${shown(text)}” is not a number; ` +
              'write digits with at most one “.”, e.g. 12.5 (no thousands separators).';
    return bad(code, 'amount', why);
  }
}
