import { assetKey, type PayoutAsset, type PayoutRow } from './format';

export interface AssetTotal {
  /** `TRX`, `trc10:<id>` or `trc20:<contract>` (format.ts `assetKey`). */
  readonly key: string;
  readonly asset: PayoutAsset;
  readonly count: number;
  /** In the asset's base units. */
  readonly total: bigint;
}

/** Count and sum per asset, in the order each asset first appears in the file. */
export function assetTotals(rows: readonly Pick<PayoutRow, 'asset' | 'amount'>[]): AssetTotal[] {
  const byKey = new Map<string, { asset: PayoutAsset; count: number; total: bigint }>();
  for (const row of rows) {
    const key = assetKey(row.asset);
    const entry = byKey.get(key) ?? { asset: row.asset, count: 0, total: 0n };
    entry.count += 1;
    entry.total += row.amount;
    byKey.set(key, entry);
  }
  return [...byKey].map(([key, entry]) => ({ key, ...entry }));
}
