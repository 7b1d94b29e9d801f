import { encodeFunctionData, toFunctionFragment } from '../../abi/calldata';
import { findFunction, type FunctionFragment } from '../../abi/fragments';
import { ValidationError } from '../../errors';
import * as builders from '../builders';
import { FEE_LIMIT_FIELD } from './form';
import {
  AbiArgsSchema,
  AbiTextSchema,
  AddressSchema,
  FeeLimitTextSchema,
  FunctionSchema,
  requestSchema,
  SunTextSchema,
  TokenIdSchema,
} from './fields';
import { abiProblem, b58, built, defineKind, fromLine, trx, type ParsedAbi } from './kind';

/** TriggerSmartContract: a state-changing call, with the chain's ABI or one pasted when it was cleared. */
export const triggerSmartContract = defineKind({
  kind: 'call',
  contractType: 'TriggerSmartContract',
  runsCode: true,
  schema: requestSchema('call', {
    contract: AddressSchema,
    function: FunctionSchema,
    /** ABI text when the chain has none (cleared); otherwise read from the chain. */
    abi: AbiTextSchema.optional(),
    args: AbiArgsSchema.default([]),
    callValueSun: SunTextSchema.optional(),
    tokenValue: SunTextSchema.optional(),
    tokenId: TokenIdSchema.optional(),
    feeLimitSun: FeeLimitTextSchema.optional(),
  }),
  form: {
    title: 'Call a contract',
    group: 'Contracts',
    description: 'Call a function that changes state. View functions are read on the Contracts screen at no cost.',
    fields: [
      { key: 'contract', label: 'Contract', type: 'address' },
      {
        key: 'abi',
        label: 'ABI (JSON)',
        type: 'abi',
        optional: true,
        hint: "Only when the contract's ABI was cleared from the chain: paste it here.",
      },
      { key: 'function', label: 'Function', type: 'function' },
      { key: 'callValue', label: 'Call value (TRX)', type: 'callValue', optional: true },
      { key: 'tokenId', label: 'TRC10 token id to send', type: 'tokenId', optional: true },
      {
        key: 'tokenValue',
        label: 'TRC10 amount to send',
        type: 'tokenValue',
        optional: true,
        together: { key: 'tokenId', message: 'Give both the TRC10 token id and the amount, or neither.' },
      },
      FEE_LIMIT_FIELD,
    ],
    args: 'function',
  },
  async plan(request, context) {
    let parsed: ParsedAbi | null = null;
    if (request.abi !== undefined) parsed = context.parseAbiText(request.abi);
    else {
      const entries = await context.reads.contractAbi(request.contract);
      if (entries === null)
        throw new ValidationError(
          'TX_NO_CONTRACT',
          `There is no contract at ${b58(request.contract)} on this network.`,
          {
            field: 'contract',
          },
        );
      if (entries.length > 0) parsed = context.parseAbiText(JSON.stringify(entries), 'The contract ABI');
    }
    let fragment: FunctionFragment;
    try {
      fragment = parsed ? findFunction(parsed.abi, request.function) : signatureOnly(request.function);
    } catch (error) {
      abiProblem(error, 'The function cannot be found');
    }
    let data: string;
    try {
      data = encodeFunctionData(fragment, request.args);
    } catch (error) {
      abiProblem(error, `The arguments do not fit ${fragment.signature}`);
    }
    const callValue = request.callValueSun ?? 0n;
    const tokenId = request.tokenId !== undefined ? BigInt(request.tokenId) : undefined;
    const spec = built(() =>
      builders.triggerSmartContract({
        owner: request.owner,
        contract: request.contract,
        data,
        callValue,
        ...(request.tokenValue ? { tokenValue: request.tokenValue } : {}),
        ...(tokenId ? { tokenId } : {}),
      }),
    );
    return {
      spec,
      execution: {
        contract: request.contract,
        data,
        callValue,
        ...(request.tokenValue ? { tokenValue: request.tokenValue } : {}),
        ...(tokenId ? { tokenId } : {}),
      },
      ...(request.feeLimitSun !== undefined ? { feeLimit: request.feeLimitSun } : {}),
      ...(parsed ? { abi: parsed.entries } : {}),
      summary: [
        fromLine(request.owner),
        { label: 'Contract', value: b58(request.contract) },
        { label: 'Function', value: fragment.signature },
        ...request.args.map((arg, i) => ({
          label: fragment.inputs[i]?.name || `Argument ${i + 1}`,
          value: typeof arg === 'string' ? arg : JSON.stringify(arg),
        })),
        ...(callValue > 0n ? [{ label: 'Call value', value: trx(callValue) }] : []),
        ...(request.tokenValue
          ? [{ label: 'Token value', value: `${request.tokenValue} of TRC10 ${request.tokenId ?? '?'}` }]
          : []),
      ],
    };
  },
});

function signatureOnly(signature: string): FunctionFragment {
  if (!signature.includes('(')) {
    throw new ValidationError(
      'TX_NO_ABI',
      'This contract has no ABI on chain: paste its ABI, or give the full signature such as transfer(address,uint256).',
      { field: 'function' },
    );
  }
  return toFunctionFragment(signature.replace(/^\s*function\s+/, ''));
}
