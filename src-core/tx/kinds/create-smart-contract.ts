import { z } from 'zod';
import { encodeDeployData } from '../../abi/calldata';
import * as builders from '../builders';
import { FEE_LIMIT_FIELD } from './form';
import {
  AbiArgsSchema,
  AbiTextSchema,
  FeeLimitTextSchema,
  HexSchema,
  PercentSchema,
  PositiveSunSchema,
  requestSchema,
  SunTextSchema,
} from './fields';
import { abiProblem, built, defineKind, fromLine, trx } from './kind';

/** CreateSmartContract: deploy bytecode with its ABI and constructor arguments. */
export const createSmartContract = defineKind({
  kind: 'deploy',
  contractType: 'CreateSmartContract',
  runsCode: true,
  schema: requestSchema('deploy', {
    abi: AbiTextSchema,
    bytecode: HexSchema.refine((text) => text.replace(/^0x/, '').length > 0, 'must not be empty'),
    args: AbiArgsSchema.default([]),
    name: z.string({ error: 'must be text' }).max(32, 'must be at most 32 characters').optional(),
    callValueSun: SunTextSchema.optional(),
    consumeUserResourcePercent: PercentSchema,
    originEnergyLimit: PositiveSunSchema,
    feeLimitSun: FeeLimitTextSchema.optional(),
  }),
  form: {
    title: 'Deploy a contract',
    group: 'Contracts',
    description: 'Deploy compiled bytecode with its ABI. Load a compiler artifact or paste both.',
    fields: [
      { key: 'name', label: 'Contract name', type: 'name', optional: true },
      { key: 'abi', label: 'ABI (JSON)', type: 'abi' },
      { key: 'bytecode', label: 'Bytecode (hex)', type: 'bytecode' },
      {
        key: 'callValue',
        label: 'Call value (TRX)',
        type: 'callValue',
        optional: true,
        hint: 'TRX sent to the constructor (it must be payable).',
      },
      {
        key: 'percent',
        label: 'Caller pays (% of energy)',
        type: 'percent',
        hint: 'consume_user_resource_percent, 0 to 100: the rest comes from your staked energy.',
        initial: '100',
      },
      {
        key: 'originEnergyLimit',
        label: 'Your energy per call, at most',
        type: 'energy',
        hint: 'origin_energy_limit: the most of your energy one call may use.',
        initial: '10000000',
      },
      FEE_LIMIT_FIELD,
    ],
    args: 'constructor',
  },
  plan(request, context) {
    const parsed = context.parseAbiText(request.abi);
    let data: string;
    try {
      data = encodeDeployData(request.bytecode, parsed.abi, request.args);
    } catch (error) {
      abiProblem(error, 'The constructor arguments do not fit the constructor');
    }
    const callValue = request.callValueSun ?? 0n;
    const spec = built(() =>
      builders.createSmartContract({
        owner: request.owner,
        abi: parsed.entries,
        bytecode: data,
        ...(request.name ? { name: request.name } : {}),
        callValue,
        consumeUserResourcePercent: request.consumeUserResourcePercent,
        originEnergyLimit: request.originEnergyLimit,
      }),
    );
    return {
      spec,
      execution: { data, callValue },
      ...(request.feeLimitSun !== undefined ? { feeLimit: request.feeLimitSun } : {}),
      abi: parsed.entries,
      summary: [
        fromLine(request.owner),
        { label: 'Deploy', value: request.name || 'a contract' },
        { label: 'Code', value: `${(data.length - (data.startsWith('0x') ? 2 : 0)) / 2} bytes` },
        { label: 'Caller pays', value: `${request.consumeUserResourcePercent} % of the energy` },
        { label: 'Deployer energy per call', value: `at most ${request.originEnergyLimit}` },
        ...(callValue > 0n ? [{ label: 'Call value', value: trx(callValue) }] : []),
      ],
    };
  },
});
