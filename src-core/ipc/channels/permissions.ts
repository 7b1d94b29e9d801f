import { z } from 'zod';
import type { HexAddress } from '../../brand';
import { CAPABILITY_IDS, type CapabilityId } from '../../permission/coalitions';
import type { PermissionDiff } from '../../permission/lockout';
import { defineChannels } from '../define';
import { AddressSchema, TxIdSchema } from '../common';
import { PermissionViewSchema } from './accounts';
import { AccountCustodySchema } from './vault';
import { ExpirationSchema } from './tx';

/**
 * The permission editor: read an account's permission structure, look up facts about keys, and
 * prepare, dry-run and submit an AccountPermissionUpdate. Every call that touches an update takes
 * the whole new structure, because the update overwrites every permission. Main re-runs the
 * validation and the lockout prover on what it receives and refuses a blocked change, whatever the
 * renderer showed.
 */

const WholeNumber = z.bigint({ error: 'must be a whole number' });

export const PermissionKeyInputSchema = z.strictObject({
  address: AddressSchema,
  weight: WholeNumber,
});

/** One edited permission. Limits are generous on purpose: the wallet's validation names the chain's rule. */
export const PermissionGroupInputSchema = z.strictObject({
  name: z.string({ error: 'must be text' }).max(256, 'is too long'),
  threshold: WholeNumber,
  keys: z.array(PermissionKeyInputSchema).max(16, 'has too many keys'),
  /** 64 hex characters; actives only. */
  operations: z
    .string({ error: 'must be text' })
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
});

export const PermissionStructureInputSchema = z.strictObject({
  owner: PermissionGroupInputSchema,
  /** Only for a Super Representative account. */
  witness: PermissionGroupInputSchema.optional(),
  actives: z.array(PermissionGroupInputSchema).max(16, 'has too many active permissions'),
});
export type PermissionStructureInput = z.input<typeof PermissionStructureInputSchema>;

export const UpdateRequestSchema = z.strictObject({ address: AddressSchema, update: PermissionStructureInputSchema });

export const KeyDirectoryEntrySchema = z.object({
  address: z.string(),
  name: z.string(),
  /** Where the wallet knows the address from. */
  source: z.enum(['vault', 'address-book']),
  /** This wallet can sign with it: the vault holds its key, or a Ledger does. */
  canSign: z.boolean(),
  /** For a vault account: where its key lives (vault, Ledger, offline machine, or watched only). */
  custody: AccountCustodySchema.optional(),
  /** False for a vault account whose recovery phrase nobody has checked: main refuses it as a new key. */
  backupChecked: z.boolean().optional(),
});
export type KeyDirectoryEntry = z.infer<typeof KeyDirectoryEntrySchema>;

/** An address as src-core's permission code holds it: 41 + 20 bytes, lowercase hex. */
const HexAddressSchema = z
  .string()
  .regex(/^41[0-9a-f]{40}$/, 'must be a hex address (41…)')
  .transform((hex) => hex as HexAddress);
const PowerLevelSchema = z.enum(['none', 'shared', 'alone']);
const KeyWeightSchema = z.object({ address: HexAddressSchema, weight: z.bigint() });

/**
 * src-core/permission/lockout's `PermissionDiff`: before → after, field by field, then who gains
 * or loses which power. Lists are read-only, as the diff is everywhere else.
 */
