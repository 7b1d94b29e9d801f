import { envelopeUrParts, serializeEnvelope } from '../../../src-core/envelope';
import type { EnvelopeExport, ImportResult } from '../../../src-core/ipc/channels/cosign';
import type { Clipboard, FileDialogs } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import { CosignErrorCode, fail, requireEntry } from './errors';
import { fileNameOf } from './inbox-views';

export const ENVELOPE_FILTERS = [
  { name: 'Co-signing envelope', extensions: ['json', 'tronenv'] },
  { name: 'All files', extensions: ['*'] },
];
const MAX_FILE_BYTES = 4_000_000;

export interface EnvelopeFilesOptions {
  readonly chain: Pick<ChainAccess, 'stores'>;
  readonly clipboard: Clipboard;
  readonly files?: FileDialogs | undefined;
  readonly now: () => number;
  /** The inbox's import, for a file chosen in main's open dialog. */
  readonly importText: (text: string) => Promise<ImportResult>;
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
    const envelope = envelopes.envelopeOf(requireEntry(envelopes.get(id), id));
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
