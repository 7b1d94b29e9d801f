import { z } from 'zod';
import { AccountCustodySchema } from './vault';
import { defineChannels, defineEvents } from '../define';
import { TxIdSchema } from '../common';
import { CostViewSchema, SimulationViewSchema, SummaryLineSchema } from './tx';
import { KeyDirectoryEntrySchema, PermissionDiffSchema } from './permissions';

/**
 * The co-signing inbox: envelopes (docs/envelope.md) proposed here or received from
 * co-signers by file, paste, drag and drop or QR codes. Main verifies everything it receives —
 * txID from both the JSON and raw_data_hex, every signature against the account's permission on
 * this node, duplicate signers, the network (genesis id and TAPOS reference block) — and refuses
 * or flags what fails, with the reason. Keys never cross: signing names a vault account.
 */

export const EnvelopeIdSchema = z
  .string({ error: 'must be text' })
  .regex(/^env_[0-9a-f]{16}$/, 'must be an envelope id');
export const EnvelopeRefSchema = z.strictObject({ id: EnvelopeIdSchema });
/** docs/envelope.md: no genuine envelope is longer than this. */
export const EnvelopeTextSchema = z
  .string({ error: 'must be text' })
  .min(2, 'is empty')
  .max(4_000_000, 'is larger than any genuine envelope');
const AccountIdSchema = z.string({ error: 'must be text' }).regex(/^acc_[0-9a-f]{16}$/, 'must be an account id');

/** QR codes as read, in any order (BC-UR parts, or TRONCOSIGN1 frames of older versions). */
export const QrFramesInputSchema = z.strictObject({
  frames: z
    .array(z.string().max(8192, 'is too long for a QR code'))
    .min(1, 'must hold at least one code')
    .max(500, 'has too many codes'),
});

export const ImportSourceSchema = z.enum(['file', 'paste', 'drop', 'qr'], { error: 'must be file, paste, drop or qr' });
export type ImportSource = z.infer<typeof ImportSourceSchema>;

export const FingerprintViewSchema = z.object({
  /** 8 BIP-39 words, read aloud by phone. */
  words: z.array(z.string()),
  text: z.string(),
  /** 5 groups of 4 hex digits. */
  hex: z.string(),
});
export type FingerprintView = z.infer<typeof FingerprintViewSchema>;

/** One verification done on import (and again on every view). */
export const CheckViewSchema = z.object({
  id: z.enum(['integrity', 'signatures', 'network', 'tapos', 'permission', 'node-weight', 'expiry']),
  outcome: z.enum(['passed', 'failed', 'warning', 'skipped']),
  title: z.string(),
  message: z.string(),
});
export type CheckView = z.infer<typeof CheckViewSchema>;

export const SignerViewSchema = z.object({
  /** Base58. */
  address: z.string(),
  /** From the vault's labels or the address book. */
  name: z.string().nullable(),
  source: z.enum(['vault', 'address-book']).nullable(),
  weight: z.bigint(),
  signed: z.boolean(),
  /** The vault account that can sign for this key here (a vault key or a Ledger's), if any. */
  accountId: z.string().nullable(),
  /** "key 3 — offline signer, waiting for its envelope": the key's place, kind and state, in words. */
  key: z.string(),
  /** Where the key lives when it is a vault account; null for address-book and unknown keys. */
  custody: AccountCustodySchema.nullable(),
});

export const ProgressViewSchema = z.object({
  permissionId: z.number().int(),
  permissionName: z.string(),
  permissionType: z.enum(['Owner', 'Witness', 'Active']),
  threshold: z.bigint(),
  currentWeight: z.bigint(),
  thresholdMet: z.boolean(),
  /** `chain`: weighed against the permission this node holds now; `envelope`: its snapshot (node unreachable). */
  basis: z.enum(['chain', 'envelope']),
  signers: z.array(SignerViewSchema),
  /** java-tron's words for anything wrong with the signatures. */
  problems: z.array(z.string()),
  /** The node's own answer (getsignweight, getapprovedlist), to cross-check. */
  node: z.object({
    checked: z.boolean(),
    currentWeight: z.bigint().nullable(),
    approved: z.array(z.string()),
    thresholdMet: z.boolean().nullable(),
    agrees: z.boolean().nullable(),
    message: z.string().nullable(),
  }),
});
export type ProgressView = z.infer<typeof ProgressViewSchema>;

export const ExpiryViewSchema = z.object({
  expiresAt: z.number().int(),
  /** The head block time the remaining time counts from (never the local clock). */
  headTime: z.number().int().nullable(),
  remainingMs: z.number().int().nullable(),
  state: z.enum(['open', 'expiring', 'expired', 'too-early', 'unknown']),
  /** expiration − raw_data.timestamp: the signing window the proposer chose. */
  windowMs: z.number().int(),
  /** Below this, the view warns: the last 5 minutes, or the last quarter of a shorter window. */
  warnBelowMs: z.number().int(),
});
export type ExpiryView = z.infer<typeof ExpiryViewSchema>;

