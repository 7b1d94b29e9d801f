import { z } from 'zod';
import { AddressSchema, BlockNumberSchema, TxIdSchema } from '../common';
import { defineChannels, defineEvents } from '../define';
import { EnvelopeRefSchema } from './cosign';
import { UpdateRequestSchema } from './permissions';
import { CostViewSchema, SimulationViewSchema } from './tx';

/**
 * Fork mode in the app: the embedded node started as a fork of a real network (Node screen), and
 * throw-away forks main starts for one rehearsal (a transaction, an envelope, a permission edit)
 * and removes afterwards. The renderer names a network only by these four words: the URL of each
 * comes from main (TronGrid for the presets, the saved custom node), never from the renderer.
 */

export const ForkTargetSchema = z.enum(['mainnet', 'nile', 'shasta', 'custom'], {
  error: 'must be mainnet, nile, shasta or custom',
});
export type ForkTarget = z.infer<typeof ForkTargetSchema>;

export const ForkTargetViewSchema = z.object({
  target: ForkTargetSchema,
  name: z.string(),
  /** Where the fork reads from; null for `custom` while no custom node is saved. */
  url: z.string().nullable(),
  hasApiKey: z.boolean(),
});
export type ForkTargetView = z.infer<typeof ForkTargetViewSchema>;

/** The consistency disclosure: where the fork left upstream and what it has read since. */
export const ForkReportSchema = z.object({
  upstream: z.string(),
  forkPoint: z.object({ number: BlockNumberSchema, id: z.string(), timestamp: z.number().int() }),
  /** The upstream blocks the fetched items were read at (java-tron serves no historical state). */
  readRange: z.object({ from: BlockNumberSchema, to: BlockNumberSchema }).nullable(),
  /** Items fetched per kind (account, contract, storage, …). */
  fetched: z.record(z.string(), z.number().int().nonnegative()),
  requests: z.number().int().nonnegative(),
  /** Base58 addresses whose transactions pass without signatures. */
  impersonated: z.array(z.string()),
});
export type ForkReport = z.infer<typeof ForkReportSchema>;

export const ForkStatusSchema = z.object({
  /** The embedded node runs as a fork. */
  active: z.boolean(),
  target: ForkTargetSchema.nullable(),
  /** "Mainnet", "Nile Testnet", … of the embedded fork. */
  name: z.string().nullable(),
  report: ForkReportSchema.nullable(),
  /** Whether "Simulate on a fork of <network>" applies to the current network, and which network. */
  rehearsal: z.object({ available: z.boolean(), network: z.string().nullable(), reason: z.string().nullable() }),
});
export type ForkStatus = z.infer<typeof ForkStatusSchema>;

export const ForkSimulationSchema = z.object({
  network: z.string(),
  report: ForkReportSchema,
  simulation: SimulationViewSchema,
  /**
   * The cost of the envelope's transaction as it will be signed; null for a built transaction (its
   * review shows it).
   */
  cost: CostViewSchema.nullable(),
});
export type ForkSimulation = z.infer<typeof ForkSimulationSchema>;

export const ForkGroupCheckSchema = z.object({
  type: z.enum(['Owner', 'Active']),
  permissionId: z.number().int().nonnegative(),
  name: z.string(),
  /** Base58 keys the follow-up transfer was checked as signed by. */
  signers: z.array(z.string()),
  outcome: z.enum(['passed', 'failed', 'skipped']),
  detail: z.string(),
});
export type ForkGroupCheck = z.infer<typeof ForkGroupCheckSchema>;

export const ForkRehearsalSchema = z.object({
  network: z.string(),
  report: ForkReportSchema,
  update: z.object({ outcome: z.enum(['passed', 'failed']), detail: z.string(), txid: z.string().nullable() }),
  groups: z.array(ForkGroupCheckSchema),
  /** Every group that may transfer TRX still can. */
  proven: z.boolean(),
});
export type ForkRehearsal = z.infer<typeof ForkRehearsalSchema>;

export const ForkProgressSchema = z.object({
  task: z.enum(['embedded', 'rehearsal']),
  step: z.string(),
  index: z.number().int().positive(),
  total: z.number().int().positive(),
});
export type ForkProgress = z.infer<typeof ForkProgressSchema>;

const none = () => z.undefined({ error: 'takes no argument' });

export const forkChannels = defineChannels('fork', {
  targets: {
    summary: 'The networks a fork can start from: mainnet, Nile, Shasta and the saved custom node.',
    input: none(),
    output: z.array(ForkTargetViewSchema),
  },
  status: {
    summary:
      'Whether the embedded node is a fork, its disclosure and impersonations, and which network a rehearsal ' +
      'would fork.',
    input: none(),
    output: ForkStatusSchema,
  },
  startEmbedded: {
    summary: "Starts the embedded node as a fork of a known network (its API key saved like the network's own).",
    input: z.strictObject({
      target: ForkTargetSchema,
      /** A new key to save; null forgets the saved one; absent keeps it. */
      apiKey: z
        .string({ error: 'must be text' })
        .trim()
        .min(1, 'is empty')
        .max(200, 'is too long')
        .nullable()
        .optional(),
    }),
    output: ForkStatusSchema,
  },
  stopEmbedded: {
    summary: 'Stops the fork and starts the embedded dev chain again.',
    input: none(),
    output: ForkStatusSchema,
  },
  impersonate: {
    summary: "Lets an account's transactions through without signatures on the embedded fork (never on another chain).",
    input: z.strictObject({ address: AddressSchema }),
    output: ForkStatusSchema,
  },
  stopImpersonating: {
    summary: "Requires the account's signatures again on the embedded fork.",
    input: z.strictObject({ address: AddressSchema }),
    output: ForkStatusSchema,
  },
  simulateTx: {
    summary: 'Runs a built transaction on a throw-away fork of its real network and removes the fork.',
    input: z.strictObject({ txid: TxIdSchema }),
    output: ForkSimulationSchema,
  },
  simulateEnvelope: {
    summary: "Runs an envelope's transaction on a throw-away fork of its real network and removes the fork.",
    input: EnvelopeRefSchema,
    output: ForkSimulationSchema,
  },
  rehearsePermissions: {
    summary:
      'Applies a permission update (impersonated) on a throw-away fork, then checks a transfer by the owner ' +
      'and each active group under the new structure.',
    input: UpdateRequestSchema,
    output: ForkRehearsalSchema,
  },
});

export const forkEvents = defineEvents('fork', {
  changed: { summary: 'The embedded fork started or stopped, or an impersonation changed.', payload: ForkStatusSchema },
  progress: {
    summary: 'A step of starting a fork or of a rehearsal on a throw-away fork.',
    payload: ForkProgressSchema,
  },
});
