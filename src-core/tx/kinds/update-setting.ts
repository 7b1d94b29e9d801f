import * as builders from '../builders';
import { AddressSchema, PercentSchema, requestSchema } from './fields';
import { b58, built, defineKind, fromLine } from './kind';

/** UpdateSettingContract: a contract's consume_user_resource_percent (deployer only). */
export const updateSetting = defineKind({
  kind: 'update-setting',
  contractType: 'UpdateSettingContract',
  runsCode: false,
  schema: requestSchema('update-setting', { contract: AddressSchema, consumeUserResourcePercent: PercentSchema }),
  form: {
    title: 'Update the caller energy share',
    group: 'Contracts',
    description: "Change a contract's consume_user_resource_percent (deployer only).",
    fields: [
      { key: 'contract', label: 'Contract', type: 'address' },
      { key: 'percent', label: 'Caller pays (% of energy)', type: 'percent' },
    ],
  },
  plan: (request) => ({
    spec: built(() =>
      builders.updateSettingContract({
        owner: request.owner,
        contract: request.contract,
        consumeUserResourcePercent: request.consumeUserResourcePercent,
      }),
    ),
    summary: [
      fromLine(request.owner),
      { label: 'Contract', value: b58(request.contract) },
      { label: 'Caller pays', value: `${request.consumeUserResourcePercent} % of the energy` },
    ],
  }),
});