/**
 * collecting: below the threshold · ready: enough weight, not broadcast · broadcast: in the pool
 * or a block · confirmed / failed: final · expired: past its expiration unbroadcast · replaced:
 * re-proposed as a new transaction.
 */
export const EnvelopeStageSchema = z.enum([
  'collecting',
  'ready',
  'broadcast',
  'confirmed',
  'failed',
  'expired',
  'replaced',
]);
export type EnvelopeStage = z.infer<typeof EnvelopeStageSchema>;

export const InboxItemSchema = z.object({
  id: EnvelopeIdSchema,
  txid: TxIdSchema,
  label: z.string(),
  origin: z.enum(['proposed', 'imported']),
  stage: EnvelopeStageSchema,
  contractType: z.string(),
  /** One line: "Send 2.5 TRX to Carol". */
  headline: z.string(),
  owner: z.string(),
  ownerName: z.string().nullable(),
  fingerprint: FingerprintViewSchema,
  currentWeight: z.bigint(),
  threshold: z.bigint(),
  signatures: z.number().int(),
  expiresAt: z.number().int(),
  autoBroadcast: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  replacedBy: TxIdSchema.nullable(),
  /** Still collecting, and a key of this vault can add its signature: counted on the navigation. */
  waitingForYou: z.boolean().optional(),
  /** `here`: this desk broadcast it; `elsewhere`: this desk only saw it on chain; null: not known to be sent. */
  broadcastBy: z.enum(['here', 'elsewhere']).nullable().optional(),
  /** Time of the block that holds it (ms), once this desk's node showed it. */
  onChainAt: z.number().int().nullable().optional(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const CallViewSchema = z.object({
  contract: z.string(),
  selector: z.string(),
  /** Call data, hex. */
  data: z.string(),
  /** null when no ABI in the envelope explains the call. */
  signature: z.string().nullable(),
  /** `value` as decoded (addresses in Base58); `shown` is a token amount in the token's units. */
  args: z.array(z.object({ name: z.string(), type: z.string(), value: z.string(), shown: z.string().optional() })),
});
export type CallView = z.infer<typeof CallViewSchema>;

export const PermissionChangeViewSchema = z.object({
  /** Before → after, when the envelope carries the structure before the update. */
  diff: PermissionDiffSchema.nullable(),
  /** The lockout prover's findings for the new structure, with this signer's keys as context. */
  findings: z.array(
    z.object({
      code: z.string(),
      severity: z.string(),
      message: z.string(),
      permissionId: z.number().int().nullable(),
    }),
  ),
  /** The structure after the change, one line per permission. */
  after: z.array(SummaryLineSchema),
  /** Names for the addresses the diff mentions, from this signer's vault and address book. */
  directory: z.array(KeyDirectoryEntrySchema),
});
export type PermissionChangeView = z.infer<typeof PermissionChangeViewSchema>;

export const EnvelopeDetailSchema = InboxItemSchema.extend({
  /** `genesis`: the part of the genesis id that tells chains apart, or the known network's name. */
  network: z.object({ name: z.string(), genesisBlockId: z.string(), genesis: z.string() }),
  /** The decoded summary this wallet computed (never the file's own). */
  summary: z.array(SummaryLineSchema),
  call: CallViewSchema.nullable(),
  permissionChange: PermissionChangeViewSchema.nullable(),
  progress: ProgressViewSchema,
  expiry: ExpiryViewSchema,
  checks: z.array(CheckViewSchema),
  note: z.string().nullable(),
  /** The proposer may change the note until the envelope first leaves this wallet. */
  noteEditable: z.boolean(),
  carriedApprovals: z.array(z.object({ address: z.string(), name: z.string().nullable() })),
  reproposedFrom: TxIdSchema.nullable(),
  refBlock: z.object({
    number: z.number().int().nullable(),
    bytes: z.string(),
    hash: z.string(),
    ageBlocks: z.number().int().nullable(),
  }),
  exportedAt: z.number().int().nullable(),
  broadcastAt: z.number().int().nullable(),
  /** The envelope as it would be exported (canonical JSON). */
  json: z.string(),
  fileName: z.string(),
});
export type EnvelopeDetail = z.infer<typeof EnvelopeDetailSchema>;

export const InboxSchema = z.object({
  network: z.string(),
  items: z.array(InboxItemSchema),
  /** Stored envelopes that no longer verify (kept with the reason until removed). */
  unreadable: z.array(z.object({ id: z.string(), label: z.string(), code: z.string(), reason: z.string() })),
  headTime: z.number().int().nullable(),
  /** Whether main can show its own open and save dialogs (the Electron app); otherwise the page uses a file input. */
  fileDialogs: z.object({ open: z.boolean(), save: z.boolean() }),
});
export type Inbox = z.infer<typeof InboxSchema>;

export const ImportResultSchema = z.object({
  id: EnvelopeIdSchema,
  outcome: z.enum(['added', 'merged', 'unchanged']),
  newSignatures: z.number().int(),
  /** The threshold was met and the proposer had chosen automatic broadcast. */
  broadcast: z.boolean(),
  detail: EnvelopeDetailSchema,
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const EnvelopeExportSchema = z.object({
  text: z.string(),
  fileName: z.string(),
  /**
   * The envelope's QR codes for printing (`ur:bytes/i-n/…`, each fragment once); the window animates
   * its own from `text`.
   */
  frames: z.array(z.string()),
});
export type EnvelopeExport = z.infer<typeof EnvelopeExportSchema>;

export const cosignChannels = defineChannels('cosign', {
  list: {
    summary:
      'The co-signing inbox of the current network: every envelope with its stage, fingerprint, weight and expiry.',
    input: z.undefined(),
    output: InboxSchema,
  },
  get: {
    summary:
      'One envelope: decoded summary, fingerprint, verification, signing progress cross-checked with the node, expiry.',
    input: EnvelopeRefSchema,
    output: EnvelopeDetailSchema,
  },
  import: {
    summary:
      'Verifies an envelope (text from a file, a paste, a drop or QR codes) against this node and stores or merges it.',
    input: z.strictObject({ text: EnvelopeTextSchema, source: ImportSourceSchema }),
    output: ImportResultSchema,
  },
  importQr: {
    summary:
      'Reassembles QR codes read in any order (BC-UR parts, or TRONCOSIGN1 frames of older versions), then ' +
      'imports the envelope they carry.',
    input: QrFramesInputSchema,
    output: ImportResultSchema,
  },
  openFile: {
    summary: "Main's open dialog, then the same import as `import`; null when the person cancels.",
    input: z.undefined(),
    output: ImportResultSchema.nullable(),
  },
  export: {
    summary: 'The envelope as canonical JSON, a file name and its QR frames.',
    input: EnvelopeRefSchema,
    output: EnvelopeExportSchema,
  },
  saveFile: {
    summary: "Main's save dialog, then writes the envelope; null when the person cancels.",
    input: EnvelopeRefSchema,
    output: z.object({ path: z.string() }).nullable(),
  },
  copy: {
    summary: 'Main copies the envelope to the clipboard (the renderer has no clipboard permission).',
    input: EnvelopeRefSchema,
    output: z.object({ copied: z.literal(true) }),
  },
  markExported: {
    summary: 'Records that the envelope left this wallet another way (its QR codes were shown).',
    input: EnvelopeRefSchema,
    output: EnvelopeDetailSchema,
  },
  simulate: {
    summary:
      "Runs the transaction on this signer's own node without changing the chain: balance changes, energy, " +
      'fees, revert reason.',
    input: EnvelopeRefSchema,
    output: z.object({ simulation: SimulationViewSchema, cost: CostViewSchema }),
  },
  sign: {
    summary: 'Signs with the vault account the person chose (a key of the permission that has not signed yet).',
    input: z.strictObject({ id: EnvelopeIdSchema, accountId: AccountIdSchema }),
    output: ImportResultSchema,
  },
  broadcast: {
    summary: 'Broadcasts once the signatures reach the threshold, then follows it to confirmation (tx:track).',
    input: EnvelopeRefSchema,
    output: z.object({ txid: TxIdSchema }),
  },
  setOptions: {
    summary:
      "The proposer's choices: automatic broadcast at the threshold, and the note until the envelope is " +
      'first exported.',
    input: z.strictObject({
      id: EnvelopeIdSchema,
      autoBroadcast: z.boolean({ error: 'must be true or false' }).optional(),
      note: z.string({ error: 'must be text' }).max(4000, 'must be at most 4,000 characters').optional(),
    }),
    output: EnvelopeDetailSchema,
  },
  repropose: {
    summary:
      'Rebuilds an expired transaction with a fresh reference block and expiration (same window), carrying ' +
      'the note and who approved.',
    input: EnvelopeRefSchema,
    output: EnvelopeDetailSchema,
  },
  remove: {
    summary: 'Removes an envelope from the inbox (the transaction itself is not affected).',
    input: EnvelopeRefSchema,
    output: z.object({ id: EnvelopeIdSchema }),
  },
  removeUnreadable: {
    summary: 'Removes a stored envelope that no longer verifies.',
    input: EnvelopeRefSchema,
    output: z.object({ id: EnvelopeIdSchema }),
  },
});

export const cosignEvents = defineEvents('cosign', {
  changed: {
    summary: 'An envelope was added, gained signatures, was broadcast, expired or was replaced.',
    payload: z.object({ id: EnvelopeIdSchema, txid: TxIdSchema, stage: EnvelopeStageSchema }),
  },
});
