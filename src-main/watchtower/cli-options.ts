import { parseArgs } from 'node:util';

/** The headless watcher's flags (`npm run watch -- …`), parsed without starting anything. */
export const HELP = `Usage: npm run watch -- --config watch.json [--node URL] [options]

Watches TRON accounts on one node and prints one JSON line per event on stdout (alert, confirmed,
retracted, gap-opened, gap-closed, gap-filled); progress and problems go to stderr. The
configuration format is described in README.md ("Watchtower").

Options:
  --config FILE   the watch configuration (required)
  --node URL      the node's HTTP API, e.g. http://127.0.0.1:8090 or https://api.trongrid.io
                  (overrides node.url of the configuration)
  --state DIR     where the per-network state files go (overrides stateDir)
  --once          scan up to the head once, deliver what it raised, and exit
  --help          this text

Environment:
  TRON_PRO_API_KEY (or the name in node.apiKeyEnv)   API key sent to the node
  WATCH_WEBHOOK_SECRET (or webhook.secretEnv)        HMAC-SHA256 key for webhook signatures
`;

export class CliUsageError extends Error {}

export interface CommandLine {
  readonly help: boolean;
  readonly config?: string;
  readonly node?: string;
  readonly state?: string;
  readonly once: boolean;
}

export function parseCommandLine(args: readonly string[]): CommandLine {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        config: { type: 'string' },
        node: { type: 'string' },
        state: { type: 'string' },
        once: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  if (values.help) return { help: true, once: false };
  if (values.config === undefined) throw new CliUsageError('--config FILE is required.');
  return {
    help: false,
    config: values.config,
    once: values.once ?? false,
    ...(values.node !== undefined ? { node: values.node } : {}),
    ...(values.state !== undefined ? { state: values.state } : {}),
  };
}
