import { copyFile, readFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { StoreError, VaultError, WalletError } from '../../../src-core/errors';
import { parseJsonLossless, stringifyJson } from '../../../src-core/json/lossless';
import { summarizeIssues } from '../../../src-core/ipc/validation';
import { ensurePrivateDir, isNotFound, removeStaleTempFiles, writeFileAtomic } from '../../vault/atomic-file';

/**
 * One JSON file holding one document: `{"format": …, "version": n, "data": …}`.
 *
 * - `data` is checked with a zod schema on every read and before every write.
 * - Older versions are brought up to date by numbered migrations (`migrations[n]` turns version n
 *   into n+1). The original is copied to `<file>.v<n>.bak` before the migrated file replaces it.
 * - Writes reuse the vault's atomic writer (temp file, fsync, rename, fsync of the folder), so a
 *   crash leaves the old document or the new one, never half of each.
 * - A file that does not parse, names another format, fails its schema or comes from a newer app
 *   is reported (`problem`, and every read or write throws it) and left exactly as it is, until
 *   someone chooses `setAside()`.
 */
export interface StoreDefinition<T> {
  /** Written into the file, checked on read, e.g. `tron-wallet-address-book`. */
  readonly format: string;
  readonly version: number;
  /** Schema of `data` at the current version. */
  readonly schema: z.ZodType<T, unknown>;
  /** The document of a file that does not exist yet. */
  readonly empty: () => T;
  /** `migrations[n]` turns the data of version n into version n + 1. */
  readonly migrations?: Readonly<Record<number, (data: unknown) => unknown>>;
  /** Words for messages: "address book", "settings". */
  readonly what: string;
}

export const StoreErrorCode = {
  corrupt: 'STORE_FILE_CORRUPT',
  truncated: 'STORE_FILE_TRUNCATED',
  tooNew: 'STORE_FILE_TOO_NEW',
  wrongFormat: 'STORE_WRONG_FORMAT',
  invalid: 'STORE_FILE_INVALID',
  migrationFailed: 'STORE_MIGRATION_FAILED',
  readFailed: 'STORE_READ_FAILED',
  writeFailed: 'STORE_WRITE_FAILED',
  invalidUpdate: 'STORE_INVALID_UPDATE',
  notFound: 'STORE_ENTRY_NOT_FOUND',
  closed: 'STORE_CLOSED',
} as const;

export interface StoreOpenReport {
  /** Set when the file was migrated: the version it had. */
  readonly migratedFrom?: number;
  readonly backup?: string;
}

export class JsonStore<T> {
  private data: T | null;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly file: string,
    private readonly definition: StoreDefinition<T>,
    data: T | null,
    private damage: StoreError | null,
    readonly report: StoreOpenReport,
  ) {
    this.data = data;
  }

  /** Never throws for a damaged file: the store opens in the damaged state and says why. */
  static async open<T>(file: string, definition: StoreDefinition<T>): Promise<JsonStore<T>> {
    const dir = dirname(file);
    await ensurePrivateDir(dir);
    await removeStaleTempFiles(dir);
    let text: string | null;
    try {
      text = await readFile(file, 'utf8');
    } catch (cause) {
      if (!isNotFound(cause)) {
        const error = new StoreError(
          StoreErrorCode.readFailed,
          `Could not read the ${definition.what} file ${file}: ${ioCode(cause)}.`,
          { file },
          { cause },
        );
        return new JsonStore(file, definition, null, error, {});
      }
      text = null;
    }
    if (text === null) return new JsonStore(file, definition, definition.empty(), null, {});
    try {
      const { data, version } = decode(text, file, definition);
      if (version === definition.version) return new JsonStore(file, definition, data, null, {});
      // Keep the file as it was before the migration rewrites it.
      const backup = `${file}.v${version}.bak`;
      await copyFile(file, backup);
      await write(file, definition, data);
      return new JsonStore(file, definition, data, null, { migratedFrom: version, backup });
    } catch (error) {
      if (error instanceof StoreError) return new JsonStore(file, definition, null, error, {});
      throw error;
    }
  }

  /** Why the file cannot be used, or null when it is fine. */
  get problem(): StoreError | null {
    return this.damage;
  }

  /** The current document. Throws the damage report for a damaged file. */
  read(): T {
    if (this.closed) throw closedError(this.definition);
    if (this.damage || this.data === null) throw this.damage ?? closedError(this.definition);
    return this.data;
  }

  /**
   * Replaces the document with `change(current)`, validated and written atomically. Updates run
   * one at a time in call order; a failed write leaves the file and the document as they were.
   */
  update(change: (current: T) => T): Promise<T> {
    const run = async (): Promise<T> => {
      const data = change(this.read());
      const checked = this.definition.schema.safeParse(data);
      if (!checked.success) {
        const issues = summarizeIssues(checked.error);
        throw new StoreError(
          StoreErrorCode.invalidUpdate,
          `The change to the ${this.definition.what} was refused: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}.`,
          { issues },
        );
      }
      await write(this.file, this.definition, checked.data);
      this.data = checked.data;
      return checked.data;
    };
    const next = this.tail.then(run, run);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * For a damaged file only, and only when the person asks: renames it to
   * `<file>.damaged-<time>` (kept for support) and starts an empty document.
   */
  async setAside(now = Date.now()): Promise<string> {
    if (!this.damage)
      throw new StoreError(
        StoreErrorCode.invalidUpdate,
        `The ${this.definition.what} file is not damaged; nothing was moved.`,
        { file: this.file },
      );
    const target = join(dirname(this.file), `${basename(this.file)}.damaged-${now}`);
    await rename(this.file, target);
    this.damage = null;
    this.data = this.definition.empty();
    return target;
  }

  /** Waits for pending writes; later calls fail. */
  async close(): Promise<void> {
    await this.tail;
    this.closed = true;
  }
}

function closedError(definition: StoreDefinition<unknown>): StoreError {
  return new StoreError(
    StoreErrorCode.closed,
    `The ${definition.what} is closed (the network was switched). Try again.`,
  );
}

async function write<T>(file: string, definition: StoreDefinition<T>, data: T): Promise<void> {
  const text = `${stringifyJson({ format: definition.format, version: definition.version, data }, 2)}\n`;
  try {
    await writeFileAtomic(file, text);
  } catch (error) {
    if (error instanceof VaultError) {
      throw new StoreError(
        StoreErrorCode.writeFailed,
        `Could not save the ${definition.what}: ${error.message}`,
        { file },
        { cause: error },
      );
    }
    throw error;
  }
}

/** Parses, checks the envelope, migrates and validates; every failure is a StoreError naming the file. */
function decode<T>(text: string, file: string, definition: StoreDefinition<T>): { data: T; version: number } {
  const kept = 'It was left as is; move it away or restore it from a backup.';
  let json: unknown;
  try {
    json = parseJsonLossless(text);
  } catch {
    const trimmed = text.trimEnd();
    if (trimmed.length === 0 || !trimmed.endsWith('}')) {
      throw new StoreError(
        StoreErrorCode.truncated,
        `The ${definition.what} file ${file} is empty or cut short (${text.length} bytes). ${kept}`,
        { file, bytes: text.length },
      );
    }
    throw new StoreError(StoreErrorCode.corrupt, `The ${definition.what} file ${file} is not valid JSON. ${kept}`, {
      file,
    });
  }
  const envelope =
    typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (!envelope || envelope.format !== definition.format) {
    throw new StoreError(
      StoreErrorCode.wrongFormat,
      `The file ${file} is not a ${definition.what} file (format "${definition.format}" expected). ${kept}`,
      { file },
    );
  }
  const version = envelope.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new StoreError(
      StoreErrorCode.corrupt,
      `The ${definition.what} file ${file} has no valid version number. ${kept}`,
      { file },
    );
  }
  if (version > definition.version) {
    throw new StoreError(
      StoreErrorCode.tooNew,
      `The ${definition.what} file ${file} was written by a newer version of the app (format version ${version}; this app reads up to ${definition.version}). It was left as is; update the app.`,
      { file, version, supported: definition.version },
    );
  }
  let data: unknown = envelope.data;
  for (let from = version; from < definition.version; from++) {
    const migrate = definition.migrations?.[from];
    if (!migrate) {
      throw new StoreError(
        StoreErrorCode.migrationFailed,
        `This app cannot upgrade the ${definition.what} file ${file} from version ${from}. ${kept}`,
        { file, version: from },
      );
    }
    try {
      data = migrate(data);
    } catch (cause) {
      if (cause instanceof WalletError) throw cause;
      throw new StoreError(
        StoreErrorCode.migrationFailed,
        `Upgrading the ${definition.what} file ${file} from version ${from} failed. ${kept}`,
        { file, version: from },
        { cause },
      );
    }
  }
  const checked = definition.schema.safeParse(data);
  if (!checked.success) {
    const issues = summarizeIssues(checked.error);
    const first = issues[0];
    throw new StoreError(
      StoreErrorCode.invalid,
      `The ${definition.what} file ${file} does not match its format${first ? ` (${first.path ? `${first.path}: ` : ''}${first.message})` : ''}. ${kept}`,
      { file, issues },
    );
  }
  return { data: checked.data, version };
}

function ioCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : 'unknown error';
}
