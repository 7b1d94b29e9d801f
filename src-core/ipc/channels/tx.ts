import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { AddressSchema, BlockNumberSchema, TxIdSchema } from '../common';
import { TX_KIND_REGISTRY, type TxKind, type TxKindDescriptor } from '../../tx/kinds/registry';
import type { SummaryLine } from '../../tx/kinds/summary-line';

/**
 * The transaction service over IPC: build any transaction the wallet supports from a typed
 * request, estimate what it costs, simulate it, sign or hand it off for co-signing, broadcast it
 * and follow it to confirmation. Amounts travel as decimal strings of base units (sun for TRX)
 * into main and as bigint out of it. Main keeps the built transaction; the renderer names it by
 * txid, so what was costed and simulated is exactly what gets signed.
 */

// ── the kinds of transaction a person can build ──────────────────────────────────────────────
// One file per kind under tx/kinds; everything here is derived from its registry.

/** The registry's schemas as a tuple, so the union keeps each kind's own request type. */
type SchemasOf<T extends readonly unknown[]> = {
  -readonly [I in keyof T]: T[I] extends { schema: infer S } ? S : never;
};
export type { TxKind };

/** Each kind's contract type. */
export const TX_KINDS = Object.fromEntries(TX_KIND_REGISTRY.map((d) => [d.kind, d.contractType])) as {
  readonly [D in TxKindDescriptor as D['kind']]: D['contractType'];
};
export const TX_KIND_NAMES: TxKind[] = TX_KIND_REGISTRY.map((d) => d.kind);

/** Kinds that run contract code: they take a fee_limit and have an energy estimate. */
export const CONTRACT_KINDS: readonly TxKind[] = TX_KIND_REGISTRY.filter((d) => d.runsCode).map((d) => d.kind);

export const TxKindSchema = z.enum(TX_KIND_NAMES as [TxKind, ...TxKind[]], {
  error: 'must be a transaction kind the wallet builds',
});

export {
  ExpirationSchema,
  FeeLimitTextSchema,
  ResourceSchema,
  SunTextSchema,
  TokenUnitsTextSchema,
} from '../../tx/kinds/fields';

export const TxRequestSchema = z.discriminatedUnion(
  'kind',
  TX_KIND_REGISTRY.map((d) => d.schema) as unknown as SchemasOf<typeof TX_KIND_REGISTRY>,
  { error: 'kind must be a transaction kind the wallet builds' },
);
export type TxRequest = z.output<typeof TxRequestSchema>;
export type TxRequestInput = z.input<typeof TxRequestSchema>;

// ── answers ──────────────────────────────────────────────────────────────────────────────────

const ReasonSchema = z.object({ code: z.string(), message: z.string() });

export const PermissionCandidateViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(['Owner', 'Witness', 'Active']),
  name: z.string(),
  threshold: z.bigint(),
  allowsType: z.boolean(),
  /** Base58 addresses of the vault's signing accounts that are keys of this permission. */
  heldKeys: z.array(z.string()),
  heldWeight: z.bigint(),
  reachableAlone: z.boolean(),
  qualifies: z.boolean(),
  chosen: z.boolean(),
  /** A single key that would bypass a multi-key group covering the same operation: the sentence saying so. */
  bypasses: z.string().nullable(),
  reasons: z.array(ReasonSchema),
});

export const PermissionChoiceViewSchema = z.object({
  kind: TxKindSchema,
  contractType: z.string(),
  owner: z.string(),
  /** False until the owner has received TRX: only the default owner permission exists. */
  ownerExists: z.boolean(),
  /** null when no permission the vault holds a key of may sign this type. */
  permissionId: z.number().int().nullable(),
  /** The person chose `permissionId` (remembered for this account and contract type); false: the chooser's rule. */
  picked: z.boolean(),
  explanation: z.string(),
  candidates: z.array(PermissionCandidateViewSchema),
});
export type PermissionChoiceView = z.infer<typeof PermissionChoiceViewSchema>;

export const EnergyEstimateViewSchema = z.object({
  /** Which node endpoint produced the figures. */
  method: z.enum(['estimateenergy', 'triggerconstantcontract']),
  /** Energy to budget for, penalty included. */
  energy: z.bigint(),
  /** energy_used − energy_penalty; null when the node did not split them. */
  baseEnergy: z.bigint().nullable(),
  /** The dynamic energy model's surcharge. */
  penalty: z.bigint().nullable(),
});
export type EnergyEstimateView = z.infer<typeof EnergyEstimateViewSchema>;

