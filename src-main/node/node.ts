import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '../../src-core/bytes/hex';
import type { NodeConfig, NodeConfigInput } from './config';
import { NODE_PROFILE, resolveConfig } from './config';
import { privateNetWitnessKey } from './private-net';
import { DevAccounts, payAccounts } from './dev-accounts';
import { SLOT_MS } from './consensus/slot-clock';
import { PROTOCOL_CONSTANTS } from '../../src-core/chain/parameters';
import { deriveKeys, FUNDED_PATH, WITNESS_PATH } from './genesis';
import { Store } from './store/store';
import { Chain } from './chain/chain';
import { LevelStateBackend } from './state/level-backend';
import { configuredSigners } from './consensus/signers';
import { defaultActuators, vmActuators } from './actuators/registry';
import type { ActuatorRegistry } from './actuators/registry';
import { RecoveryPool } from './signatures/recovery-pool';
import { TxPool } from './pool/pool';
import { Producer } from './producer/producer';
import { HttpApi } from './http/server';
import type { Route } from './http/server';
import { buildRoutes } from './http/routes';
import { BlockReplies } from './http/block-replies';
import { BlockTextThread } from './http/block-text-thread';
import { BuiltTransactions } from './java-json/built-transactions';
import { sourceWorkerEntry } from './worker-entry';
import type { NodeServices } from './http/services';
import { ContractRuntime } from './vm-host/runtime';
import { CONTRACT_RECORD_CODECS } from './vm-host/contract-records';
import { dynamicEnergyMaintenance } from './vm-host/dynamic-energy-maintenance';
import { DryRunner } from './simulation/dry-run';
import type { DryRunInput, DryRunOptions, DryRunResult, DryRunSequenceResult, DryRunStep } from './simulation/dry-run';
import { JSON_RPC_PATH, JsonRpcService, nodeReads } from './jsonrpc';
import { EventsApi } from './events-api';
import type { ForkHandle } from './fork/open-fork';
import { openFork } from './fork/open-fork';
import { assertNotForkData } from './fork/fork-point';

/** The block-text thread's source, next to this file (used when the node runs from its sources). */
const BLOCK_TEXT_WORKER_SOURCE = './http/block-text-worker.ts';
/**
 * Blocks from this size (stored bytes: a few hundred transfers) have their text rendered on the
 * block-text thread. Smaller ones render in a millisecond or two inside the commit, where the text
 * goes into the block's own batch.
 */
const OFF_THREAD_MIN_BLOCK_BYTES = 64 * 1024;

/**
 * The library form of the node (the app and the tests use it; `cli.ts` wraps it):
 * `const node = await createNode({ port: 0, blockTimeMs: 0 }); … await node.stop();`
 */
export interface FundedAccount {
  readonly index: number;
  readonly address: string;
  readonly hex: string;
  readonly privateKey: string;
}

export interface HeadInfo {
  readonly number: number;
  readonly id: string;
  readonly timestamp: number;
  readonly solidified: number;
}

export interface TronNode {
  /** Base URL for TronWeb's `fullHost`, e.g. http://127.0.0.1:8090 */
  readonly url: string;
  /** The JSON-RPC endpoint: `<url>/jsonrpc`, or the server of `jsonRpcPort` when one was asked for. */
  readonly jsonRpcUrl: string;
  readonly host: string;
  readonly port: number;
  readonly datadir: string;
  readonly config: NodeConfig;
  readonly accounts: readonly FundedAccount[];
  head(): HeadInfo;
  /** Produces `blocks` blocks now (what /admin/mine does). */
  mine(blocks?: number): Promise<HeadInfo>;
  /**
   * Validates and applies `tx` (any type, signed or not) on a throw-away copy of the current state
   * and reports what would happen; never changes real state (see simulation/dry-run.ts).
   */
  dryRun(tx: DryRunInput, options?: DryRunOptions): Promise<DryRunResult>;
  /** The same for several transactions in order on ONE copy (each sees the ones before); stops at the first refusal. */
  dryRunSequence(steps: readonly DryRunStep[], options?: Pick<DryRunOptions, 'state'>): Promise<DryRunSequenceResult>;
  /** Moves chain time forward for the next block (what /admin/time does). */
  advanceTime(seconds: number): void;
  /** Stops producing, finishes the block in progress, closes the HTTP server and the store. */
  stop(): Promise<void>;
  /**
   * Fork mode's report and impersonation (what `/admin/fork` and `/admin/impersonate` serve); null on a plain chain.
   */
  readonly fork: Pick<ForkHandle, 'report' | 'impersonate' | 'stopImpersonating'> | null;
  /** Internals for tests and the bench. */
  readonly chain: Chain;
  readonly pool: TxPool;
  readonly recovery: RecoveryPool;
  readonly producer: Producer;
  /** The smart-contract runtime (VM, block context) for tests and the bench. */
  readonly contracts: ContractRuntime;
  /** What triggersmartcontract printed lately (tests). */
  readonly built: BuiltTransactions;
}

