import * as builders from '../builders';
import { AddressSchema, PositiveSunSchema, requestSchema } from './fields';
import { b58, built, defineKind, fromLine } from './kind';

/** UpdateEnergyLimitContract: a contract's origin_energy_limit (deployer only). */
export const updateEnergyLimit = defineKind({
  kind: 'update-energy-limit',
  contractType: 'UpdateEnergyLimitContract',
  runsCode: false,
  schema: requestSchema('update-energy-limit', { contract: AddressSchema, originEnergyLimit: PositiveSunSchema }),
  form: {
    title: 'Update the deployer energy limit',
    group: 'Contracts',
    description: "Change a contract's origin_energy_limit (deployer only).",
    fields: [
      { key: 'contract', label: 'Contract', type: 'address' },
      { key: 'originEnergyLimit', label: 'Your energy per call, at most', type: 'energy' },
    ],
  },
  plan: (request) => ({
    spec: built(() =>
      builders.updateEnergyLimitContract({
        owner: request.owner,
        contract: request.contract,
        originEnergyLimit: request.originEnergyLimit,
      }),
    ),
    summary: [
      fromLine(request.owner),
      { label: 'Contract', value: b58(request.contract) },
      { label: 'Deployer energy per call', value: `at most ${request.originEnergyLimit}` },
    ],
  }),
});