export const FeeLimitSuggestionSchema = z.object({
  strategy: z.enum(['estimate', 'energy-factor', 'max-factor']),
  /** null when this strategy could not be applied (`problem` says why). */
  feeLimitSun: z.bigint().nullable(),
  energy: z.bigint().nullable(),
  marginBps: z.bigint(),
  explanation: z.string(),
  problem: z.string().nullable(),
});
export type FeeLimitSuggestion = z.infer<typeof FeeLimitSuggestionSchema>;

export const EstimateViewSchema = z.object({
  kind: TxKindSchema,
  /** null for system contracts (no energy), or when the node could not estimate (`problem`). */
  energy: EnergyEstimateViewSchema.nullable(),
  feeLimits: z.array(FeeLimitSuggestionSchema),
  /** Why no estimate exists, e.g. the call reverts or the node runs no contracts. */
  problem: z.string().nullable(),
  /** Decoded revert reason when the estimate failed because the call reverts. */
  revertReason: z.string().nullable(),
});
export type EstimateView = z.infer<typeof EstimateViewSchema>;

export const CostViewSchema = z.object({
  expectedSignatures: z.number().int(),
  /** null when not a transfer; false = the recipient is new and gets activated. */
  recipientExists: z.boolean().nullable(),
  bandwidth: z.object({
    bytes: z.bigint(),
    source: z.enum(['staked', 'free', 'burn', 'create-account-staked', 'create-account-burn']),
    stakedBytes: z.bigint(),
    freeBytes: z.bigint(),
    burnedSun: z.bigint(),
  }),
  energy: z
    .object({
      energy: z.bigint(),
      fromOrigin: z.bigint(),
      fromStake: z.bigint(),
      burnedEnergy: z.bigint(),
      burnedSun: z.bigint(),
    })
    .nullable(),
  fees: z.array(
    z.object({
      kind: z.enum(['contract', 'activation', 'memo', 'multi-signature']),
      label: z.string(),
      sun: z.bigint(),
    }),
  ),
  feeLimitSun: z.bigint().nullable(),
  /** Every TRX burned: bandwidth, energy and the fees above. */
  burnedSun: z.bigint(),
  /** TRX that leaves the account as value (amount, call value). */
  valueSun: z.bigint(),
  totalDebitSun: z.bigint(),
  notes: z.array(ReasonSchema),
});
export type CostView = z.infer<typeof CostViewSchema>;

export const TxStateSchema = z.enum([
  'created',
  'signed',
  'cosigning',
  'pool',
  'packed',
  'confirmed',
  'failed',
  'expired',
  'rejected',
]);
export type TxState = z.infer<typeof TxStateSchema>;

export const SummaryLineSchema = z.object({
  label: z.string(),
  value: z.string(),
  raw: z.string().optional(),
}) satisfies z.ZodType<SummaryLine>;
export type { SummaryLine };

export const SigningViewSchema = z.object({
  threshold: z.bigint(),
  /** Weight of the signatures on the transaction now. */
  currentWeight: z.bigint(),
  /** The vault account that signs alone, when one key reaches the threshold. */
  signer: z.object({ accountId: z.string(), label: z.string(), address: z.string(), weight: z.bigint() }).nullable(),
  needsCosigning: z.boolean(),
  explanation: z.string(),
  /** Addresses that have signed, Base58. */
  signedBy: z.array(z.string()),
});
export type SigningView = z.infer<typeof SigningViewSchema>;

export const PreparedTxViewSchema = z.object({
  txid: TxIdSchema,
  kind: TxKindSchema,
  contractType: z.string(),
  owner: z.string(),
  state: TxStateSchema,
  permissionId: z.number().int(),
  permission: PermissionChoiceViewSchema,
  summary: z.array(SummaryLineSchema),
  /** raw_data.expiration and the head block time it counts from (never the local clock). */
  expiration: z.number().int(),
  headTime: z.number().int(),
  refBlock: z.object({ number: BlockNumberSchema, id: z.string() }),
  feeLimitSun: z.bigint().nullable(),
  memo: z.string().nullable(),
  contractAddress: z.string().nullable(),
  rawDataHex: z.string(),
  /** The transaction as java-tron JSON, for people who check bytes. */
  json: z.string(),
  cost: CostViewSchema,
  estimate: EstimateViewSchema.nullable(),
  signing: SigningViewSchema,
  /** The envelope stored for co-signing, when one was created. */
  envelopeId: z.string().nullable(),
});
export type PreparedTxView = z.infer<typeof PreparedTxViewSchema>;

