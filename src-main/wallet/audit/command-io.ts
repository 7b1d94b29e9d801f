import type { FetchLike } from '../../../src-core/client/fetch';

/** What `npm run audit` commands use of the process: its output streams and `fetch` for `--node`. */
export interface AuditCommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly fetch: FetchLike;
}

/** One subcommand: its arguments after the name, and its exit code. */
export type AuditCommand = (args: readonly string[], io: AuditCommandIo) => Promise<number>;
