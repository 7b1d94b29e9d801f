import { z } from 'zod';
import { defineEvents } from '../define';
import { BlockNumberSchema, TxIdSchema } from '../common';

export const TxStatusSchema = z.object({
  txid: TxIdSchema,
  state: z.enum(['pending', 'confirmed', 'failed', 'expired']),
  blockNumber: BlockNumberSchema.optional(),
  message: z.string().optional(),
});
export type TxStatus = z.infer<typeof TxStatusSchema>;

export const txEvents = defineEvents('tx', {
  status: { summary: 'A broadcast transaction changed state.', payload: TxStatusSchema },
});
