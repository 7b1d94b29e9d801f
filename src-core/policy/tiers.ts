import { formatAssetAmount, type AssetKey } from './asset';
import { POLICY_BREACH, type PolicyBreach } from './breach';
import type { PermissionRules } from './document';
import { toHexAddress } from '../address/address';
import { sameAddress } from './input';

/**
 * Above a tier's amount this desk signs only after K other keys have: signatures by the desk's own
 * key and repeated signers do not count. Every tier an amount exceeds applies; the strictest decides.
 */
export function checkTiers(
  rules: PermissionRules,
  outflows: ReadonlyMap<AssetKey, bigint>,
  approvedSigners: readonly string[],
  signer: string,
  label: string,
): PolicyBreach[] {
  const others = new Set<string>();
  for (const s of approvedSigners) if (!sameAddress(s, signer)) others.add(toHexAddress(s));
  const present = others.size;
  let strictest: { tier: PermissionRules['tiers'][number]; amount: bigint } | undefined;
  for (const tier of rules.tiers) {
    const amount = outflows.get(tier.asset) ?? 0n;
    if (amount > tier.above && present < tier.otherSignatures) {
      if (!strictest || tier.otherSignatures > strictest.tier.otherSignatures) strictest = { tier, amount };
    }
  }
  if (!strictest) return [];
  const { tier, amount } = strictest;
  const rule = rules.assets.find((a) => a.asset === tier.asset);
  const show = (units: bigint) => formatAssetAmount(units, tier.asset, rule);
  const need = tier.otherSignatures;
  return [
    {
      code: POLICY_BREACH.tierSignatures,
      message:
        `This payment of ${show(amount)} is above ${show(tier.above)}, so under the policy for ${label} ` +
        `${need} other key${need === 1 ? '' : 's'} must sign before this one; the envelope carries ${present}. ` +
        'Pass it to the other signers first.',
      details: { asset: tier.asset, amount, above: tier.above, required: need, present },
    },
  ];
}
