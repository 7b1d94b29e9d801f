import { parseArgs } from 'node:util';
import { DEFAULT_MAX_CONSTANT_CALL_MS, type NodeConfigInput } from './config';
import { DEFAULT_CHAIN_PARAMETERS } from '../../src-core/chain/parameters';
import { CliUsageError } from './errors';

/** The headless node's flags (`npm run node -- …`), parsed without starting anything. */
export const HELP = `Usage: npm run node -- [options]

A local TRON-compatible full node (java-tron HTTP API on /wallet/* and /walletsolidity/*).

Options:
  --port N            HTTP port (default 8090; 0 = any free port)
  --jsonrpc-port N    also serve the Ethereum-style JSON-RPC (/jsonrpc) on this port (java-tron's
                      default is 8545; it is always served at /jsonrpc on --port)
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
  --refuse-origin     refuse every request from a web page (one carrying an Origin header) with
                      a 403 saying why; by default pages on loopback origins get CORS answers
  --max-constant-call-ms N
                      CPU time of one triggerconstantcontract / estimateenergy run before
                      java-tron's OUT_OF_TIME answer (default ${DEFAULT_MAX_CONSTANT_CALL_MS}; 0 = no limit). A long run
                      pauses every few ms, so blocks and other requests go on beside it
  --allow-host NAME   accept this Host header besides the loopback names (repeatable)
  --localwitness KEY  java-tron localwitness: a block-signing private key (hex; repeatable). Each
                      key produces for its own account, or the single key for
                      --localWitnessAccountAddress; only while it is the key that account's
                      witness permission names (otherwise the node logs why)
  --localWitnessAccountAddress ADDR
                      java-tron localWitnessAccountAddress (T… or 41…): the representative
                      account the single --localwitness key (its witness-permission key)
                      produces for; empty = the key's own account (alias --local-witness-account)
  --state-cache-mb N  memory for decoded state in front of LevelDB (default 64)
  --chain-parameter getName=VALUE
                      override a chain parameter at genesis, e.g. getEnergyFee=100 (repeatable)
  --help              this text
`;

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new CliUsageError(`--${name} expects a whole number, got "${value}".`);
  return Number(value);
}

function megabytes(value: number | undefined): number | undefined {
  return value === undefined ? undefined : value * 1024 * 1024;
}

/** `--help`, or the node configuration the flags ask for (unset flags left out: the defaults apply). */
export function parseCommandLine(
  args: readonly string[],
): { readonly help: true } | { readonly help: false; readonly input: NodeConfigInput } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        port: { type: 'string' },
        'jsonrpc-port': { type: 'string' },
        host: { type: 'string' },
        datadir: { type: 'string' },
        'block-time-ms': { type: 'string' },
        mnemonic: { type: 'string' },
        accounts: { type: 'string' },
        'save-internal-tx': { type: 'boolean' },
        'save-featured-internal-tx': { type: 'boolean' },
        'no-estimate-energy': { type: 'boolean' },
        'no-dev': { type: 'boolean' },
        'refuse-origin': { type: 'boolean' },
        'max-constant-call-ms': { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        'chain-parameter': { type: 'string', multiple: true },
        'state-cache-mb': { type: 'string' },
        localwitness: { type: 'string', multiple: true },
        localWitnessAccountAddress: { type: 'string' },
        // The earlier name of --localWitnessAccountAddress.
        'local-witness-account': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  const chainParameters: Record<string, bigint> = {};
  for (const entry of values['chain-parameter'] ?? []) {
    const match = /^(get\w+)=(\d+)$/.exec(entry);
    if (!match || !(match[1]! in DEFAULT_CHAIN_PARAMETERS))
      throw new CliUsageError(`--chain-parameter expects getName=VALUE with a known name, got "${entry}".`);
    chainParameters[match[1]!] = BigInt(match[2]!);
  }
  const account = values.localWitnessAccountAddress;
  const alias = values['local-witness-account'];
  if (account !== undefined && alias !== undefined && account !== alias) {
    throw new CliUsageError(
      '--localWitnessAccountAddress and its alias --local-witness-account name different accounts; give one.',
    );
  }
  const witnessAccount = account ?? alias;
  const input: NodeConfigInput = {
    chainParameters,
    port: integer(values.port, 'port'),
    jsonRpcPort: integer(values['jsonrpc-port'], 'jsonrpc-port'),
    host: values.host,
    datadir: values.datadir,
    blockTimeMs: integer(values['block-time-ms'], 'block-time-ms'),
    mnemonic: values.mnemonic,
    accounts: integer(values.accounts, 'accounts'),
    saveInternalTx: values['save-internal-tx'] ?? false,
    saveFeaturedInternalTx: values['save-featured-internal-tx'] ?? false,
    estimateEnergy: !values['no-estimate-energy'],
    dev: !values['no-dev'],
    refuseBrowserRequests: values['refuse-origin'] ?? false,
    maxConstantCallMs: integer(values['max-constant-call-ms'], 'max-constant-call-ms'),
    allowedHosts: values['allow-host'] ?? [],
    stateCacheBytes: megabytes(integer(values['state-cache-mb'], 'state-cache-mb')),
    localWitness: values.localwitness,
    // java-tron: an empty localWitnessAccountAddress means the key's own account.
    localWitnessAccountAddress: witnessAccount === '' ? undefined : witnessAccount,
  };
  for (const key of Object.keys(input) as (keyof NodeConfigInput)[]) if (input[key] === undefined) delete input[key];
  return { help: false, input };
}
