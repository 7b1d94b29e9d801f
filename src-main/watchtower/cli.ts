import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { WalletError } from '../../src-core/errors';
import { CliUsageError, HELP, parseCommandLine } from './cli-options';
import { parseConfigFile } from './config-file';
import { runHeadless } from './headless';

/** `npm run watch -- --config watch.json [--node URL]`: the headless watcher (flags: cli-options.ts). */
function fail(message: string, code: number, help = false): never {
  process.stderr.write(`${message}\n${help ? `\n${HELP}` : ''}`);
  process.exit(code);
}

async function main(): Promise<void> {
  let line;
  try {
    line = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliUsageError) fail(error.message, 2, true);
    throw error;
  }
  if (line.help) {
    process.stdout.write(HELP);
    return;
  }
  const file = resolve(line.config!);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    fail(`Could not read the configuration ${file}: ${(error as Error).message}`, 2);
  }
  const config = parseConfigFile(text, file);
  const nodeUrl = line.node ?? config.nodeUrl;
  if (nodeUrl === undefined) fail('Name the node with --node URL or node.url in the configuration.', 2, true);
  const apiKey = process.env[config.apiKeyEnv ?? 'TRON_PRO_API_KEY'];
  const webhookSecret = config.webhook ? process.env[config.webhook.secretEnv] : undefined;

  const controller = new AbortController();
  const stop = (signal: string): void => {
    if (controller.signal.aborted) return;
    process.stderr.write(`${signal}: stopping after the current poll…\n`);
    controller.abort();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  await runHeadless({
    config: line.state !== undefined ? { ...config, stateDir: resolve(line.state) } : config,
    nodeUrl,
    ...(apiKey ? { apiKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    write: (json) => process.stdout.write(`${json}\n`),
    log: (message) => process.stderr.write(`${message}\n`),
    signal: controller.signal,
    once: line.once,
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof WalletError) fail(error.message, 1);
    fail(`The watcher stopped on an unexpected error: ${(error as Error).stack ?? String(error)}`, 1);
  },
);
