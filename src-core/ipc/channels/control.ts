import { z } from 'zod';
import { defineChannels } from '../define';

/**
 * Proof of control: the treasury signs an auditor's challenge with a quorum of its owner or active
 * keys (each signature approved on main's confirmation window, from the vault or a Ledger), and
 * anyone checks the file against a node. Proofs are held in main by id; the renderer names an
 * account to sign with, never a key, and gets the file's text only through main's save dialog.
 */

const ProofIdSchema = z.string({ error: 'must be text' }).regex(/^poc_[0-9a-f]{16}$/, 'must be a proof id');
const AccountIdSchema = z.string({ error: 'must be text' }).regex(/^acc_[0-9a-f]{16}$/, 'must be an account id');

export const ControlKeyViewSchema = z.object({
  address: z.string(),
  weight: z.string(),
  /** Its signature is in the proof. */
  signed: z.boolean(),
  /** The vault account (a vault key or a Ledger) that can sign for it here; null when none. */
  accountId: z.string().nullable(),
  label: z.string().nullable(),
});
export type ControlKeyView = z.infer<typeof ControlKeyViewSchema>;

export const ProofViewSchema = z.object({
  id: ProofIdSchema,
  account: z.string(),
  challenge: z.string(),
  block: z.object({ number: z.number().int(), id: z.string(), timestamp: z.number().int() }),
  /** 'Active permission "payments" (id 2)'. */
  permission: z.string(),
  permissionId: z.number().int(),
  threshold: z.string(),
  keys: z.array(ControlKeyViewSchema),
  /** Weight of the keys that signed so far. */
  weight: z.string(),
  balances: z.object({
    trxSun: z.string(),
    trc10: z.array(z.object({ id: z.string(), amount: z.string() })),
    trc20: z.array(z.object({ contract: z.string(), amount: z.string() })),
  }),
  /** Exactly what each key signs (TRON signMessageV2). */
  message: z.string(),
  fileDialogs: z.object({ open: z.boolean(), save: z.boolean() }),
});
export type ProofView = z.infer<typeof ProofViewSchema>;

export const ControlVerdictViewSchema = z.object({
  verified: z.boolean(),
  /** A CONTROL_* failure code; null when verified. */
  code: z.string().nullable(),
  message: z.string(),
  /** How the node was read: its head block, and what a current-state node can and cannot tell. */
  method: z.string(),
});
export type ControlVerdictView = z.infer<typeof ControlVerdictViewSchema>;

const ProofRefSchema = z.strictObject({ id: ProofIdSchema });

export const controlChannels = defineChannels('control', {
  start: {
    summary:
      "Starts a proof: reads the account's permission and balances (TRX, TRC-10, watched TRC-20) at the head and " +
      'pins that block.',
    input: z.strictObject({
      account: z.string({ error: 'must be an address' }).min(1).max(64),
      permissionId: z.number({ error: 'must be a number' }).int().min(0).max(2_147_483_647),
      challenge: z.string({ error: 'must be text' }).min(1, 'must not be empty').max(512, 'is too long'),
    }),
    output: ProofViewSchema,
  },
  get: { summary: 'One proof held in main.', input: ProofRefSchema, output: ProofViewSchema },
  sign: {
    summary: "Adds one key's signature (a vault key or a Ledger account) after main's confirmation window.",
    input: z.strictObject({ id: ProofIdSchema, accountId: AccountIdSchema }),
    output: ProofViewSchema,
  },
  save: {
    summary: "Writes the proof file where the person chooses in main's save dialog.",
    input: ProofRefSchema,
    output: z.object({ path: z.string() }).nullable(),
  },
  open: {
    summary: "Reads a proof file chosen in main's open dialog.",
    input: z.undefined(),
    output: ProofViewSchema.nullable(),
  },
  verify: {
    summary: 'Checks a proof against the node in use: signatures, the pinned block, the permission and balances.',
    input: z.strictObject({ id: ProofIdSchema, balances: z.boolean().optional() }),
    output: ControlVerdictViewSchema,
  },
});
