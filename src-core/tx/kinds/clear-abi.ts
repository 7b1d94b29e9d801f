import * as builders from '../builders';
import { AddressSchema, requestSchema } from './fields';
import { b58, built, defineKind, fromLine } from './kind';

/** ClearABIContract: remove the ABI stored on chain (deployer only); the code keeps running. */
export const clearAbi = defineKind({
  kind: 'clear-abi',
  contractType: 'ClearABIContract',
  runsCode: false,
  schema: requestSchema('clear-abi', { contract: AddressSchema }),
  form: {
    title: 'Clear a contract ABI',
    group: 'Contracts',
    description:
      'Remove the ABI stored on chain (deployer only). The contract keeps working; callers then need the ABI from you.',
    fields: [{ key: 'contract', label: 'Contract', type: 'address' }],
  },
  plan: (request) => ({
    spec: built(() => builders.clearAbiContract({ owner: request.owner, contract: request.contract })),
    summary: [
      fromLine(request.owner),
      { label: 'Contract', value: b58(request.contract) },
      {
        label: 'Action',
        value: 'Remove the ABI stored on chain (calls keep working; wallets must be given the ABI)',
      },
    ],
  }),
});
