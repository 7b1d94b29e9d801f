import type { ChainAccount } from '../../src-core/ipc/channels/accounts';
import type { TxKind } from '../../src-core/ipc/channels/tx';
import { formatTrx, formatUnits } from '../../src-core/units';

/**
 * What the sending account has of the asset an amount field spends, so the form can show it, offer
 * Max, and refuse a larger amount as it is typed. Amounts are base units: sun for TRX.
 */
export interface Holding {
  /** What the account has, in base units. */
  readonly amount: bigint;
  readonly decimals: number;
  readonly symbol: string;
  /** How the sentence says what the account has: "holds", "has staked for energy". */
  readonly has: string;
  /** The amount Max fills in: `amount` less what it keeps aside for fees (never below zero). */
  readonly max: bigint;
  /** The TRX Max keeps aside for this transaction's fees, in sun, and the sentence that says so. */
  readonly keptAsideSun: bigint;
  readonly keptAsideNote: string | null;
}

/**
 * Fee figures for the reserve, as mainnet sets them (java-tron DynamicPropertiesStore defaults as
 * voted: getTransactionFee 1,000 sun per byte, getCreateNewAccountFeeInSystemContract 1 TRX plus
 * getCreateAccountFee 0.1 TRX, getMemoFee 1 TRX, getMultiSignFee 1 TRX).
 */
export const FEE_FIGURES = {
  sunPerByte: 1_000n,
  /** A transfer's raw_data and framing; each signature adds 65 bytes plus its framing. */
  baseBytes: 200n,
  bytesPerSignature: 67n,
  activationSun: 1_100_000n,
  memoSun: 1_000_000n,
  multiSignSun: 1_000_000n,
} as const;

export interface ReserveInput {
  readonly kind: TxKind;
  /** The memo as typed (its bytes are paid as bandwidth, and it costs the memo fee). */
  readonly memo?: string;
  /** Signatures the transaction will carry; more than one adds the multi-signature fee. */
  readonly signatures?: number;
}

/** The burn Max keeps aside for TRX: bandwidth bought with TRX, activation of a new recipient, memo, multi-sig. */
export function feeReserve(input: ReserveInput): { sun: bigint; note: string } {
  const memoBytes = BigInt(new TextEncoder().encode(input.memo ?? '').length);
  const signatures = BigInt(Math.max(1, input.signatures ?? 1));
  const bytes = FEE_FIGURES.baseBytes + memoBytes + FEE_FIGURES.bytesPerSignature * signatures;
  const parts: { sun: bigint; why: string }[] = [
    { sun: bytes * FEE_FIGURES.sunPerByte, why: `bandwidth (${bytes} bytes)` },
  ];
  if (input.kind === 'trx-transfer')
    parts.push({ sun: FEE_FIGURES.activationSun, why: 'activation if the recipient is new' });
  if (memoBytes > 0n) parts.push({ sun: FEE_FIGURES.memoSun, why: 'the memo fee' });
  if (signatures > 1n) parts.push({ sun: FEE_FIGURES.multiSignSun, why: 'the multi-signature fee' });
  const sun = parts.reduce((sum, p) => sum + p.sun, 0n);
  const trx = (value: bigint) => formatTrx(value, { group: true, withUnit: true });
  return {
    sun,
    note: `Max keeps ${trx(sun)} aside for fees: ${parts.map((p) => `${trx(p.sun)} ${p.why}`).join(', ')}.`,
  };
}

/** A TRC20 or TRC10 token being sent: its facts and the account's balance of it, when read. */
export interface TokenHolding {
  readonly decimals: number;
  readonly symbol: string;
  readonly balance: bigint | null;
}

/**
 * The holding behind `kind`'s amount field, or null when the kind spends nothing the account
 * holds (or the figure is not known yet).
 */
export function holdingFor(
  kind: TxKind,
  account: ChainAccount | null | undefined,
  options: { resource?: string; token?: TokenHolding | null; memo?: string; signatures?: number } = {},
): Holding | null {
  if (!account) return null;
  const plain = (amount: bigint, decimals: number, symbol: string, has: string): Holding => ({
    amount,
    decimals,
    symbol,
    has,
    max: amount,
    keptAsideSun: 0n,
    keptAsideNote: null,
  });
  switch (kind) {
    case 'trx-transfer':
    case 'freeze': {
      const reserve = feeReserve({ kind, ...options });
      const balance = account.balanceSun;
      return {
        amount: balance,
        decimals: 6,
        symbol: 'TRX',
        has: 'holds',
        max: balance > reserve.sun ? balance - reserve.sun : 0n,
        keptAsideSun: reserve.sun,
        keptAsideNote: reserve.note,
      };
    }
    case 'unfreeze':
    case 'delegate': {
      if (!account.staked) return null;
      const energy = options.resource === 'ENERGY';
      const staked = energy ? account.staked.energySun : account.staked.bandwidthSun;
      return plain(staked, 6, 'TRX', `has staked for ${energy ? 'energy' : 'bandwidth'}`);
    }
    case 'trc20-transfer':
    case 'trc10-transfer': {
      const token = options.token;
      if (!token || token.balance === null) return null;
      return plain(token.balance, token.decimals, token.symbol, 'holds');
    }
    default:
      return null;
  }
}

/** "999,900 TRX", "1,250.5 USDT". */
export function formatHolding(amount: bigint, holding: Pick<Holding, 'decimals' | 'symbol'>): string {
  return `${formatUnits(amount, holding.decimals, { group: true })} ${holding.symbol}`;
}

/** The refusal of an amount above the holding, or null when it fits. */
export function aboveHolding(amount: bigint, holding: Holding): string | null {
  if (amount <= holding.amount) return null;
  return (
    `The account ${holding.has} ${formatHolding(holding.amount, holding)}; ` +
    `this is ${formatHolding(amount - holding.amount, holding)} more than it has.`
  );
}