export const PermissionDiffSchema = z.object({
  groups: z
    .array(
      z.object({
        id: z.number().int(),
        type: z.enum(['Owner', 'Witness', 'Active']),
        name: z.string(),
        change: z.enum(['added', 'removed', 'changed']),
        threshold: z.object({ before: z.bigint(), after: z.bigint() }).optional(),
        renamed: z.object({ before: z.string(), after: z.string() }).optional(),
        keysAdded: z.array(KeyWeightSchema).readonly(),
        keysRemoved: z.array(KeyWeightSchema).readonly(),
        weightsChanged: z
          .array(z.object({ address: HexAddressSchema, before: z.bigint(), after: z.bigint() }))
          .readonly(),
        operationsAdded: z.array(z.number().int()).readonly(),
        operationsRemoved: z.array(z.number().int()).readonly(),
      }),
    )
    .readonly(),
  powers: z
    .array(
      z.object({
        address: HexAddressSchema,
        capability: z.enum(CAPABILITY_IDS as [CapabilityId, ...CapabilityId[]]),
        before: PowerLevelSchema,
        after: PowerLevelSchema,
        change: z.enum(['gains', 'loses']),
      }),
    )
    .readonly(),
}) satisfies z.ZodType<PermissionDiff>;

export const PermissionsSnapshotSchema = z.object({
  /** Base58. */
  address: z.string(),
  network: z.object({ key: z.string(), name: z.string(), embedded: z.boolean() }),
  headBlock: z.number().int().nonnegative().optional(),
  /** False until the address has received TRX; java-tron refuses updates for it. */
  exists: z.boolean(),
  isWitness: z.boolean(),
  balanceSun: z.bigint(),
  current: z.object({
    owner: PermissionViewSchema,
    witness: PermissionViewSchema.nullable(),
    actives: z.array(PermissionViewSchema),
  }),
  /** Which parts are the chain's implicit defaults because the account never set them. */
  defaults: z.object({ owner: z.boolean(), witness: z.boolean(), actives: z.boolean() }),
  /** The operations a new active permission gets by default. */
  defaultActiveOperations: z.string(),
  chain: z.object({
    updateFeeSun: z.bigint(),
    multiSignFeeSun: z.bigint(),
    totalSignNum: z.number().int().positive(),
    allowMultiSign: z.boolean(),
  }),
  /** Addresses the wallet knows by name: vault accounts and the address book. */
  directory: z.array(KeyDirectoryEntrySchema),
});
export type PermissionsSnapshot = z.infer<typeof PermissionsSnapshotSchema>;

export const KeyFactsSchema = z.object({
  address: z.string(),
  /** getcontract found a smart contract: it can never sign. */
  isContract: z.boolean(),
  /** getaccount found the account: it has received TRX at least once. */
  activated: z.boolean(),
});
export type KeyFacts = z.infer<typeof KeyFactsSchema>;

export const FindingSchema = z.object({
  severity: z.enum(['block', 'warn', 'info']),
  code: z.string(),
  message: z.string(),
  permissionId: z.number().int().optional(),
  addresses: z.array(z.string()).optional(),
});
export type FindingView = z.infer<typeof FindingSchema>;

export const ChangeGateSchema = z.object({
  verdict: z.enum(['ok', 'warn', 'block']),
  blocked: z.boolean(),
  /** Only the typed confirmation stands between the person and signing. */
  needsConfirmation: z.boolean(),
  findings: z.array(FindingSchema),
});
export type ChangeGateView = z.infer<typeof ChangeGateSchema>;

export const SigningPlanSchema = z.object({
  /** The permission that signs the update; null when none holds a key this vault has. */
  permissionId: z.number().int().nonnegative().nullable(),
  permissionName: z.string(),
  threshold: z.bigint(),
  /** Weight of the vault's keys in that permission. */
  heldWeight: z.bigint(),
  /** The vault accounts that will sign, in order. */
  signers: z.array(z.object({ address: z.string(), label: z.string(), weight: z.bigint() })),
  needsCosigners: z.boolean(),
  /** Signatures the transaction will carry at broadcast (drives the multi-signature fee). */
  expectedSignatures: z.number().int().positive(),
  explanation: z.string(),
});
export type SigningPlan = z.infer<typeof SigningPlanSchema>;

