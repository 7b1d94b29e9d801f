import { z } from 'zod';
import { defineChannels } from '../define';
import { AddressSchema } from '../common';

/**
 * The address book of the current network: names for the addresses the team sends to and
 * co-signs with (shown in the co-signing inbox, the permission editor and the history), with CSV
 * import and export (src-core/csv: RFC 4180, formula cells guarded on export).
 */

const ContactIdSchema = z.string({ error: 'must be text' }).regex(/^ctc_[0-9a-f]{16}$/, 'must be a contact id');
/** Exported and read as these columns, in any order (header row required). */
export const ADDRESS_BOOK_CSV_COLUMNS = ['name', 'address', 'note', 'tags'] as const;

export const ContactViewSchema = z.object({
  id: ContactIdSchema,
  name: z.string(),
  /** Base58. */
  address: z.string(),
  note: z.string(),
  tags: z.array(z.string()),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ContactView = z.infer<typeof ContactViewSchema>;

export const CsvProblemSchema = z.object({ line: z.number().int(), message: z.string() });
export type CsvProblem = z.infer<typeof CsvProblemSchema>;

export const AddressBookImportReportSchema = z.object({
  /** Data rows read (header excluded). */
  rows: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Refused rows, by line number. */
  problems: z.array(CsvProblemSchema),
  /** false for a preview, or when problems stopped the import. */
  applied: z.boolean(),
});
export type AddressBookImportReport = z.infer<typeof AddressBookImportReportSchema>;

export const CsvExportSchema = z.object({ csv: z.string(), fileName: z.string(), count: z.number().int() });
export type CsvExport = z.infer<typeof CsvExportSchema>;

export const addressBookChannels = defineChannels('addressBook', {
  list: {
    summary: 'The contacts of the current network, by name.',
    input: z.undefined(),
    output: z.array(ContactViewSchema),
  },
  save: {
    summary: 'Adds a contact (no id) or changes one; one contact per address.',
    input: z.strictObject({
      id: ContactIdSchema.optional(),
      name: z
        .string({ error: 'must be text' })
        .trim()
        .min(1, 'must not be empty')
        .max(64, 'must be at most 64 characters'),
      address: AddressSchema,
      note: z.string({ error: 'must be text' }).max(500, 'must be at most 500 characters').optional(),
      tags: z
        .array(z.string({ error: 'must be text' }).max(32, 'must be at most 32 characters'))
        .max(16, 'has too many tags')
        .optional(),
    }),
    output: ContactViewSchema,
  },
  remove: {
    summary: 'Removes a contact.',
    input: z.strictObject({ id: ContactIdSchema }),
    output: z.object({ id: ContactIdSchema }),
  },
  importCsv: {
    summary:
      'Reads CSV (name, address, note, tags); a preview unless `apply`; malformed rows are refused with ' +
      'their line numbers.',
    input: z.strictObject({
      csv: z.string({ error: 'must be text' }).max(2_000_000, 'is larger than 2 MB'),
      apply: z.boolean({ error: 'must be true or false' }),
      /** Import the valid rows even when others are refused. */
      skipInvalid: z.boolean({ error: 'must be true or false' }).optional(),
    }),
    output: AddressBookImportReportSchema,
  },
  openCsv: {
    summary: "Main's open dialog for a CSV file; its text, or null when the person cancels.",
    input: z.undefined(),
    output: z.object({ csv: z.string(), name: z.string() }).nullable(),
  },
  exportCsv: {
    summary: 'The address book as CSV text (formula cells guarded).',
    input: z.undefined(),
    output: CsvExportSchema,
  },
  saveCsv: {
    summary: "Main's save dialog, then writes the address book CSV; null when the person cancels.",
    input: z.undefined(),
    output: z.object({ path: z.string(), count: z.number().int() }).nullable(),
  },
});
