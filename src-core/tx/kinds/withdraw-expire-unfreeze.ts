import * as builders from '../builders';
import { requestSchema } from './fields';
import { built, defineKind, fromLine } from './kind';

/** WithdrawExpireUnfreezeContract: unstaked TRX whose waiting period is over, back to the balance. */
export const withdrawExpireUnfreeze = defineKind({
  kind: 'withdraw-unfreeze',
  contractType: 'WithdrawExpireUnfreezeContract',
  runsCode: false,
  schema: requestSchema('withdraw-unfreeze', {}),
  form: {
    title: 'Withdraw unstaked TRX',
    group: 'Staking and resources',
    description: 'Move unstaked TRX whose waiting period is over back to the balance.',
    fields: [],
  },
  plan: (request) => ({
    spec: built(() => builders.withdrawExpireUnfreezeContract({ owner: request.owner })),
    summary: [
      fromLine(request.owner),
      { label: 'Action', value: 'Withdraw unstaked TRX whose waiting period is over' },
    ],
  }),
});
