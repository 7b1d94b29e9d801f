import { constants } from 'node:fs';
import { copyFile, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  appendAuditEntry,
  auditEntryHash,
  auditEntrySchema,
  createAuditBundle,
  mergeAuditBundles,
  type AppendInput,
  type AuditBundle,
  type AuditEntry,
  type AuditHead,
} from '../../../src-core/audit';
import { auditHeadSchema } from '../../../src-core/audit/bundle';
import { canonicalJson } from '../../../src-core/envelope/canonical';
import { parseJsonLossless } from '../../../src-core/json/lossless';
import { ensurePrivateDir, isNotFound, PRIVATE_FILE_MODE, syncDir, writeFileAtomic } from '../../vault/atomic-file';

/** One line of an audit log file that reads: an entry or a stated head, with its text. */
export interface AuditLine {
  readonly entry?: AuditEntry;
  readonly head?: AuditHead;
  readonly text: string;
}

/**
 * The lines of a log file's text that read, and the numbers of those that do not with the
 * reason. Nothing is changed: the app's log (`AuditFile.open`) and the export command share it.
 */
export function readAuditText(text: string, account: string): { lines: AuditLine[]; problems: AuditFileProblem[] } {
  const raw = text === '' ? [] : text.split('\n');
  // The text ends with a newline after the last line; an empty last piece is not a line.
  if (raw.at(-1) === '') raw.pop();
  const problems: AuditFileProblem[] = [];
  const lines: AuditLine[] = [];
  raw.forEach((line, i) => {
    const read = readLine(line, account);
    if ('reason' in read) problems.push({ line: i + 1, reason: read.reason });
    else lines.push({ ...read, text: line });
  });
  return { lines, problems };
}

/** A line of the file that could not be read, by its number (from 1), with the reason. */
export interface AuditFileProblem {
  readonly line: number;
  readonly reason: string;
}

/**
 * One account's audit log on one network: an append-only file of lines, each the canonical JSON
 * of `{"entry": …}` (an entry, this desk's or one received) or `{"head": …}` (a desk's stated last
 * entry, received in a bundle). Lines are only ever added, each write followed by an fsync, so a
 * crash loses at most the line being written. A file with lines that do not read (a torn last
 * line, damage on disk, an entry whose hash does not match) is moved aside whole as
 * `<file>.damaged-<time>`, never deleted, and the readable lines are written back; `problems`
 * says which lines were left out and why.
 */
export class AuditFile {
  private readonly entries = new Map<string, AuditEntry>();
  private readonly heads = new Map<string, AuditHead>();
  private tail: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    readonly account: string,
    /** Lines left out when the file was read; the damaged original is at `setAside`. */
    readonly problems: readonly AuditFileProblem[],
    readonly setAside: string | null,
  ) {}

  static async open(path: string, account: string, now: number): Promise<AuditFile> {
    let text: string | null;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (!isNotFound(error)) throw error;
      text = null;
    }
    const { lines: good, problems } = readAuditText(text ?? '', account);
    let setAside: string | null = null;
    if (problems.length > 0) {
      setAside = `${path}.damaged-${now}`;
      // Copied first and replaced atomically after: at every moment one of the two holds every line.
      await copyFile(path, setAside, constants.COPYFILE_EXCL);
      await writeFileAtomic(path, good.map((g) => `${g.text}\n`).join(''));
    }
    const file = new AuditFile(path, account, problems, setAside);
    for (const g of good) {
      if (g.entry) file.entries.set(g.entry.hash, g.entry);
      if (g.head) file.keepHead(g.head);
    }
    return file;
  }

  /** The last entry of `desk`'s chain held here, or null. */
  head(desk: string): AuditEntry | null {
    let last: AuditEntry | null = null;
    for (const e of this.entries.values()) if (e.desk === desk && (!last || e.seq > last.seq)) last = e;
    return last;
  }

  /** Everything held, as one bundle: entries and, per desk, the later of its own and any stated head. */
  bundle(): AuditBundle {
    const own = createAuditBundle(this.account, [...this.entries.values()]);
    return mergeAuditBundles(own, { ...own, heads: [...this.heads.values()], entries: [] });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The next entry of this desk's chain, written and synced before it is returned. */
  append(input: Omit<AppendInput, 'account'>): Promise<AuditEntry> {
    return this.queue(async () => {
      const entry = appendAuditEntry(this.head(input.desk), { ...input, account: this.account });
      await this.write([{ entry }]);
      this.entries.set(entry.hash, entry);
      return entry;
    });
  }

  /**
   * Merges a received bundle: refused whole (`AuditError`) when it forks a chain held here or
   * belongs to another account; otherwise its new entries and later heads are appended.
   */
  merge(received: AuditBundle): Promise<{ added: number }> {
    return this.queue(async () => {
      mergeAuditBundles(this.bundle(), received);
      const fresh = received.entries.filter((e) => !this.entries.has(e.hash));
      const later = received.heads.filter((h) => {
        const known = this.heads.get(h.desk);
        return !known || h.seq > known.seq;
      });
      if (fresh.length === 0 && later.length === 0) return { added: 0 };
      await this.write([...fresh.map((entry) => ({ entry })), ...later.map((head) => ({ head }))]);
      for (const e of fresh) this.entries.set(e.hash, e);
      for (const h of later) this.keepHead(h);
      return { added: fresh.length };
    });
  }

  private keepHead(head: AuditHead): void {
    const known = this.heads.get(head.desk);
    if (!known || head.seq > known.seq) this.heads.set(head.desk, head);
  }

  private queue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Appends whole lines and syncs them; a new file's folder is synced too, so the file itself survives a crash. */
  private async write(records: readonly ({ entry: AuditEntry } | { head: AuditHead })[]): Promise<void> {
    const dir = dirname(this.path);
    await ensurePrivateDir(dir);
    const handle = await open(this.path, 'a', PRIVATE_FILE_MODE);
    let created: boolean;
    try {
      created = (await handle.stat()).size === 0;
      await handle.appendFile(records.map((r) => `${canonicalJson(r)}\n`).join(''));
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (created) await syncDir(dir);
  }
}

function readLine(line: string, account: string): { entry: AuditEntry } | { head: AuditHead } | { reason: string } {
  let value: unknown;
  try {
    value = parseJsonLossless(line);
  } catch {
    return { reason: 'not JSON text (a torn or damaged line)' };
  }
  if (value === null || typeof value !== 'object') return { reason: 'not an entry or a head' };
  const record = value as Record<string, unknown>;
  if ('head' in record) {
    const head = auditHeadSchema.safeParse(record.head);
    return head.success ? { head: head.data } : { reason: 'a head of the wrong shape' };
  }
  const parsed = auditEntrySchema.safeParse(record.entry);
  if (!parsed.success) return { reason: 'an entry of the wrong shape' };
  if (parsed.data.account !== account) return { reason: `an entry of another account (${parsed.data.account})` };
  if (auditEntryHash(parsed.data) !== parsed.data.hash)
    return { reason: 'an entry whose content does not match its hash' };
  return { entry: parsed.data };
}
