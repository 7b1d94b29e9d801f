import { readFile } from 'node:fs/promises';
import type { FetchLike } from '../../../src-core/client/fetch';
import { runPayoutsCommand } from './headless';

/** `npm run payouts -- plan <file.csv> --from <address> --node <url>` (options: cli-options.ts). */
runPayoutsCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path, 'utf8'),
  fetch: globalThis.fetch as unknown as FetchLike,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`payouts: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 3;
  },
);
