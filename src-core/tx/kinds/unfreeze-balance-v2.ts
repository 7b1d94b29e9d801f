import * as builders from '../builders';
import { RESOURCE_FIELD } from './form';
import { PositiveSunSchema, requestSchema, ResourceSchema } from './fields';
import { built, defineKind, fromLine, RESOURCE_WORD, trx } from './kind';

/** UnfreezeBalanceV2Contract: start unstaking; the TRX waits out the unfreeze delay. */
export const unfreezeBalanceV2 = defineKind({
  kind: 'unfreeze',
  contractType: 'UnfreezeBalanceV2Contract',
  runsCode: false,
  schema: requestSchema('unfreeze', { amountSun: PositiveSunSchema, resource: ResourceSchema }),
  form: {
    title: 'Unstake TRX (unfreeze)',
    group: 'Staking and resources',
    description: 'Start unstaking; the TRX can be withdrawn after the waiting period (14 days on mainnet).',
    fields: [{ key: 'amount', label: 'Amount (TRX)', type: 'trx' }, RESOURCE_FIELD],
  },
  plan: (request) => ({
    spec: built(() =>
      builders.unfreezeBalanceV2Contract({
        owner: request.owner,
        amount: request.amountSun,
        resource: request.resource,
      }),
    ),
    summary: [
      fromLine(request.owner),
      { label: 'Unstake', value: trx(request.amountSun) },
      { label: 'From', value: `${RESOURCE_WORD[request.resource]} stake` },
    ],
  }),
});
