import type { ChainParameters } from '../../src-core/chain/parameters';
import { withChainParameters } from '../../src-core/chain/parameters';
import { PROTOCOL_CONSTANTS } from '../../src-core/chain/parameters';
import { toHexAddress } from '../../src-core/address/address';
import { PRIVATE_NET_CHAIN_PARAMETERS } from './private-net';
import type { WorkerEntry } from './worker-entry';

/**
 * Everything a node needs to start. `createNode(config)` and the CLI both resolve a partial
 * config through `resolveConfig`, so the defaults live in one place.
 */
/**
 * `realistic`: the default chain, 27 genesis representatives rotating, funded accounts at genesis.
 * `tre`: what the TRE image runs (java-tron's private net): its genesis, one representative, so every
 * block is solidified at once, and the funded accounts paid by transfers from its reserve account.
 */
export const NODE_PROFILE = { realistic: 'realistic', tre: 'tre' } as const;
export type NodeProfile = (typeof NODE_PROFILE)[keyof typeof NODE_PROFILE];

export interface NodeConfig {
  /** Which chain to start (see NODE_PROFILE). */
  readonly profile: NodeProfile;
  /** TCP port of the HTTP API; 0 picks a free port (tests). */
  readonly port: number;
  /**
   * A port of its own for the JSON-RPC endpoint (java-tron node.jsonrpc.httpFullNodePort, 8545 there);
   * undefined = only `/jsonrpc` on `port`. 0 picks a free port.
   */
  readonly jsonRpcPort?: number;
  /** Interface to bind. Loopback by default; anything else must be chosen on purpose. */
  readonly host: string;
  /** LevelDB directory. Undefined = a throw-away directory under the OS temp dir. */
  readonly datadir?: string;
  /**
   * Wall-clock milliseconds between produced blocks. 3000 keeps chain time on the wall clock;
   * any other value runs a faster (or slower) chain whose timestamps still step by 3 s slots.
   * 0 produces blocks only through `/admin/mine` (deterministic tests).
   */
  readonly blockTimeMs: number;
  /** Genesis keys. The default is a public test mnemonic: never hold real funds with it. */
  readonly mnemonic: string;
  /** Funded accounts at m/44'/195'/0'/0/i. */
  readonly accounts: number;
  /** Genesis balance of each funded account, in sun. */
  readonly accountBalanceSun: bigint;
  /**
   * Dev chain: the funded accounts also sign blocks, and `/admin/*` (funded keys, mine, advance
   * time, dry run) is served unless `adminApi` is false.
   */
  readonly dev: boolean;
  /** Serve `/admin/*`; only in dev mode. Default: on in dev mode (the app turns it off). */
  readonly adminApi: boolean;
  /** java-tron vm.saveInternalTx: TransactionInfo keeps the internal transactions. */
  readonly saveInternalTx: boolean;
  /** java-tron vm.saveFeaturedInternalTx: with saveInternalTx, keep the Stake 2.0 / vote / reward ones too. */
  readonly saveFeaturedInternalTx: boolean;
  /** java-tron vm.estimateEnergy: /wallet/estimateenergy answers (otherwise "does not support"). */
  readonly estimateEnergy: boolean;
  /** java-tron vm.maxEnergyLimitForConstant: energy cap of constant calls (at least 3,000,000). */
  readonly maxEnergyLimitForConstant: bigint;
  /**
   * CPU time of one constant call or estimate run before java-tron's OUT_OF_TIME (ms; 0 = no
   * limit). java-tron gives a constant call `getMaxCpuTimeOfOneTx` (50 ms by default); this
   * interpreter is slower, so the default leaves room for what passes there.
   */
  readonly maxConstantCallMs: number;
  /** Builders' expiration window: head block time + this (ms), at most 24 h. */
  readonly txExpirationMs: number;
  /** Host header names accepted besides the loopback names. */
  readonly allowedHosts: readonly string[];
  /** CORS origins accepted besides loopback http(s) origins. */
  readonly allowedOrigins: readonly string[];
  /**
   * Refuse every request that carries an Origin header (any web page, loopback ones included),
   * with a 403 saying why. Off by default: the headless node answers loopback pages (with CORS),
   * as java-tron answers browsers; the app turns it on.
   */
  readonly refuseBrowserRequests: boolean;
  /** java-tron node.rpc.maxMessageSize. */
  readonly maxBodyBytes: number;
  /**
   * How long one request may take to arrive, headers and body (http/server.ts answers 408 and closes
   * the connection after it): a client that trickles its body holds no connection longer.
   */
  readonly requestTimeoutMs: number;
  /** java-tron node.maxTransactionPendingSize. */
  readonly maxPendingTransactions: number;
  /** Signature-recovery worker threads; 0 recovers on the main thread. */
  readonly signatureWorkers: number;
  /**
   * Entry of the block-text thread (http/block-text-worker.ts), where the reply texts of large
   * blocks are rendered instead of on the node's thread. Undefined: the TypeScript source when the
   * node runs from its sources (tsx, vitest), none in a bundle; null: none, texts are rendered on
   * the node's thread.
   */
  readonly blockTextWorker?: WorkerEntry | null;
  /**
   * Bound of the cache of decoded state (accounts, names, records, contract records) in front of
   * LevelDB, in approximate bytes; what does not fit is read from LevelDB again (state/level-backend.ts).
   */
  readonly stateCacheBytes: number;
  /** Chain-time of the genesis block (ms, aligned down to a 3 s slot). Default: now. */
  readonly genesisTimestamp?: number;
  readonly chainParameters: ChainParameters;
  /** Number of super representatives rotating over the slots. */
  readonly witnessCount: number;
  /**
   * java-tron `localwitness`: further block-signing private keys (hex). Each produces for its own
   * account, or the single key for `localWitnessAccountAddress` when that is set, and only while
   * it is the key that account's witness permission names (otherwise the node logs why, once).
   * In dev mode the funded keys also produce, each for its own account (consensus/signers.ts).
   */
  readonly localWitness: readonly string[];
  /**
   * java-tron `localWitnessAccountAddress` (hex): the representative account the single
   * `localwitness` key produces for, when that key is its witness permission's rather than its own.
   * Undefined (empty): the key produces for the account of the key itself.
   */
  readonly localWitnessAccountAddress?: string;
  /** Log lines (CLI prints; tests stay quiet). */
  readonly log: (line: string) => void;
  /** Fork mode: start at this upstream node's head and read its state lazily (fork/). */
  readonly fork?: ForkConfig;
}

