import { z } from 'zod';
import { isValidAddress, toBase58Address } from '../address/address';
import { formatUnits, TRX_DECIMALS } from '../units';

/**
 * An asset as a policy names it, one text per asset so it can key a map and read well in a file:
 * `TRX`, `TRC10:<token id>` (java-tron's numeric asset id), or `TRC20:<contract T…>`.
 */
export type AssetKey = string;

const TRC10 = /^TRC10:[1-9][0-9]{0,18}$/;

export function isAssetKey(text: string): boolean {
  if (text === 'TRX' || TRC10.test(text)) return true;
  if (!text.startsWith('TRC20:')) return false;
  const contract = text.slice(6);
  return contract.startsWith('T') && isValidAddress(contract);
}

export const AssetKeySchema = z
  .string({ error: 'must be text' })
  .refine(isAssetKey, 'must be TRX, TRC10:<token id> or TRC20:<contract T… address>');

export const trxAsset = (): AssetKey => 'TRX';
export const trc10Asset = (tokenId: string): AssetKey => `TRC10:${tokenId}`;
export const trc20Asset = (contract: string): AssetKey => `TRC20:${toBase58Address(contract)}`;

/** How a person reads amounts of one asset: its symbol and decimals. */
export interface AssetDisplay {
  readonly symbol: string;
  readonly decimals: number;
}

/** TRX is fixed by the protocol; other assets show their symbol and decimals when the policy names them. */
export function formatAssetAmount(amount: bigint, asset: AssetKey, display: AssetDisplay | undefined): string {
  if (asset === 'TRX') return formatUnits(amount, TRX_DECIMALS, { group: true, unit: 'TRX' });
  if (display) return formatUnits(amount, display.decimals, { group: true, unit: display.symbol });
  return `${formatUnits(amount, 0, { group: true })} base units of ${asset}`;
}
