import * as builders from '../builders';
import { requestSchema } from './fields';
import { built, defineKind, fromLine } from './kind';

/** CancelAllUnfreezeV2Contract: re-stake every pending unstake; matured ones are withdrawn. */
export const cancelAllUnfreezeV2 = defineKind({
  kind: 'cancel-unfreezes',
  contractType: 'CancelAllUnfreezeV2Contract',
  runsCode: false,
  schema: requestSchema('cancel-unfreezes', {}),
  form: {
    title: 'Cancel all unstaking',
    group: 'Staking and resources',
    description: 'Stake again every amount still waiting; amounts already matured are withdrawn.',
    fields: [],
  },
  plan: (request) => ({
    spec: built(() => builders.cancelAllUnfreezeV2Contract({ owner: request.owner })),
    summary: [
      fromLine(request.owner),
      { label: 'Action', value: 'Cancel every pending unstake (matured ones are withdrawn)' },
    ],
  }),
});
