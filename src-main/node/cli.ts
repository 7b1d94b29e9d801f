import type { TronNode } from './node';
import { DEFAULT_DEV_MNEMONIC } from './config';
import type { NodeConfigInput } from './config';
import { HELP, parseCommandLine } from './cli-options';
import { configuredSigners } from './consensus/signers';
import { addressFromPrivateKey } from '../../src-core/keys/keys';
import { toBase58Address } from '../../src-core/address/address';
import { CliUsageError } from './errors';

/** `npm run node -- [options]`: the headless node (flags: cli-options.ts). */
function fail(message: string): never {
  process.stderr.write(`${message}\n\n${HELP}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliUsageError) fail(error.message);
    throw error;
  }
  if (parsed.help) {
    process.stdout.write(HELP);
    return;
  }
  const input: NodeConfigInput = { ...parsed.input, log: (line) => process.stderr.write(`${line}\n`) };
  // Signals are handled from the start: one that arrives during startup stops the node once it is up.
  let node: TronNode | undefined;
  let requested: string | null = null;
  let stopping = false;
  const stop = (): void => {
    if (stopping || !node) return;
    stopping = true;
    process.stderr.write(`${requested}: stopping (finishing the current block, closing the store)…\n`);
    node.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stop failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: string): void => {
    requested ??= signal;
    stop();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    // Loaded only now: --help and bad flags answer without loading the node and its VM.
    const { createNode } = await import('./node');
    node = await createNode(input);
  } catch (error) {
    process.stderr.write(`The node could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (requested) {
    stop();
    return;
  }
  const head = node.head();
  const out: string[] = [];
  out.push(
    `TRON node listening on ${node.url}  (/wallet/*, /walletsolidity/*${node.config.adminApi ? ', /admin/*' : ''})`,
  );
  out.push(`JSON-RPC on ${node.jsonRpcUrl}`);
  out.push(`data dir ${node.datadir}`);
  out.push(`head block ${head.number} ${head.id} (solidified ${head.solidified})`);
  if (node.config.fork)
    out.push(`fork of ${node.config.fork.url}: upstream state is read when first touched (GET /admin/fork)`);
  if (node.config.mnemonic === DEFAULT_DEV_MNEMONIC)
    out.push('WARNING: the default development mnemonic is public. Never send real funds to these accounts.');
  for (const s of configuredSigners(node.config, [])) {
    const keyHex = addressFromPrivateKey(s.privateKey);
    out.push(
      `localwitness: the key of ${toBase58Address(keyHex)} produces blocks for representative ` +
        `${toBase58Address(s.witnessHex)}${s.witnessHex === keyHex ? ' (its own account)' : ''}`,
    );
  }
  out.push('Funded accounts:');
  for (const a of node.accounts) {
    const balance = node.pool.view.getAccount(a.hex)?.balance ?? 0n;
    out.push(
      `  (${a.index}) ${a.address}  ${a.hex}  ${balance / 1_000_000n} ` +
        `TRX${node.config.dev ? `  key ${a.privateKey}` : ''}`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

void main();
