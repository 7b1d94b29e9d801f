import { toHexAddress } from '../../address/address';
import { encodeFunctionData } from '../../abi/calldata';
import { formatUnits } from '../../units/amount';
import * as builders from '../builders';
import { FEE_LIMIT_FIELD } from './form';
import { AddressSchema, FeeLimitTextSchema, requestSchema, TokenUnitsTextSchema } from './fields';
import { b58, baseUnits, built, defineKind, fromLine } from './kind';

export const TRC20_TRANSFER = 'transfer(address,uint256)';

/** TriggerSmartContract calling a token's transfer(address,uint256); decimals come from the token. */
export const trc20Transfer = defineKind({
  kind: 'trc20-transfer',
  contractType: 'TriggerSmartContract',
  runsCode: true,
  schema: requestSchema('trc20-transfer', {
    token: AddressSchema,
    to: AddressSchema,
    amount: TokenUnitsTextSchema,
    feeLimitSun: FeeLimitTextSchema.optional(),
  }),
  form: {
    title: 'Send a TRC20 token',
    group: 'Transfers',
    description: "Call the token contract's transfer(address,uint256); decimals are read from the contract.",
    fields: [
      { key: 'token', label: 'Token contract', type: 'address' },
      { key: 'to', label: 'Recipient', type: 'address' },
      {
        key: 'amount',
        label: 'Amount',
        type: 'token',
        needs: 'Enter the token contract first: its decimals are read from it.',
      },
      FEE_LIMIT_FIELD,
    ],
  },
  async plan(request, { reads }) {
    const token = await reads.trc20(request.token);
    const data = encodeFunctionData(TRC20_TRANSFER, [toHexAddress(request.to), request.amount]);
    return {
      spec: built(() => builders.triggerSmartContract({ owner: request.owner, contract: request.token, data })),
      execution: { contract: request.token, data, callValue: 0n },
      ...(request.feeLimitSun !== undefined ? { feeLimit: request.feeLimitSun } : {}),
      abi: TRC20_ABI,
      trc20: {
        token: request.token,
        to: request.to,
        amount: request.amount,
        symbol: token.symbol,
        decimals: token.decimals,
      },
      summary: [
        fromLine(request.owner),
        { label: 'To', value: b58(request.to) },
        { label: 'Token', value: `${token.symbol} (${b58(request.token)})` },
        {
          label: 'Amount',
          value: `${formatUnits(request.amount, token.decimals, { group: true })} ${token.symbol}`,
          raw: baseUnits(request.amount),
        },
      ],
    };
  },
});

/** The standard TRC20 ABI, enough to decode transfers and approvals. */
export const TRC20_ABI: Record<string, unknown>[] = [
  { type: 'function', name: 'name', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'symbol', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'decimals', inputs: [], outputs: [{ name: '', type: 'uint8' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'totalSupply',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'event',
    name: 'Transfer',
    anonymous: false,
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'Approval',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'spender', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
];
