import { toHexAddress } from '../../../src-core/address/address';
import type { BlockRef } from '../../../src-core/client/types';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';
import { createBundle, type EnvelopeBundle, type StatedPayment } from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission/model';
import type { PayoutRow } from '../../../src-core/payouts/format';
import type { ChainReads } from '../../../src-main/wallet/chain-knowledge/chain-reads';
import { cachedPlanReads, rowPlans, rowTransaction } from '../../../src-main/wallet/payouts/plan-rows';
import type { PayoutPlan } from '../../../src-main/wallet/payouts/plan-types';

/** What the proposer states a row pays, in the bundle's terms (hex addresses, base units). */
function statedPayment(row: PayoutRow): StatedPayment {
  const common = { recipient: toHexAddress(row.recipient), amount: row.amount.toString(), reference: row.reference };
  if (row.asset.type === 'trc20') return { asset: 'TRC20', contract: toHexAddress(row.asset.contract), ...common };
  if (row.asset.type === 'trc10') return { asset: 'TRC10', tokenId: row.asset.tokenId, ...common };
  return { asset: 'TRX', ...common };
}

/**
 * The bundle a desk would propose from a plan: each row's transaction built as the plan builds it
 * (the head as reference block, the co-signing window, the plan's fee_limit on TRC-20 rows), under
 * `permission`, with the row's payment stated.
 */
export async function proposeBundle(input: {
  readonly client: TronNodeClient;
  readonly reads: ChainReads;
  readonly parameters: ChainParameters;
  readonly rows: readonly PayoutRow[];
  readonly plan: PayoutPlan;
  readonly permission: Permission;
  readonly network: { readonly name: string; readonly genesisBlockId: string };
}): Promise<EnvelopeBundle> {
  const plans = await rowPlans(input.rows, cachedPlanReads(input.reads, input.client));
  const refBlock: BlockRef = await input.client.getRefBlock();
  return createBundle({
    network: input.network,
    permission: input.permission,
    createdAt: refBlock.timestamp,
    rows: input.rows.map((row, i) => ({
      transaction: rowTransaction({
        plan: plans[i]!,
        row,
        index: i,
        refBlock,
        choice: {
          contractType: plans[i]!.spec.type as never,
          permission: input.permission,
          signers: [],
          needsCosigners: true,
        },
        feeLimit: input.plan.rows[i]!.feeLimitSun,
        parameters: input.parameters,
        chainMsPerWallMs: 1,
      }),
      statedPayment: statedPayment(row),
    })),
  });
}
