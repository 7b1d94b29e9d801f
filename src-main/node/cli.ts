import { parseArgs } from 'node:util';
import type { TronNode } from './node';
import { DEFAULT_DEV_MNEMONIC } from './config';
import type { NodeConfigInput } from './config';
import { DEFAULT_CHAIN_PARAMETERS } from '../../src-core/chain/parameters';

/** `npm run node -- [options]`: the headless node. */
const HELP = `Usage: npm run node -- [options]

A local TRON-compatible full node (java-tron HTTP API on /wallet/* and /walletsolidity/*).

Options:
  --port N            HTTP port (default 8090; 0 = any free port)
  --host ADDR         interface to bind (default 127.0.0.1)
  --datadir DIR       LevelDB data directory (default: a temporary directory, removed on exit)
  --block-time-ms N   wall-clock ms per block (default 3000 = real time; other values run chain
                      time faster or slower on the 3 s slot grid; 0 = only /admin/mine)
  --mnemonic "…"      genesis mnemonic (default: the public test mnemonic, NEVER for real funds)
  --accounts N        funded accounts at m/44'/195'/0'/0/i (default 10, 1,000,000 TRX each)
  --save-internal-tx  store internal transactions in TransactionInfo (call/create/suicide)
  --save-featured-internal-tx
                      with --save-internal-tx, also the Stake 2.0 / vote / reward ones
  --no-estimate-energy
                      /wallet/estimateenergy answers "this node does not support estimate energy"
  --no-dev            remove /admin/* (funded keys, mine, time, dry run)
  --allow-host NAME   accept this Host header besides the loopback names (repeatable)
  --localwitness KEY  also sign blocks with this private key (hex; repeatable): a representative
                      whose witness permission names its address produces its blocks here
  --local-witness-account ADDR
                      the representative account the single --localwitness key produces for
  --chain-parameter getName=VALUE
                      override a chain parameter at genesis, e.g. getEnergyFee=100 (repeatable)
  --help              this text
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${HELP}`);
  process.exit(2);
}

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) fail(`--${name} expects a whole number, got "${value}".`);
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        datadir: { type: 'string' },
        'block-time-ms': { type: 'string' },
        mnemonic: { type: 'string' },
        accounts: { type: 'string' },
        'save-internal-tx': { type: 'boolean' },
        'save-featured-internal-tx': { type: 'boolean' },
        'no-estimate-energy': { type: 'boolean' },
        'no-dev': { type: 'boolean' },
        'allow-host': { type: 'string', multiple: true },
        'chain-parameter': { type: 'string', multiple: true },
        localwitness: { type: 'string', multiple: true },
        'local-witness-account': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const chainParameters: Record<string, bigint> = {};
  for (const entry of values['chain-parameter'] ?? []) {
    const match = /^(get\w+)=(\d+)$/.exec(entry);
    if (!match || !(match[1]! in DEFAULT_CHAIN_PARAMETERS)) fail(`--chain-parameter expects getName=VALUE with a known name, got "${entry}".`);
    chainParameters[match[1]!] = BigInt(match[2]!);
  }
  const input: NodeConfigInput = {
    chainParameters,
    port: integer(values.port, 'port'),
    host: values.host,
    datadir: values.datadir,
    blockTimeMs: integer(values['block-time-ms'], 'block-time-ms'),
    mnemonic: values.mnemonic,
    accounts: integer(values.accounts, 'accounts'),
    saveInternalTx: values['save-internal-tx'] ?? false,
    saveFeaturedInternalTx: values['save-featured-internal-tx'] ?? false,
    estimateEnergy: !values['no-estimate-energy'],
    dev: !values['no-dev'],
    allowedHosts: values['allow-host'] ?? [],
    localWitness: values.localwitness,
    localWitnessAccountAddress: values['local-witness-account'],
    log: (line) => process.stderr.write(`${line}\n`),
  };
  for (const key of Object.keys(input) as (keyof NodeConfigInput)[]) if (input[key] === undefined) delete input[key];
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
  out.push(`TRON node listening on ${node.url}  (/wallet/*, /walletsolidity/*${node.config.dev ? ', /admin/*' : ''})`);
  out.push(`data dir ${node.datadir}`);
  out.push(`head block ${head.number} ${head.id} (solidified ${head.solidified})`);
  if (node.config.mnemonic === DEFAULT_DEV_MNEMONIC) out.push('WARNING: the default development mnemonic is public. Never send real funds to these accounts.');
  out.push('Funded accounts:');
  for (const a of node.accounts) {
    const balance = node.pool.view.getAccount(a.hex)?.balance ?? 0n;
    out.push(`  (${a.index}) ${a.address}  ${a.hex}  ${balance / 1_000_000n} TRX${node.config.dev ? `  key ${a.privateKey}` : ''}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

void main();