export const BalanceChangeSchema = z.object({
  address: z.string(),
  /** "TRX", "TRC10 <id>" or a TRC20 symbol. */
  asset: z.string(),
  /** Signed change in base units. */
  delta: z.bigint(),
  decimals: z.number().int(),
});
export type BalanceChange = z.infer<typeof BalanceChangeSchema>;

export const DecodedLogSchema = z.object({
  /** Base58 address of the contract that emitted it. */
  address: z.string(),
  /** e.g. "Transfer(address,address,uint256)"; null when no ABI explains it. */
  event: z.string().nullable(),
  /** `shown`: a token amount in the token's units ("250 USDT"), when the emitting token is known. */
  args: z.array(z.object({ name: z.string(), type: z.string(), value: z.string(), shown: z.string().optional() })),
  topics: z.array(z.string()),
  data: z.string(),
});
export type DecodedLog = z.infer<typeof DecodedLogSchema>;

export const SimulationViewSchema = z.object({
  txid: TxIdSchema,
  /**
   * dry-run: the embedded node executed the exact transaction on a copy of its state;
   * constant-call: the node ran the contract call without a transaction; fee-math: computed
   * from the fees and the transaction's amounts.
   */
  method: z.enum(['dry-run', 'constant-call', 'fee-math']),
  methodNote: z.string(),
  success: z.boolean(),
  /** SUCCESS, REVERT, OUT_OF_ENERGY, … (WOULD_FAIL when fee math finds the account cannot pay). */
  result: z.string(),
  /** Why it would fail: the decoded revert reason, or what the account lacks. */
  reason: z.string().nullable(),
  /** The node's or the contract's own words behind `reason`, for a details line. */
  reasonDetail: z.string().nullable().optional(),
  outOfEnergy: z.object({ risk: z.boolean(), message: z.string() }),
  energyUsed: z.bigint().nullable(),
  balanceChanges: z.array(BalanceChangeSchema),
  logs: z.array(DecodedLogSchema),
  /** Always false: a simulation never changes the chain. */
  stateChanged: z.literal(false),
});
export type SimulationView = z.infer<typeof SimulationViewSchema>;

export const InternalTxViewSchema = z.object({
  hash: z.string(),
  caller: z.string(),
  to: z.string().nullable(),
  /** The note decoded to text (call, create, freezeBalanceV2ForEnergy, …). */
  note: z.string(),
  values: z.array(z.object({ tokenId: z.string(), amount: z.bigint() })),
  rejected: z.boolean(),
});

export const TrackStepSchema = z.object({ state: TxStateSchema, label: z.string(), reached: z.boolean() });

export const TrackViewSchema = z.object({
  txid: TxIdSchema,
  kind: TxKindSchema.nullable(),
  contractType: z.string(),
  owner: z.string().nullable(),
  state: TxStateSchema,
  steps: z.array(TrackStepSchema),
  /** null until known; judged from receipt.result and contractRet, case-insensitively. */
  success: z.boolean().nullable(),
  result: z.string().nullable(),
  message: z.string().nullable(),
  blockNumber: BlockNumberSchema.nullable(),
  blockId: z.string().nullable(),
  blockTime: z.number().int().nullable(),
  expiration: z.number().int().nullable(),
  solidBlock: BlockNumberSchema.nullable(),
  feeSun: z.bigint().nullable(),
  netFeeSun: z.bigint().nullable(),
  energyFeeSun: z.bigint().nullable(),
  netUsage: z.bigint().nullable(),
  energyUsed: z.bigint().nullable(),
  energyPenalty: z.bigint().nullable(),
  /** What was shown before signing, to compare with `feeSun`. */
  estimatedBurnSun: z.bigint().nullable(),
  contractAddress: z.string().nullable(),
  logs: z.array(DecodedLogSchema),
  internalTransactions: z.array(InternalTxViewSchema),
  createdAt: z.number().int().nullable(),
  broadcastAt: z.number().int().nullable(),
  confirmedAt: z.number().int().nullable(),
});
export type TrackView = z.infer<typeof TrackViewSchema>;

