import type { Brand } from '../../src-core/brand';
import { LedgerError, LedgerErrorCode } from '../../src-core/errors';

/**
 * A BIP32 path in the text form hw-app-trx takes (`44'/195'/0'/0/0`, no `m/`), checked once:
 * every element a whole number below 2^31, hardened ones marked with `'`.
 */
export type LedgerPath = Brand<string, 'LedgerPath'>;

export const HARDENED_OFFSET = 0x8000_0000;
/** SLIP-44 coin type of TRON. */
export const TRON_COIN_TYPE = 195;
/** The Tron app reads at most this many path elements (app-tron parse.h MAX_BIP32_PATH). */
export const MAX_PATH_DEPTH = 10;
const MAX_INDEX = HARDENED_OFFSET - 1;

/**
 * The two layouts TRON wallets use on a Ledger. Ledger Live puts each account on its own hardened
 * account level; the legacy layout (TronLink, TronWeb, this wallet's own vault) keeps account 0 and
 * counts the last, unhardened index.
 */
export const LedgerPathScheme = {
  /** `44'/195'/i'/0/0` */
  ledgerLive: 'ledger-live',
  /** `44'/195'/0'/0/i` */
  legacy: 'legacy',
} as const;
export type LedgerPathScheme = (typeof LedgerPathScheme)[keyof typeof LedgerPathScheme];

function invalid(message: string, details: Record<string, unknown>): LedgerError {
  return new LedgerError(LedgerErrorCode.INVALID_REQUEST, message, details);
}

function assertIndex(index: number, what: string): void {
  if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX) {
    throw invalid(`The ${what} must be a whole number from 0 to ${MAX_INDEX}.`, { index });
  }
}

/** Ledger Live's layout: `44'/195'/account'/0/0`. */
export function ledgerLivePath(account: number): LedgerPath {
  assertIndex(account, 'Ledger Live account number');
  return `44'/${TRON_COIN_TYPE}'/${account}'/0/0` as LedgerPath;
}

/** The legacy layout: `44'/195'/0'/0/index`. */
export function legacyPath(index: number): LedgerPath {
  assertIndex(index, 'address index');
  return `44'/${TRON_COIN_TYPE}'/0'/0/${index}` as LedgerPath;
}

export function ledgerPathFor(scheme: LedgerPathScheme, index: number): LedgerPath {
  if (scheme === LedgerPathScheme.ledgerLive) return ledgerLivePath(index);
  if (scheme === LedgerPathScheme.legacy) return legacyPath(index);
  throw invalid(`Unknown derivation path scheme "${String(scheme)}".`, { scheme: String(scheme) });
}

/**
 * The path's elements as the 32-bit numbers the device reads (hardened ones with 2^31 added).
 * Accepts an optional `m/` prefix and `'`, `h` or `H` as the hardened mark. hw-app-trx skips
 * elements it cannot read instead of failing, so nothing reaches it without passing here.
 */
export function ledgerPathIndices(text: string): number[] {
  if (typeof text !== 'string' || text.trim() === '') throw invalid('The derivation path is empty.', {});
  const body = text.trim().replace(/^m\//, '');
  const parts = body.split('/');
  if (parts.length > MAX_PATH_DEPTH) {
    throw invalid(
      `The derivation path "${text}" has ${parts.length} levels; the Tron app reads at most ${MAX_PATH_DEPTH}.`,
      { path: text },
    );
  }
  return parts.map((part) => {
    const match = /^(\d{1,10})(['hH]?)$/.exec(part);
    const index = match ? Number(match[1]) : Number.NaN;
    if (!match || index > MAX_INDEX) {
      throw invalid(`The derivation path "${text}" has an unreadable level "${part}"; write it like 44'/195'/0'/0/0.`, {
        path: text,
      });
    }
    return match[2] ? index + HARDENED_OFFSET : index;
  });
}

export function ledgerPathFromIndices(indices: readonly number[]): LedgerPath {
  if (indices.length === 0 || indices.length > MAX_PATH_DEPTH) {
    throw invalid(`A derivation path has 1 to ${MAX_PATH_DEPTH} levels, got ${indices.length}.`, {
      levels: indices.length,
    });
  }
  return indices
    .map((value) => {
      if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff)
        throw invalid(`A path level must be a 32-bit number, got ${value}.`, { value });
      return value >= HARDENED_OFFSET ? `${value - HARDENED_OFFSET}'` : String(value);
    })
    .join('/') as LedgerPath;
}

/** Checks any accepted spelling and returns the canonical `44'/195'/0'/0/0` form. */
export function parseLedgerPath(text: string): LedgerPath {
  return ledgerPathFromIndices(ledgerPathIndices(text));
}
