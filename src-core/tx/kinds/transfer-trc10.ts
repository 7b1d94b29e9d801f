import { formatUnits } from '../../units/amount';
import * as builders from '../builders';
import { AddressSchema, PositiveSunSchema, requestSchema, TokenIdSchema } from './fields';
import { b58, baseUnits, built, defineKind, fromLine } from './kind';

/** TransferAssetContract: a TRC10 token by its id; the amount is shown in the token's precision. */
export const transferTrc10 = defineKind({
  kind: 'trc10-transfer',
  contractType: 'TransferAssetContract',
  runsCode: false,
  schema: requestSchema('trc10-transfer', { to: AddressSchema, tokenId: TokenIdSchema, amount: PositiveSunSchema }),
  form: {
    title: 'Send a TRC10 token',
    group: 'Transfers',
    description: 'Send a first-generation token by its id.',
    fields: [
      { key: 'tokenId', label: 'Token id', type: 'tokenId' },
      { key: 'to', label: 'Recipient', type: 'address' },
      {
        key: 'amount',
        label: 'Amount',
        type: 'token',
        max: 2n ** 63n - 1n,
        needs: 'Enter a token id first: its precision sets the decimals.',
      },
    ],
  },
  async plan(request, { reads }) {
    const token = await reads.trc10(request.tokenId);
    const amount = token
      ? `${formatUnits(request.amount, token.precision, { group: true })} ${token.abbr || `token ${request.tokenId}`}`
      : `${request.amount} base units (unknown decimals) of token ${request.tokenId}`;
    return {
      spec: built(() =>
        builders.transferAssetContract({
          owner: request.owner,
          to: request.to,
          tokenId: request.tokenId,
          amount: request.amount,
        }),
      ),
      recipient: request.to,
      ...(token ? { trc10: { tokenId: request.tokenId, abbr: token.abbr, precision: token.precision } } : {}),
      summary: [
        fromLine(request.owner),
        { label: 'To', value: b58(request.to) },
        { label: 'Token', value: `TRC10 ${request.tokenId}` },
        { label: 'Amount', value: amount, ...(token ? { raw: baseUnits(request.amount) } : {}) },
      ],
    };
  },
});