export const HistoryItemSchema = z.object({
  txid: TxIdSchema,
  type: z.string(),
  status: z.string(),
  owner: z.string().nullable(),
  permissionId: z.number().int().nullable(),
  feeSun: z.bigint().nullable(),
  blockNumber: BlockNumberSchema.nullable(),
  message: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const BlockViewSchema = z.object({
  number: BlockNumberSchema,
  id: z.string(),
  timestamp: z.number().int(),
  producer: z.string().nullable(),
  /** At or below the latest solidified block. */
  solidified: z.boolean(),
  transactions: z.array(
    z.object({
      txid: z.string(),
      type: z.string(),
      owner: z.string().nullable(),
      contractRet: z.string().nullable(),
      known: z.boolean(),
    }),
  ),
});
export type BlockView = z.infer<typeof BlockViewSchema>;

const TxRefSchema = z.strictObject({ txid: TxIdSchema });

export const txChannels = defineChannels('tx', {
  permissions: {
    summary: 'Which permission of the owner would sign this kind of transaction, and why the others would not.',
    input: z.strictObject({ owner: AddressSchema, kind: TxKindSchema }),
    output: PermissionChoiceViewSchema,
  },
  pickSigner: {
    summary:
      'Remembers the permission the person chose to sign this kind for the owner (null: back to the chooser) ' +
      'and answers who signs now.',
    input: z.strictObject({
      owner: AddressSchema,
      kind: TxKindSchema,
      permissionId: z.number().int().min(0).max(255).nullable(),
    }),
    output: PermissionChoiceViewSchema,
  },
  estimate: {
    summary: 'Energy a contract call or deployment will use, and fee_limit suggestions by the three strategies.',
    input: TxRequestSchema,
    output: EstimateViewSchema,
  },
  build: {
    summary: 'Builds the transaction from the current head block, chooses the permission and costs it.',
    input: TxRequestSchema,
    output: PreparedTxViewSchema,
  },
  prepared: {
    summary: 'A transaction built in this session, by txid.',
    input: TxRefSchema,
    output: PreparedTxViewSchema,
  },
  simulate: {
    summary: 'Runs the built transaction without changing the chain and reports what it would do.',
    input: TxRefSchema,
    output: SimulationViewSchema,
  },
  sign: {
    summary: 'Signs with the vault key that reaches the threshold, or stores a co-signing envelope.',
    input: TxRefSchema,
    output: PreparedTxViewSchema,
  },
  broadcast: {
    summary: 'Broadcasts a fully signed transaction and starts following it.',
    input: TxRefSchema,
    output: TrackViewSchema,
  },
  track: {
    summary: 'Where a transaction is now: pool, block, confirmed; with its fees, logs and internal transactions.',
    input: TxRefSchema,
    output: TrackViewSchema,
  },
  history: {
    summary: 'Transactions this wallet built or broadcast on the current network, newest first.',
    input: z
      .strictObject({
        limit: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be 1 to 500')
          .max(500, 'must be 1 to 500')
          .optional(),
      })
      .optional(),
    output: z.array(HistoryItemSchema),
  },
  block: {
    summary: 'A block of the current network with its transactions, for the tracking view.',
    input: z.strictObject({ number: BlockNumberSchema }),
    output: BlockViewSchema,
  },
  discard: {
    summary: 'Forgets a built transaction that was not broadcast.',
    input: TxRefSchema,
    output: z.object({ txid: TxIdSchema }),
  },
});

export const TxStatusSchema = z.object({
  txid: TxIdSchema,
  state: TxStateSchema,
  blockNumber: BlockNumberSchema.optional(),
  success: z.boolean().optional(),
  message: z.string().optional(),
});
export type TxStatus = z.infer<typeof TxStatusSchema>;

export const txEvents = defineEvents('tx', {
  status: {
    summary: 'A transaction changed state (signed, in the pool, packed, confirmed, failed, expired).',
    payload: TxStatusSchema,
  },
});
