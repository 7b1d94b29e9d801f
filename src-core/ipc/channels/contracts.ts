import { z } from 'zod';
import { defineChannels } from '../define';
import { AddressSchema, TxIdSchema } from '../common';
import { DecodedLogSchema } from './tx';

/**
 * Smart contracts on the current network: load one by address (ABI from the chain, or pasted
 * when its ABI was cleared), call its view functions with decoded results, and decode the events
 * a transaction emitted. Nothing here changes the chain.
 */

const AbiTextSchema = z.string({ error: 'must be text' }).min(2, 'must be ABI JSON').max(1_000_000, 'is too long');

export const AbiParamViewSchema = z.object({
  name: z.string(),
  /** Canonical type, e.g. uint256, address[], (uint256,address). */
  type: z.string(),
  /** For tuples: the components, in order. */
  components: z.array(z.object({ name: z.string(), type: z.string() })).optional(),
});
export type AbiParamView = z.infer<typeof AbiParamViewSchema>;

export const FunctionViewSchema = z.object({
  name: z.string(),
  signature: z.string(),
  selector: z.string(),
  stateMutability: z.enum(['pure', 'view', 'nonpayable', 'payable']),
  inputs: z.array(AbiParamViewSchema),
  outputs: z.array(AbiParamViewSchema),
});
export type FunctionView = z.infer<typeof FunctionViewSchema>;

export const EventViewSchema = z.object({
  name: z.string(),
  signature: z.string(),
  topic: z.string(),
  inputs: z.array(AbiParamViewSchema.extend({ indexed: z.boolean() })),
});

export const ContractViewSchema = z.object({
  address: z.string(),
  /** False when no contract lives at the address on this network. */
  exists: z.boolean(),
  name: z.string(),
  origin: z.string().nullable(),
  /** chain: the ABI stored with the contract; pasted: the one given; none: cleared and none given. */
  abiSource: z.enum(['chain', 'pasted', 'none']),
  functions: z.array(FunctionViewSchema),
  events: z.array(EventViewSchema),
  constructorInputs: z.array(AbiParamViewSchema),
  consumeUserResourcePercent: z.number().int().nullable(),
  originEnergyLimit: z.bigint().nullable(),
  /** The contract's dynamic energy factor (10,000 = 1×), when the node reports it. */
  energyFactor: z.bigint().nullable(),
  /** The ABI as JSON text, for calling and decoding elsewhere. */
  abiJson: z.string(),
});
export type ContractView = z.infer<typeof ContractViewSchema>;

export const CallResultViewSchema = z.object({
  function: z.string(),
  /** Each output, shown as text (integers in full, addresses in Base58). */
  values: z.array(z.object({ name: z.string(), type: z.string(), value: z.string() })),
  /** Raw return data, hex. */
  raw: z.string(),
  energyUsed: z.bigint(),
  reverted: z.boolean(),
  revertReason: z.string().nullable(),
});
export type CallResultView = z.infer<typeof CallResultViewSchema>;

export const contractsChannels = defineChannels('contracts', {
  load: {
    summary: 'A contract by address: its functions and events from the chain ABI or a pasted one.',
    input: z.strictObject({ address: AddressSchema, abi: AbiTextSchema.optional() }),
    output: ContractViewSchema,
  },
  call: {
    summary: 'Calls a view or pure function (a constant call: no transaction, no fee) and decodes the result.',
    input: z.strictObject({
      address: AddressSchema,
      function: z.string({ error: 'must be text' }).min(1, 'must name a function').max(1024, 'is too long'),
      args: z.array(z.json(), { error: 'must be a list of values' }).max(64, 'has too many arguments').default([]),
      abi: AbiTextSchema.optional(),
      /** The caller msg.sender sees; default the zero address. */
      owner: AddressSchema.optional(),
    }),
    output: CallResultViewSchema,
  },
  events: {
    summary: 'The events a transaction emitted, decoded with the contract ABI.',
    input: z.strictObject({ address: AddressSchema, txid: TxIdSchema, abi: AbiTextSchema.optional() }),
    output: z.array(DecodedLogSchema),
  },
});
