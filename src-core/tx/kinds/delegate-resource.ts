import { z } from 'zod';
import type { SummaryLine } from './summary-line';
import * as builders from '../builders';
import { RESOURCE_FIELD } from './form';
import { AddressSchema, LockPeriodSchema, PositiveSunSchema, requestSchema, ResourceSchema } from './fields';
import { b58, built, defineKind, fromLine, RESOURCE_WORD, trx } from './kind';

/** DelegateResourceContract: lend the bandwidth or energy of part of the stake, optionally locked. */
export const delegateResource = defineKind({
  kind: 'delegate',
  contractType: 'DelegateResourceContract',
  runsCode: false,
  schema: requestSchema('delegate', {
    receiver: AddressSchema,
    amountSun: PositiveSunSchema,
    resource: ResourceSchema,
    lock: z.boolean({ error: 'must be true or false' }).optional(),
    lockPeriodBlocks: LockPeriodSchema.optional(),
  }),
  form: {
    title: 'Delegate resources',
    group: 'Staking and resources',
    description: 'Let another account use the bandwidth or energy of part of your stake.',
    fields: [
      { key: 'receiver', label: 'Receiver', type: 'address' },
      { key: 'amount', label: 'Stake to delegate (TRX)', type: 'trx' },
      RESOURCE_FIELD,
      {
        key: 'lock',
        label: 'Lock the delegation',
        type: 'checkbox',
        hint: 'A locked delegation cannot be reclaimed before its period ends.',
      },
      {
        key: 'lockPeriod',
        label: 'Lock period (blocks)',
        type: 'blocks',
        optional: true,
        hint: '3 seconds per block; 28,800 blocks = 1 day. Empty = the default of 3 days.',
        min: 1n,
        what: 'The lock period',
        onlyWith: 'lock',
      },
    ],
  },
  plan(request) {
    const lockLine: SummaryLine[] = request.lock
      ? [{ label: 'Lock', value: request.lockPeriodBlocks ? `${request.lockPeriodBlocks} blocks` : 'default period' }]
      : [];
    return {
      spec: built(() =>
        builders.delegateResourceContract({
          owner: request.owner,
          receiver: request.receiver,
          amount: request.amountSun,
          resource: request.resource,
          ...(request.lock ? { lock: true } : {}),
          ...(request.lock && request.lockPeriodBlocks !== undefined
            ? { lockPeriodBlocks: request.lockPeriodBlocks }
            : {}),
        }),
      ),
      summary: [
        fromLine(request.owner),
        { label: 'Delegate', value: `${RESOURCE_WORD[request.resource]} of ${trx(request.amountSun)} staked` },
        { label: 'To', value: b58(request.receiver) },
        ...lockLine,
      ],
    };
  },
});
