import { z } from 'zod';
import { defineEvents } from '../define';
import { BlockIdSchema, BlockNumberSchema } from '../common';

export const NodeStateSchema = z.enum(['stopped', 'starting', 'running', 'stopping', 'failed']);
export type NodeState = z.infer<typeof NodeStateSchema>;

export const NodeStatusSchema = z.object({
  state: NodeStateSchema,
  /** The app's own embedded node, or a remote java-tron endpoint. */
  source: z.enum(['embedded', 'remote']),
  endpoint: z.string().optional(),
  headBlock: BlockNumberSchema.optional(),
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
});
export type NodeBlock = z.infer<typeof NodeBlockSchema>;

export const nodeEvents = defineEvents('node', {
  block: { summary: 'A new head block was applied.', payload: NodeBlockSchema },
  status: { summary: 'The node started, stopped, failed or changed endpoint.', payload: NodeStatusSchema },
});
