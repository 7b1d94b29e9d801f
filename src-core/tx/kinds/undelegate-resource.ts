import * as builders from '../builders';
import { RESOURCE_FIELD } from './form';
import { AddressSchema, PositiveSunSchema, requestSchema, ResourceSchema } from './fields';
import { b58, built, defineKind, fromLine, RESOURCE_WORD, trx } from './kind';

/** UnDelegateResourceContract: take back resources lent to a receiver. */
export const undelegateResource = defineKind({
  kind: 'undelegate',
  contractType: 'UnDelegateResourceContract',
  runsCode: false,
  schema: requestSchema('undelegate', {
    receiver: AddressSchema,
    amountSun: PositiveSunSchema,
    resource: ResourceSchema,
  }),
  form: {
    title: 'Reclaim delegated resources',
    group: 'Staking and resources',
    description: 'Take back resources you delegated.',
    fields: [
      { key: 'receiver', label: 'Receiver', type: 'address' },
      { key: 'amount', label: 'Stake to reclaim (TRX)', type: 'trx' },
      RESOURCE_FIELD,
    ],
  },
  plan: (request) => ({
    spec: built(() =>
      builders.unDelegateResourceContract({
        owner: request.owner,
        receiver: request.receiver,
        amount: request.amountSun,
        resource: request.resource,
      }),
    ),
    summary: [
      fromLine(request.owner),
      { label: 'Reclaim', value: `${RESOURCE_WORD[request.resource]} of ${trx(request.amountSun)} staked` },
      { label: 'From', value: b58(request.receiver) },
    ],
  }),
});