/** `--fork-url`, `--fork-api-key`, `--fork-block`; the request limits are for tests and slow upstreams. */
export interface ForkConfig {
  readonly url: string;
  /** Sent as TronGrid's TRON-PRO-API-KEY header. */
  readonly apiKey?: string;
  /** java-tron serves no historical state: a fork starts at the upstream head. */
  readonly block: 'latest';
  readonly concurrency?: number;
  readonly attempts?: number;
  readonly backoffMs?: number;
  readonly timeoutMs?: number;
}

function accountAddressHex(text: string): string {
  try {
    return toHexAddress(text).toLowerCase();
  } catch {
    throw new RangeError(`localWitnessAccountAddress "${text}" is not a TRON address (T… or 41…).`);
  }
}

/** 127.0.0.0/8, ::1 and the name localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** See `NodeConfig.maxConstantCallMs`. */
export const DEFAULT_MAX_CONSTANT_CALL_MS = 250;

/** Hardhat's well-known test mnemonic: public, so anything sent to its addresses can be taken. */
export const DEFAULT_DEV_MNEMONIC = 'test test test test test test test test test test test junk';

const MIB = 1024 * 1024;

export type NodeConfigInput = Partial<Omit<NodeConfig, 'chainParameters'>> & {
  chainParameters?: Partial<ChainParameters>;
};

