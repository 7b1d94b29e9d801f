import { z } from 'zod';
import { defineChannels } from '../define';
import { TxIdSchema } from '../common';
import { SummaryLineSchema } from './tx';
import {
  CallViewSchema,
  CheckViewSchema,
  EnvelopeExportSchema,
  EnvelopeTextSchema,
  ExpiryViewSchema,
  FingerprintViewSchema,
  ProgressViewSchema,
  QrFramesInputSchema,
} from './cosign';

/**
 * The offline signer: this computer never connects. Main starts no node and opens no connection
 * while the mode is on; envelopes come in by file, paste or camera (QR codes), are checked with
 * no chain (integrity, the permission they carry, signatures, expiry by this computer's clock),
 * signed with a vault key behind main's confirmation, and go out as a file or QR codes. Keys
 * never cross: signing names a vault account.
 */

export const OfflineStatusSchema = z.object({
  offline: z.boolean(),
  /** Why the mode is on though nobody chose it (its record is damaged or missing); null otherwise. */
  reason: z.string().nullable(),
});
export type OfflineStatus = z.infer<typeof OfflineStatusSchema>;

/** A check only a node could do, named so the person knows it was not done. */
export const NotCheckableViewSchema = z.object({
  id: z.enum(['permission-on-chain', 'reference-block', 'network']),
  title: z.string(),
  message: z.string(),
});
export type NotCheckableView = z.infer<typeof NotCheckableViewSchema>;

export const OfflineEnvelopeSchema = z.object({
  txid: TxIdSchema,
  headline: z.string(),
  contractType: z.string(),
  owner: z.string(),
  /** `genesis`: the part of the genesis id that tells chains apart, or the known network's name. */
  network: z.object({ name: z.string(), genesisBlockId: z.string(), genesis: z.string() }),
  fingerprint: FingerprintViewSchema,
  summary: z.array(SummaryLineSchema),
  call: CallViewSchema.nullable(),
  checks: z.array(CheckViewSchema),
  notCheckable: z.array(NotCheckableViewSchema),
  /** Null when the envelope carries no permission (nothing can be weighed offline). */
  progress: ProgressViewSchema.nullable(),
  /** Counted from this computer's clock (`headTime` holds that clock's reading). */
  expiry: ExpiryViewSchema,
  signatures: z.number().int(),
  note: z.string().nullable(),
  json: z.string(),
  fileName: z.string(),
});
export type OfflineEnvelope = z.infer<typeof OfflineEnvelopeSchema>;

const TxRefSchema = z.strictObject({ txid: TxIdSchema });
const AccountIdSchema = z.string({ error: 'must be text' }).regex(/^acc_[0-9a-f]{16}$/, 'must be an account id');

export const offlineChannels = defineChannels('offline', {
  status: {
    summary: 'Whether this computer is the offline signer (no node, no network).',
    input: z.undefined(),
    output: OfflineStatusSchema,
  },
  enter: {
    summary: 'Becomes the offline signer: stops the node, closes every connection, and starts none until left.',
    input: z.undefined(),
    output: OfflineStatusSchema,
  },
  leave: {
    summary: 'Leaves the offline signer: the selected network opens again.',
    input: z.undefined(),
    output: OfflineStatusSchema,
  },
  import: {
    summary: 'Checks an envelope (file or pasted text) without a chain and keeps it for this session.',
    input: z.strictObject({ text: EnvelopeTextSchema, source: z.enum(['file', 'paste']) }),
    output: OfflineEnvelopeSchema,
  },
  importQr: {
    summary: 'Reassembles QR codes scanned in any order (BC-UR parts), then checks the envelope they carry.',
    input: QrFramesInputSchema,
    output: OfflineEnvelopeSchema,
  },
  sign: {
    summary:
      "Signs with the vault account the person chose, after main's confirmation (a key of the envelope's permission).",
    input: z.strictObject({ txid: TxIdSchema, accountId: AccountIdSchema }),
    output: OfflineEnvelopeSchema,
  },
  export: {
    summary: 'The envelope as canonical JSON, a file name and its QR codes, to carry back to an online wallet.',
    input: TxRefSchema,
    output: EnvelopeExportSchema,
  },
  saveFile: {
    summary: "Main's save dialog, then writes the envelope; null when the person cancels.",
    input: TxRefSchema,
    output: z.object({ path: z.string() }).nullable(),
  },
});