export interface CreateNodeOptions {
  /**
   * The actuators to execute with (default: the system contracts of this version); the VM and staking register theirs.
   */
  readonly actuators?: ActuatorRegistry;
  /** Extra endpoints, added after the node's own (http/routes.ts); a path listed there is replaced. */
  readonly routes?: (services: NodeServices) => ReadonlyMap<string, Route>;
}

export async function createNode(input: NodeConfigInput = {}, options: CreateNodeOptions = {}): Promise<TronNode> {
  const config = resolveConfig(input);
  const ephemeral = config.datadir === undefined;
  const datadir = config.datadir ?? (await mkdtemp(join(tmpdir(), 'tron-node-')));
  await mkdir(datadir, { recursive: true });
  const funded = deriveKeys(config.mnemonic, FUNDED_PATH, config.accounts);
  const privateNet = config.profile === NODE_PROFILE.tre;
  // The private net's one representative is its reserve account Zion, with its published key.
  const witnessKeys = privateNet
    ? [privateNetWitnessKey()]
    : deriveKeys(config.mnemonic, WITNESS_PATH, config.witnessCount);
  const store = new Store(join(datadir, 'chain'));
  await store.open();
  let recovery: RecoveryPool | undefined;
  let producer: Producer | undefined;
  let http: HttpApi | undefined;
  let jsonRpcServer: { readonly port: number; close(): Promise<void> } | undefined;
  let fork: ForkHandle | undefined;
  let blockReplies: BlockReplies | undefined;
  try {
    const actuators = options.actuators ?? defaultActuators();
    const contracts = await ContractRuntime.create(config.chainParameters, {
      saveInternalTx: config.saveInternalTx,
      saveFeaturedInternalTx: config.saveFeaturedInternalTx,
      estimateEnergy: config.estimateEnergy,
      maxEnergyLimitForConstant: config.maxEnergyLimitForConstant,
      maxConstantCallMs: config.maxConstantCallMs,
    });
    actuators.registerMissing(vmActuators(contracts));
    // Block signers besides the genesis representatives: localwitness (for localWitnessAccountAddress, or
    // its own account), and in dev mode each funded key for its own account.
    const signers = configuredSigners(config, funded);
    const localState = await LevelStateBackend.open(store, {
      cacheBytes: config.stateCacheBytes,
      extCodecs: CONTRACT_RECORD_CODECS,
    });
    // Fork mode: upstream's state under the node's own, read lazily (fork/).
    if (config.fork) {
      fork = await openFork(config.fork, store, localState, {
        extCodecs: CONTRACT_RECORD_CODECS,
        cacheBytes: config.stateCacheBytes,
        log: config.log,
      });
    } else {
      await assertNotForkData(store);
    }
    const state = fork?.state ?? localState;
    const chain = await Chain.open({
      ...(fork ? { genesis: fork.genesis } : {}),
      store,
      state,
      config,
      actuators,
      witnessKeys,
      funded,
      now: Date.now(),
      signers,
    });
    chain.maintenanceHooks.push(dynamicEnergyMaintenance());
    // Blocks are read in hex far more than in Base58Check (TronWeb's getBlock, explorers' sync), and each stored
    // form adds several times the block's own size to the data directory: the visible=true text of a block is
    // rendered when first asked for, then kept.
    const blockTextEntry =
      config.blockTextWorker === undefined
        ? sourceWorkerEntry(BLOCK_TEXT_WORKER_SOURCE, import.meta.url)
        : config.blockTextWorker;
    blockReplies = new BlockReplies(
      chain,
      [false],
      blockTextEntry
        ? { thread: new BlockTextThread(blockTextEntry, config.log), minBlockBytes: OFF_THREAD_MIN_BLOCK_BYTES }
        : undefined,
    );
    fork?.attach(chain);
    recovery = new RecoveryPool(config.signatureWorkers, { log: config.log });
    const pool = new TxPool(chain, recovery, config);
    contracts.attach(chain, pool);
    const dryRunner = new DryRunner(chain, pool, contracts, recovery);
    producer = new Producer(chain, pool, config.blockTimeMs, (error) =>
      config.log(`block production failed: ${(error as Error).message}`),
    );
    const p = producer;
    const head = (): HeadInfo => ({
      number: chain.props.headNumber,
      id: chain.props.headId,
      timestamp: chain.props.headTimestamp,
      solidified: chain.props.solidNumber,
    });
    const mine = async (blocks: number): Promise<void> => {
      await p.produce(blocks);
    };
    // Generated accounts are paid by the private net's reserve account, else by the first funded account.
    const payer = privateNet ? witnessKeys[0]! : funded[0]!;
    const devAccounts = new DevAccounts({ config, chain, pool, mine }, config.mnemonic, funded, payer);
    const services: NodeServices = {
      config,
      chain,
      pool,
      recovery,
      funded,
      startedAt: Date.now(),
      contracts,
      dryRunner,
      blockReplies,
      built: new BuiltTransactions(),
      devAccounts,
      mine,
      mineOnClock: async (blocks) => {
        await p.produceOnClock(blocks);
      },
      advanceTime: (seconds) => chain.clock.advanceTime(seconds * 1000),
      ...(fork ? { fork } : {}),
    };
    // TronWeb cannot derive a reference block from a chain still at genesis (block 0's JSON has no `number`).
    if (chain.props.headNumber === 0 && privateNet) {
      // Block 1 after a genesis at time 0 passes a maintenance time, so the next slot is three later
      // (java-tron MaintenanceManager.applyBlock); three slots back, the funding block still lands
      // on the current wall-clock slot and chain time never runs ahead. TRE pays its accounts from
      // the reserve account by transfers.
      const firstSlot = Date.now() - SLOT_MS * (PROTOCOL_CONSTANTS.MAINTENANCE_SKIP_SLOTS + 1);
      // A chain not on the wall clock steps one slot per block from its head: jump over 1970.
      if (config.blockTimeMs !== SLOT_MS) chain.clock.advanceTime(firstSlot - chain.clock.nextSlotTime());
      await producer.produce(1, firstSlot);
      await payAccounts(
        { config, chain, pool, mine },
        witnessKeys[0]!,
        funded.map((k) => k.hex),
        config.accountBalanceSun,
        true,
      );
    } else if (chain.props.headNumber === 0) await producer.produce(1);
    const reads = nodeReads(services, contracts);
    const jsonRpc = new JsonRpcService(reads);
    const eventsApi = new EventsApi(services, reads);
    const serverOptions = {
      host: config.host,
      maxBodyBytes: config.maxBodyBytes,
      requestTimeoutMs: config.requestTimeoutMs,
      allowedHosts: config.allowedHosts,
      allowedOrigins: config.allowedOrigins,
      refuseBrowserRequests: config.refuseBrowserRequests,
    };
    http = new HttpApi({
      ...serverOptions,
      port: config.port,
      routes: new Map([
        ...buildRoutes(services),
        [JSON_RPC_PATH, jsonRpc.route],
        ...(options.routes?.(services) ?? []),
      ]),
      resolve: eventsApi.resolve,
    });
    const bound = await http.listen();
    // java-tron serves JSON-RPC on a port of its own (node.jsonrpc.httpFullNodePort, 8545).
    if (config.jsonRpcPort !== undefined)
      jsonRpcServer = await jsonRpc.listen({ ...serverOptions, port: config.jsonRpcPort });
    producer.start();
    const hostForUrl = bound.host.includes(':') ? `[${bound.host}]` : bound.host;
    let stopped: Promise<void> | null = null;
    const h = http;
    const r = recovery;
    const j = jsonRpcServer;
    const f = fork;
    const b = blockReplies;
    const url = `http://${hostForUrl}:${bound.port}`;
    return {
      url,
      jsonRpcUrl: j ? `http://${hostForUrl}:${j.port}${JSON_RPC_PATH}` : `${url}${JSON_RPC_PATH}`,
      host: bound.host,
      port: bound.port,
      datadir,
      config,
      accounts: funded.map((k) => ({
        index: k.index,
        address: k.base58,
        hex: k.hex,
        privateKey: bytesToHex(k.privateKey),
      })),
      head,
      mine: async (blocks = 1) => {
        await p.produce(blocks);
        return head();
      },
      advanceTime: (seconds) => chain.clock.advanceTime(seconds * 1000),
      dryRun: (tx, dryRunOptions) => dryRunner.dryRun(tx, dryRunOptions),
      dryRunSequence: (steps, dryRunOptions) => dryRunner.dryRunSequence(steps, dryRunOptions),
      stop: () => {
        stopped ??= (async () => {
          await p.stop();
          await h.close();
          await j?.close();
          await contracts.stop();
          await pool.idle();
          await b.close();
          await r.close();
          await f?.close();
          await store.close();
          if (ephemeral) await rm(datadir, { recursive: true, force: true });
        })();
        return stopped;
      },
      fork: f
        ? {
            report: () => f.report(),
            impersonate: (address) => f.impersonate(address),
            stopImpersonating: (address) => f.stopImpersonating(address),
          }
        : null,
      chain,
      pool,
      recovery,
      producer: p,
      contracts,
      built: services.built,
    };
  } catch (error) {
    await producer?.stop().catch(() => undefined);
    await http?.close().catch(() => undefined);
    await jsonRpcServer?.close().catch(() => undefined);
    await blockReplies?.close().catch(() => undefined);
    await recovery?.close().catch(() => undefined);
    await fork?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    if (ephemeral) await rm(datadir, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