export const CostDisclosureSchema = z.object({
  lines: z.array(
    z.object({
      kind: z.enum(['contract', 'multi-signature', 'bandwidth', 'memo', 'activation']),
      label: z.string(),
      sun: z.bigint(),
    }),
  ),
  totalBurnSun: z.bigint(),
  balanceSun: z.bigint(),
  enoughBalance: z.boolean(),
});
export type CostDisclosure = z.infer<typeof CostDisclosureSchema>;

export const PreparedUpdateSchema = z.object({
  /** The preview's txID; submit builds a fresh transaction (new expiry), so the id changes. */
  txID: z.string(),
  signing: SigningPlanSchema,
  cost: CostDisclosureSchema,
  gate: ChangeGateSchema,
});
export type PreparedUpdate = z.infer<typeof PreparedUpdateSchema>;

export const DryRunCheckSchema = z.object({
  /** `group-proof`: one per group of the new structure, named by `permissionId`. */
  id: z.enum(['update-applied', 'group-proof']),
  permissionId: z.number().int().nonnegative().optional(),
  label: z.string(),
  outcome: z.enum(['passed', 'failed', 'skipped']),
  detail: z.string(),
});
export type DryRunCheck = z.infer<typeof DryRunCheckSchema>;

export const DryRunReportSchema = z.object({
  /** False on a remote network: only the embedded node can apply a change privately. */
  available: z.boolean(),
  reason: z.string().optional(),
  headBlock: z.number().int().nonnegative().optional(),
  checks: z.array(DryRunCheckSchema),
  /** Balance changes the update itself causes, in sun. */
  balanceChanges: z.array(z.object({ address: z.string(), deltaSun: z.bigint() })),
});
export type DryRunReport = z.infer<typeof DryRunReportSchema>;

export const SubmittedUpdateSchema = z.object({
  txid: TxIdSchema,
  /** `broadcast`: the vault's signatures reached the threshold and the node accepted it. */
  state: z.enum(['broadcast', 'needs-cosigners']),
  signatures: z.number().int().nonnegative(),
  weight: z.bigint(),
  threshold: z.bigint(),
  message: z.string(),
  /** The co-signing envelope of a `needs-cosigners` update in this network's inbox. */
  envelopeId: z.string().nullable().optional(),
});
export type SubmittedUpdate = z.infer<typeof SubmittedUpdateSchema>;

export const permissionsChannels = defineChannels('permissions', {
  load: {
    summary:
      "An account's permission structure (with the chain's defaults marked), fees, and the addresses the " +
      'wallet knows by name.',
    input: z.strictObject({ address: AddressSchema }),
    output: PermissionsSnapshotSchema,
  },
  inspectKeys: {
    summary:
      'Asks the node whether each address is a smart contract (getcontract) and whether it was ever ' +
      'activated (getaccount).',
    input: z.strictObject({
      addresses: z.array(AddressSchema).min(1, 'must list at least one address').max(64, 'lists too many addresses'),
    }),
    output: z.array(KeyFactsSchema),
  },
  prepare: {
    summary:
      'Validates the whole new structure, runs the lockout prover in main, builds the update and discloses ' +
      'its cost and who signs it.',
    input: UpdateRequestSchema,
    output: PreparedUpdateSchema,
  },
  dryRun: {
    summary:
      'Applies the update on a throwaway copy of the embedded node state, then checks a transfer under each ' +
      'group of the new structure, signed as by its smallest key set.',
    input: UpdateRequestSchema,
    output: DryRunReportSchema,
  },
  submit: {
    summary:
      "Builds the update afresh, signs it with the vault's keys of the signing permission and broadcasts it, " +
      'or reports that co-signers are needed.',
    input: z.strictObject({
      address: AddressSchema,
      update: PermissionStructureInputSchema,
      acknowledgeWarnings: z.boolean({ error: 'must be true or false' }),
      /** The signing window when co-signers must complete the update; else the chain's maximum less a margin. */
      expirationMs: ExpirationSchema.optional(),
    }),
    output: SubmittedUpdateSchema,
  },
});
