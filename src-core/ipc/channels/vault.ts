import { z } from 'zod';
import { defineEvents } from '../define';

export const VaultLockedSchema = z.object({
  reason: z.enum(['user', 'idle', 'shutdown']),
});
export type VaultLocked = z.infer<typeof VaultLockedSchema>;

export const vaultEvents = defineEvents('vault', {
  locked: { summary: 'The vault locked; unlocked keys are gone from memory.', payload: VaultLockedSchema },
});
