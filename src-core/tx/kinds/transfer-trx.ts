import * as builders from '../builders';
import { AddressSchema, PositiveSunSchema, requestSchema } from './fields';
import { b58, built, defineKind, fromLine, trx } from './kind';

/** TransferContract: TRX from the owner to an address (activating it when new). */
export const transferTrx = defineKind({
  kind: 'trx-transfer',
  contractType: 'TransferContract',
  runsCode: false,
  schema: requestSchema('trx-transfer', { to: AddressSchema, amountSun: PositiveSunSchema }),
  form: {
    title: 'Send TRX',
    group: 'Transfers',
    description: 'Send TRX to an address. A new address is activated, which costs 1 TRX more.',
    fields: [
      { key: 'to', label: 'Recipient', type: 'address' },
      { key: 'amount', label: 'Amount (TRX)', type: 'trx' },
      {
        key: 'memo',
        label: 'Memo',
        type: 'memo',
        optional: true,
        hint: 'Stored on chain in raw_data.data; a memo costs the memo fee (1 TRX on mainnet).',
      },
    ],
  },
  plan: (request) => ({
    spec: built(() => builders.transferContract({ owner: request.owner, to: request.to, amount: request.amountSun })),
    recipient: request.to,
    summary: [
      fromLine(request.owner),
      { label: 'To', value: b58(request.to) },
      { label: 'Amount', value: trx(request.amountSun) },
    ],
  }),
});
