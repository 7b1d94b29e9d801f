import * as builders from '../builders';
import { RESOURCE_FIELD } from './form';
import { PositiveSunSchema, requestSchema, ResourceSchema } from './fields';
import { built, defineKind, fromLine, RESOURCE_WORD, trx } from './kind';

/** FreezeBalanceV2Contract: stake TRX for bandwidth or energy (Stake 2.0). */
export const freezeBalanceV2 = defineKind({
  kind: 'freeze',
  contractType: 'FreezeBalanceV2Contract',
  runsCode: false,
  schema: requestSchema('freeze', { amountSun: PositiveSunSchema, resource: ResourceSchema }),
  form: {
    title: 'Stake TRX (freeze)',
    group: 'Staking and resources',
    description: 'Stake TRX for bandwidth or energy (Stake 2.0). Staked TRX also gives votes.',
    fields: [
      {
        key: 'amount',
        label: 'Amount (TRX)',
        type: 'trx',
        hint: 'At least 1 TRX.',
        min: 1_000_000n,
        what: 'The amount to stake',
      },
      RESOURCE_FIELD,
    ],
  },
  plan: (request) => ({
    spec: built(() =>
      builders.freezeBalanceV2Contract({ owner: request.owner, amount: request.amountSun, resource: request.resource }),
    ),
    summary: [
      fromLine(request.owner),
      { label: 'Stake', value: trx(request.amountSun) },
      { label: 'For', value: RESOURCE_WORD[request.resource] },
    ],
  }),
});