export function resolveConfig(input: NodeConfigInput = {}): NodeConfig {
  const profile = input.profile ?? NODE_PROFILE.realistic;
  if (!Object.values(NODE_PROFILE).includes(profile))
    throw new RangeError(`Unknown profile "${String(profile)}": use ${Object.values(NODE_PROFILE).join(' or ')}.`);
  const tre = profile === NODE_PROFILE.tre;
  const config: NodeConfig = {
    profile,
    port: input.port ?? 8090,
    jsonRpcPort: input.jsonRpcPort,
    host: input.host ?? '127.0.0.1',
    datadir: input.datadir,
    blockTimeMs: input.blockTimeMs ?? PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS,
    mnemonic: input.mnemonic ?? DEFAULT_DEV_MNEMONIC,
    accounts: input.accounts ?? 10,
    // TRE's defaultBalance is 10,000 TRX.
    accountBalanceSun: input.accountBalanceSun ?? (tre ? 10_000n : 1_000_000n) * PROTOCOL_CONSTANTS.SUN_PER_TRX,
    dev: input.dev ?? true,
    adminApi: input.adminApi ?? input.dev ?? true,
    saveInternalTx: input.saveInternalTx ?? false,
    saveFeaturedInternalTx: input.saveFeaturedInternalTx ?? false,
    estimateEnergy: input.estimateEnergy ?? true,
    maxEnergyLimitForConstant: input.maxEnergyLimitForConstant ?? 100_000_000n,
    maxConstantCallMs: input.maxConstantCallMs ?? DEFAULT_MAX_CONSTANT_CALL_MS,
    txExpirationMs: input.txExpirationMs ?? PROTOCOL_CONSTANTS.DEFAULT_EXPIRATION_MS,
    allowedHosts: input.allowedHosts ?? [],
    allowedOrigins: input.allowedOrigins ?? [],
    refuseBrowserRequests: input.refuseBrowserRequests ?? false,
    maxBodyBytes: input.maxBodyBytes ?? 4_194_304,
    requestTimeoutMs: input.requestTimeoutMs ?? 10_000,
    maxPendingTransactions: input.maxPendingTransactions ?? 2000,
    signatureWorkers: input.signatureWorkers ?? 2,
    blockTextWorker: input.blockTextWorker,
    stateCacheBytes: input.stateCacheBytes ?? 64 * MIB,
    genesisTimestamp: input.genesisTimestamp,
    chainParameters: withChainParameters({ ...(tre ? PRIVATE_NET_CHAIN_PARAMETERS : {}), ...input.chainParameters }),
    witnessCount: input.witnessCount ?? (tre ? 1 : PROTOCOL_CONSTANTS.ACTIVE_WITNESSES),
    localWitness: (input.localWitness ?? []).map((k) => k.toLowerCase().replace(/^0x/, '')),
    localWitnessAccountAddress:
      input.localWitnessAccountAddress === undefined ? undefined : accountAddressHex(input.localWitnessAccountAddress),
    log: input.log ?? (() => {}),
    fork: input.fork,
  };
  for (const k of config.localWitness)
    if (!/^[0-9a-f]{64}$/.test(k))
      throw new RangeError('Each localwitness key must be a private key of 64 hex characters.');
  if (config.localWitnessAccountAddress !== undefined && config.localWitness.length !== 1) {
    throw new RangeError(
      'localWitnessAccountAddress needs exactly one localwitness key (the witness permission key of that account).',
    );
  }
  if (config.adminApi && !config.dev)
    throw new RangeError('The /admin endpoints exist only on a dev chain: adminApi needs dev.');
  // The dev endpoints hand out funded private keys (/admin/accounts): they stay on this computer.
  if (config.adminApi && !isLoopbackHost(config.host)) {
    throw new RangeError(
      `Binding to ${config.host} would serve /admin/accounts, which prints private keys, beyond this computer. Bind ` +
        `to 127.0.0.1, or add --no-dev to serve other machines.`,
    );
  }
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535)
    throw new RangeError(`Port ${config.port} is not a TCP port (0..65535).`);
  if (
    config.jsonRpcPort !== undefined &&
    (!Number.isInteger(config.jsonRpcPort) || config.jsonRpcPort < 0 || config.jsonRpcPort > 65535)
  ) {
    throw new RangeError(`JSON-RPC port ${config.jsonRpcPort} is not a TCP port (0..65535).`);
  }
  if (config.jsonRpcPort !== undefined && config.jsonRpcPort !== 0 && config.jsonRpcPort === config.port)
    throw new RangeError(`The JSON-RPC port must differ from the HTTP port ${config.port}.`);
  if (!Number.isInteger(config.blockTimeMs) || config.blockTimeMs < 0)
    throw new RangeError('The block time must be a whole number of milliseconds (0 = mine on demand only).');
  if (!Number.isInteger(config.accounts) || config.accounts < 1 || config.accounts > 1000)
    throw new RangeError('The number of funded accounts must be between 1 and 1000.');
  if (config.accountBalanceSun < 0n) throw new RangeError('A genesis balance cannot be negative.');
  if (
    !Number.isInteger(config.txExpirationMs) ||
    config.txExpirationMs <= 0 ||
    config.txExpirationMs > PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS
  ) {
    throw new RangeError('The transaction expiration window must be between 1 ms and 24 h.');
  }
  if (
    !Number.isInteger(config.witnessCount) ||
    config.witnessCount < 1 ||
    config.witnessCount > PROTOCOL_CONSTANTS.ACTIVE_WITNESSES
  ) {
    throw new RangeError('The number of super representatives must be between 1 and 27.');
  }
  if (tre && config.witnessCount !== 1)
    throw new RangeError(
      "The tre profile has one super representative, as java-tron's private net; leave the number of " +
        'representatives unset.',
    );
  if (tre && config.genesisTimestamp !== undefined)
    throw new RangeError(
      "The tre profile starts from java-tron's private-net genesis, whose timestamp is 0; leave the genesis " +
        'timestamp unset.',
    );
  if (typeof config.maxEnergyLimitForConstant !== 'bigint' || config.maxEnergyLimitForConstant < 0n)
    throw new RangeError('maxEnergyLimitForConstant must be a non-negative bigint (energy units).');
  if (!Number.isInteger(config.maxConstantCallMs) || config.maxConstantCallMs < 0 || config.maxConstantCallMs > 60_000)
    throw new RangeError('maxConstantCallMs must be a whole number of milliseconds from 0 (no limit) to 60000.');
  if (!Number.isInteger(config.stateCacheBytes) || config.stateCacheBytes < MIB)
    throw new RangeError('The state cache must be a whole number of bytes, at least 1 MiB.');
  if (!Number.isInteger(config.signatureWorkers) || config.signatureWorkers < 0 || config.signatureWorkers > 64)
    throw new RangeError('signatureWorkers must be between 0 and 64.');
  return config;
}
