import type { FetchLike } from '../../../src-core/client/fetch';
import { runAuditCommand } from './commands';

/** `npm run audit -- verify|export|verify-control …` (commands.ts). */
runAuditCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  fetch: globalThis.fetch as unknown as FetchLike,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`audit: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  },
);
