import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  EnvelopeQrReader,
  envelopeTextRead,
  envelopeUrParts,
  QR_MAX_FRAMES,
  serializeEnvelope,
  withAudit,
} from '../../../src-core/envelope';
import { EnvelopeError } from '../../../src-core/errors';
import type { EnvelopeExport, ImportResult } from '../../../src-core/ipc/channels/cosign';
import type { Clipboard, FileDialogs } from '../context';
import type { AuditBundle } from '../../../src-core/audit';
import type { ChainAccess } from '../node-host/chain-access';
import { CosignErrorCode, fail, requireEntry } from './errors';
import { fileNameOf } from './inbox-views';

export const ENVELOPE_FILTERS = [
  { name: 'Co-signing envelope', extensions: ['json', 'tronenv'] },
  { name: 'All files', extensions: ['*'] },
];
const MAX_FILE_BYTES = 4_000_000;
/** The most characters one QR code holds (version 40, alphanumeric mode): a longer code was not read from one. */
export const QR_CODE_MAX_CHARS = 4296;

/** Refuses a set of codes no reader produces, before any code is decoded. */
function checkQrBounds(codes: readonly string[]): void {
  if (codes.length > QR_MAX_FRAMES)
    throw new EnvelopeError(
      'ENVELOPE_QR_TOO_MANY_CODES',
      `${codes.length} QR codes were sent; an envelope is read from at most ${QR_MAX_FRAMES}. Pass a larger envelope as a file.`,
      { count: codes.length, limit: QR_MAX_FRAMES },
    );
  const long = codes.findIndex((code) => code.length > QR_CODE_MAX_CHARS);
  if (long !== -1)
    throw new EnvelopeError(
      'ENVELOPE_QR_CODE_TOO_LONG',
      `Code ${long + 1} has ${codes[long]!.length} characters, more than the ${QR_CODE_MAX_CHARS} a QR code holds; it was not read from a QR code. Read the codes again.`,
      { index: long + 1, limit: QR_CODE_MAX_CHARS },
    );
}

/**
 * The envelope text from QR codes read in any order, one code per turn of main's event loop:
 * peeling a full set of mixed fountain parts takes a second or more, and IPC answers, consent
 * prompts and the node's events must not wait for it. The number and length of the codes are
 * checked before the first is decoded; copies of a part are skipped without decoding.
 */
export async function readEnvelopeQrInTurns(codes: readonly string[]): Promise<string> {
  checkQrBounds(codes);
  const reader = new EnvelopeQrReader();
  for (const code of codes) {
    await nextTurn();
    reader.add(code);
  }
  return envelopeTextRead(reader);
}

export interface EnvelopeFilesOptions {
  readonly chain: Pick<ChainAccess, 'stores'>;
  readonly clipboard: Clipboard;
  readonly files?: FileDialogs | undefined;
  readonly now: () => number;
  /** The inbox's import, for a file chosen in main's open dialog. */
  readonly importText: (text: string) => Promise<ImportResult>;
  /** This desk's audit log of an account, to travel in the envelope (none: the envelope goes without). */
  readonly auditOf?: (account: string) => AuditBundle | undefined;
}

/**
 * Envelopes in and out of this wallet as text: main's open dialog (then the inbox's import), and
 * out by main's save dialog, the clipboard or QR codes (BC-UR parts). The first time one leaves, the inbox
 * notes it (the proposer's note is fixed from then on).
 */
export class EnvelopeFiles {
  constructor(private readonly options: EnvelopeFilesOptions) {}

  async open(): Promise<ImportResult | null> {
    const open = this.options.files?.openText;
    if (!open)
      fail(
        CosignErrorCode.noDialog,
        'This window cannot show the open dialog; choose the file with the file field instead.',
      );
    const file = await open.call(this.options.files, {
      title: 'Open a co-signing envelope',
      filters: ENVELOPE_FILTERS,
      maxBytes: MAX_FILE_BYTES,
    });
    return file ? this.options.importText(file.text) : null;
  }

  export(id: string): EnvelopeExport {
    const envelopes = this.options.chain.stores().envelopes;
    const stored = envelopes.envelopeOf(requireEntry(envelopes.get(id), id));
    // The log leaves with the envelope so the next desk, and every desk after it, holds the whole story.
    const envelope = withAudit(stored, this.options.auditOf?.(stored.summary.owner));
    const text = serializeEnvelope(envelope);
    return { text, fileName: fileNameOf(envelope), frames: envelopeUrParts(text) };
  }

  async save(id: string): Promise<{ path: string } | null> {
    const save = this.options.files?.saveText;
    if (!save)
      fail(
        CosignErrorCode.noDialog,
        'This window cannot show the save dialog; copy the envelope or show its QR codes instead.',
      );
    const { text, fileName } = this.export(id);
    const saved = await save.call(
      this.options.files,
      { title: 'Save the co-signing envelope', defaultName: fileName, filters: ENVELOPE_FILTERS },
      text,
    );
    if (saved) await this.exported(id);
    return saved;
  }

  async copy(id: string): Promise<{ copied: true }> {
    const { text } = this.export(id);
    this.options.clipboard.writeText(text);
    await this.exported(id);
    return { copied: true };
  }

  /** Notes the first time the envelope left this wallet. */
  async exported(id: string): Promise<void> {
    const envelopes = this.options.chain.stores().envelopes;
    const entry = requireEntry(envelopes.get(id), id);
    if (entry.exportedAt === null)
      await envelopes.update(id, () => ({ exportedAt: this.options.now() }), this.options.now());
  }
}
