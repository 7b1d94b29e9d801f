import { toJsonSafe } from '../../../src-core/envelope/canonical';
import type { TxFacts } from '../block-facts';
import { addressField } from '../block-facts';
import { RULES, type AlertDraft } from '../types';
import { accountName, nameList, type RuleContext } from './context';

/** What each owner-only contract setting transaction changes (java-tron UpdateSettingContractActuator and kin). */
const SETTING_TYPES: Readonly<Record<string, (value: Readonly<Record<string, unknown>>) => string>> = {
  UpdateSettingContract: (v) => `its caller energy share was set to ${String(v.consume_user_resource_percent ?? 0)} %`,
  UpdateEnergyLimitContract: (v) =>
    `its origin energy limit was set to ${String(toJsonSafe(v.origin_energy_limit ?? 0))}`,
  ClearABIContract: () => 'its ABI was cleared',
};

/** updatesetting, updateenergylimit or clearabi on a watched contract, by whoever sent it. */
export function contractSettings(facts: TxFacts, ctx: RuleContext): AlertDraft[] {
  const describe = SETTING_TYPES[facts.type];
  if (!ctx.account.rules.contractSettings.enabled || describe === undefined) return [];
  if (addressField(facts.value.contract_address) !== ctx.account.address) return [];
  return [
    {
      rule: RULES.contractSettings,
      account: ctx.account.address,
      txid: facts.txid,
      title:
        `Contract ${accountName(ctx)}: ${describe(facts.value)} (by ` +
        `${nameList(ctx, facts.owner ? [facts.owner] : [])}).`,
      details: { contractType: facts.type, owner: facts.owner, value: toJsonSafe(facts.value) },
    },
  ];
}
