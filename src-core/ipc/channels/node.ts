import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { BlockIdSchema, BlockNumberSchema } from '../common';

/**
 * The node the wallet reads from: the app's embedded node or a remote java-tron endpoint. The
 * `node:*` channels serve the Node screen (lifecycle, settings, chain view, log); the network
 * choice itself is in `network.ts`.
 */

export const NodeStateSchema = z.enum(['stopped', 'starting', 'running', 'stopping', 'failed']);

export const NodeStartupProgressSchema = z.object({
  /** What the host is doing, as a short sentence ("Opening the chain store"). */
  step: z.string(),
  /** 1-based position of the step, out of `total`. */
  index: z.number().int().positive(),
  total: z.number().int().positive(),
});

export const NodeStatusSchema = z.object({
  state: NodeStateSchema,
  /** The app's own embedded node, or a remote java-tron endpoint. */
  source: z.enum(['embedded', 'remote']),
  endpoint: z.string().optional(),
  headBlock: BlockNumberSchema.optional(),
  solidBlock: BlockNumberSchema.optional(),
  /** Display name of the network ("Embedded dev node", "Nile Testnet", …). */
  network: z.string().optional(),
  /** Set while starting. */
  progress: NodeStartupProgressSchema.optional(),
  /** Why the node stopped or failed, as a sentence. */
  message: z.string().optional(),
});
export type NodeStatus = z.infer<typeof NodeStatusSchema>;

export const NodeBlockSchema = z.object({
  number: BlockNumberSchema,
  id: BlockIdSchema,
  /** Block time in milliseconds since the epoch, as in the block header. */
  timestamp: z.number().int().nonnegative(),
  transactionCount: z.number().int().nonnegative(),
  /** Base58 address of the representative that produced the block, when the header names one. */
  producer: z.string().optional(),
  /** The latest solidified (irreversible) block number when this block was seen. */
  solidBlock: BlockNumberSchema.optional(),
});
export type NodeBlock = z.infer<typeof NodeBlockSchema>;

const PathSchema = z
  .string({ error: 'must be text' })
  .max(4096, 'is too long')
  .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'must be an absolute folder path');

/** What the operator can change on the embedded node; takes effect on the next start. */
export const EmbeddedNodeSettingsSchema = z.strictObject({
  /** TCP port on 127.0.0.1; 0 picks a free port at each start. */
  port: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535'),
  /** Wall-clock milliseconds between blocks. */
  blockTimeMs: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 ms')
    .max(60_000, 'must be at most 60 s'),
  /** Store internal transactions of contract calls (java-tron's saveInternalTx). */
  saveInternalTx: z.boolean({ error: 'must be true or false' }),
  /** Serve /wallet/estimateenergy (java-tron's node.supportEstimateEnergy). */
  estimateEnergy: z.boolean({ error: 'must be true or false' }),
  /** Parent folder of the node's data; null = inside the app's user data. */
  dataDir: PathSchema.nullable(),
  /** Start the node when the app starts with the embedded network selected. */
  autoStart: z.boolean({ error: 'must be true or false' }),
  /**
   * Answer requests from web pages (they carry an Origin header). Off: the node refuses them with
   * a 403, so no site open in a browser can use it; on: pages served from this computer may.
   */
  allowBrowserAccess: z.boolean({ error: 'must be true or false' }),
  /** Serve the node's dev endpoints (/admin/*: funded keys, mine, time, dry run) over HTTP. */
  adminEndpoints: z.boolean({ error: 'must be true or false' }),
});
export type EmbeddedNodeSettings = z.infer<typeof EmbeddedNodeSettingsSchema>;

/** The word typed in main's confirmation window to delete the embedded chain (never sent by the page). */
export const NODE_RESET_CONFIRMATION = 'RESET';

export const NodeOverviewSchema = z.object({
  status: NodeStatusSchema,
  /** The embedded node's settings (shown even while a remote network is selected). */
  settings: EmbeddedNodeSettingsSchema,
  /** The folder the embedded node keeps its data in (after applying the default). */
  dataDir: z.string(),
  /** HTTP URL other tools (TronWeb's fullHost, curl) can use; null while no node answers. */
  url: z.string().nullable(),
  head: NodeBlockSchema.nullable(),
  /** The embedded dev node's funded accounts, importable by mnemonic; 0 when not on that node. */
  devAccountCount: z.number().int().nonnegative(),
});
export type NodeOverview = z.infer<typeof NodeOverviewSchema>;

export const RepresentativeSchema = z.object({
  address: z.string(),
  url: z.string(),
  voteCount: z.bigint(),
  totalProduced: z.number().int(),
  totalMissed: z.number().int(),
  latestBlockNum: z.number().int(),
  isJobs: z.boolean(),
});
export type Representative = z.infer<typeof RepresentativeSchema>;

export const NodeLogLineSchema = z.object({ time: z.number().int().nonnegative(), text: z.string() });
export type NodeLogLine = z.infer<typeof NodeLogLineSchema>;

const none = () => z.undefined({ error: 'takes no argument' });

export const nodeChannels = defineChannels('node', {
  overview: {
    summary: 'Status, settings, URL and head block of the node the wallet uses.',
    input: none(),
    output: NodeOverviewSchema,
  },
  start: {
    summary: 'Starts the embedded node with its saved settings.',
    input: none(),
    output: NodeStatusSchema,
  },
  stop: {
    summary: 'Stops the embedded node and flushes its store.',
    input: none(),
    output: NodeStatusSchema,
  },
  restart: {
    summary: 'Stops and starts the embedded node, applying saved settings.',
    input: none(),
    output: NodeStatusSchema,
  },
  saveSettings: {
    summary: "Saves the embedded node's settings; a running node restarts to apply them.",
    input: EmbeddedNodeSettingsSchema,
    output: NodeOverviewSchema,
  },
  reset: {
    summary:
      "Deletes the embedded node's chain data and starts a fresh chain, once the word is typed in main's " +
      'confirmation window.',
    input: none(),
    output: NodeStatusSchema,
  },
  recentBlocks: {
    summary: 'The latest blocks with their producers, newest first.',
    input: z
      .strictObject({
        count: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be 1 to 50')
          .max(50, 'must be 1 to 50')
          .optional(),
      })
      .optional(),
    output: z.array(NodeBlockSchema),
  },
  representatives: {
    summary: 'The super representatives of the current network.',
    input: none(),
    output: z.array(RepresentativeSchema),
  },
  log: {
    summary: "The tail of the embedded node's log.",
    input: z
      .strictObject({
        limit: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be 1 to 1000')
          .max(1000, 'must be 1 to 1000')
          .optional(),
      })
      .optional(),
    output: z.array(NodeLogLineSchema),
  },
  copyUrl: {
    summary: "Copies the node's HTTP URL to the clipboard (main writes it; the renderer has no clipboard permission).",
    input: none(),
    output: z.object({ url: z.string() }),
  },
});

export const nodeEvents = defineEvents('node', {
  block: { summary: 'A new head block was applied.', payload: NodeBlockSchema },
  status: {
    summary: 'The node started, stopped, failed, changed endpoint or made startup progress.',
    payload: NodeStatusSchema,
  },
});
