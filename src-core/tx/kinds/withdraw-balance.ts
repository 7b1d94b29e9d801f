import * as builders from '../builders';
import { requestSchema } from './fields';
import { built, defineKind, fromLine } from './kind';

/** WithdrawBalanceContract: claim the rewards votes earned. */
export const withdrawBalance = defineKind({
  kind: 'withdraw-rewards',
  contractType: 'WithdrawBalanceContract',
  runsCode: false,
  schema: requestSchema('withdraw-rewards', {}),
  form: {
    title: 'Claim voting rewards',
    group: 'Voting',
    description: 'Withdraw the rewards your votes earned (at most once per 24 hours).',
    fields: [],
  },
  plan: (request) => ({
    spec: built(() => builders.withdrawBalanceContract({ owner: request.owner })),
    summary: [fromLine(request.owner), { label: 'Action', value: 'Claim voting rewards' }],
  }),
});
