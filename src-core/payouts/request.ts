import type { Base58Address } from '../brand';
import { transferTrc10 } from '../tx/kinds/transfer-trc10';
import { transferTrx } from '../tx/kinds/transfer-trx';
import { trc20Transfer } from '../tx/kinds/trc20-transfer';
import type { PayoutAsset, PayoutRequest } from './format';

/**
 * The transaction request a payout row becomes, checked by its kind's own schema (the one the
 * builder takes): TRX as a TransferContract, a TRC-10 token as a TransferAssetContract, a TRC-20
 * token as a call of transfer(address,uint256). The memo goes into raw_data.data, as the builder
 * writes it for every kind.
 */
export function payoutRequest(input: {
  owner: string;
  to: Base58Address;
  asset: PayoutAsset;
  amount: bigint;
  memo: string;
}): PayoutRequest {
  const common = { owner: input.owner, to: input.to, ...(input.memo !== '' ? { memo: input.memo } : {}) };
  const asset = input.asset;
  if (asset.type === 'trx')
    return transferTrx.schema.parse({ kind: 'trx-transfer', ...common, amountSun: input.amount.toString() });
  if (asset.type === 'trc10')
    return transferTrc10.schema.parse({
      kind: 'trc10-transfer',
      ...common,
      tokenId: asset.tokenId,
      amount: input.amount.toString(),
    });
  return trc20Transfer.schema.parse({
    kind: 'trc20-transfer',
    ...common,
    token: asset.contract,
    amount: input.amount.toString(),
  });
}
