import { protocol, bigintToLong } from '../../../src-core/proto/runtime';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { NodeConfig } from '../config';
import type { DerivedKey } from '../genesis';
import type { ActuatorRegistry } from '../actuators/registry';
import type { AccountRecord } from '../state/account';
import { defaultWitnessPermission, newAccount } from '../state/account';
import type { DynamicProperties } from '../state/dynamic';
import {
  ACTIVE_DEFAULT_OPERATIONS,
  AVAILABLE_CONTRACT_TYPE,
  parseProperties,
  serializeProperties,
} from '../state/dynamic';
import type { StateReader } from '../state/view';
import type { StateBackend } from '../state/backend';
import { StateView } from '../state/view';
import type { RecordValue } from '../state/records';
import { recordSlot, splitSlot } from '../state/records';
import { INITIAL_TOKEN_ID_NUM } from '../state/dynamic';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX, readU64, u64 } from '../store/store';
import type { BlockSigner } from '../consensus/signers';
import { SignerBook } from '../consensus/signers';
import { advanceChainTime, nextBlockTimestamp, nextSlotTime, SLOT_MS, slotOf } from '../consensus/slot-clock';
import { producibleSlot, witnessAt } from '../consensus/schedule';
import type { ProducibleSlot, ScheduledSlot } from '../consensus/schedule';
import { recordProduction } from '../consensus/statistics';
import { solidifiedBlock } from '../consensus/solidification';
import { payBlockRewards } from '../staking/rewards';
import type { MaintenanceHook } from './maintenance';
import { doMaintenance } from './maintenance';
import { decodeHeader, sealBlock } from './block';
import type { SealedBlock } from './block';
import { encodeWithResult } from './tx';
import type { ParsedTransaction } from './tx';
import type { TxOutcome } from './processor';
import type { ProcessContext } from './processor';
import { totalFee } from './processor';
import { applyTransaction } from './apply';
import type { ExecutionBlock } from '../actuators/actuator';
import { decodeRecordUndo, decodeUndo, encodeRecordUndo, encodeUndo } from './undo';
import type { RecordUndo, UndoRecord } from './undo';

/**
 * The chain: committed state at the head block, block production and application, the solidified
 * pointer, and the indexes admission reads (TAPOS, unexpired transaction ids). All state lives in
 * memory and is written through to LevelDB, one atomic batch per block.
 */
const BLOCK_SIZE_LIMIT = 2_000_000;
const CONTRACT_RET_SUCCESS = 1;
const RECENT_BLOCK_CACHE = 256;
const EXPIRY_BUCKET_MS = 60_000;

export interface PackedTx {
  readonly tx: ParsedTransaction;
  readonly outcome: TxOutcome;
}

export interface BlockResult {
  readonly block: SealedBlock;
  readonly packed: readonly PackedTx[];
  /** Ids refused while packing (expired, or no longer valid on the new state). */
  readonly dropped: readonly string[];
}

export class ChainError extends Error {}

/** Optional parts of the chain that features add. */
export interface ChainExtras {
  /**
   * Further block signers besides the genesis representatives (java-tron `localwitness` /
   * `localWitnessAccountAddress`, and the funded keys in dev mode): see consensus/signers.ts.
   */
  readonly signers?: readonly BlockSigner[];
}

/** The pending state and each pending transaction's outcome, in pool order (see TxPool). */
export interface PreparedState {
  readonly view: StateView;
  readonly outcomes: ReadonlyMap<string, TxOutcome>;
}

export class Chain {
  props!: DynamicProperties;
  /** blockID of block 0 (CHAINID). */
  genesisId: Uint8Array = new Uint8Array(32);
  /** Keys this node signs blocks with, by the representative they produce for. */
  private signers!: SignerBook;
  /** Run on every maintenance block after votes are tallied, before it is written (the VM's dynamic energy). */
  readonly maintenanceHooks: MaintenanceHook[] = [];
  private readonly recordUndo = new Map<number, RecordUndo>();
  /** TAPOS: ref_block_bytes hex → blockID[8..16] hex for the last 65,536 blocks. */
  private readonly recent = new Map<string, string>();
  /** Ids of packed transactions that have not expired yet, bucketed by expiration minute. */
  private readonly unexpired = new Map<string, number>();
  private readonly expiryBuckets = new Map<number, string[]>();
  private readonly undo = new Map<number, UndoRecord>();
  private readonly blockCache = new Map<number, Uint8Array>();
  private readonly idCache = new Map<number, string>();
  /** Ids of the last RECENT_BLOCK_CACHE blocks, readable synchronously (BLOCKHASH). */
  private readonly recentIds = new Map<number, Uint8Array>();

  private constructor(
    readonly store: Store,
    /** The committed state (accounts, names, witnesses, records, contract records) at the head. */
    readonly state: StateBackend,
    readonly config: NodeConfig,
    readonly actuators: ActuatorRegistry,
  ) {}

  static async open(
    store: Store,
    state: StateBackend,
    config: NodeConfig,
    actuators: ActuatorRegistry,
    witnessKeys: readonly DerivedKey[],
    funded: readonly DerivedKey[],
    now: number,
    extras: ChainExtras = {},
  ): Promise<Chain> {
    const chain = new Chain(store, state, config, actuators);
    const genesis = witnessKeys.map((k): BlockSigner => ({
      privateKey: k.privateKey,
      witnessHex: k.hex,
      source: 'genesis',
    }));
    chain.signers = new SignerBook(config, [...genesis, ...(extras.signers ?? [])]);
    const meta = await store.get(key(PREFIX.meta));
    if (meta) await chain.load(new TextDecoder().decode(meta), witnessKeys);
    else await chain.createGenesis(witnessKeys, funded, now);
    return chain;
  }

  // --- loading and genesis ----------------------------------------------------------------------

  private async load(metaText: string, witnessKeys: readonly DerivedKey[]): Promise<void> {
    this.props = parseProperties(metaText);
    const genesisKeys = new Set(witnessKeys.map((k) => k.hex));
    const missing = this.props.genesisWitnesses.filter((hex) => !genesisKeys.has(hex));
    if (missing.length > 0 || witnessKeys.length !== this.props.genesisWitnesses.length) {
      throw new ChainError(
        'This data directory was created with a different mnemonic or number of super representatives; use the same --mnemonic, or another --datadir.',
      );
    }
    for await (const [k, v] of this.store.scan(Uint8Array.of(PREFIX.recent)))
      this.recent.set(bytesToHex(k.subarray(1)), bytesToHex(v));
    for (let n = Math.max(0, this.props.headNumber - RECENT_BLOCK_CACHE + 1); n <= this.props.headNumber; n++) {
      const bytes = await this.store.get(key(PREFIX.block, u64(n)));
      if (bytes) this.recentIds.set(n, decodeHeader(bytes).id);
    }
    const genesisBlock = await this.store.get(key(PREFIX.block, u64(0)));
    if (genesisBlock) this.genesisId = decodeHeader(genesisBlock).id;
    for await (const [k, v] of this.store.scan(Uint8Array.of(PREFIX.undo))) this.undo.set(readU64(k, 1), decodeUndo(v));
    for await (const [k, v] of this.store.scan(Uint8Array.of(PREFIX.recordUndo)))
      this.recordUndo.set(readU64(k, 1), decodeRecordUndo(v));
    for await (const [k] of this.store.scan(
      Uint8Array.of(PREFIX.expiration),
      key(PREFIX.expiration, u64(this.props.headTimestamp + 1)),
    )) {
      this.trackUnexpired(bytesToHex(k.subarray(9)), readU64(k, 1));
    }
  }

  private async createGenesis(
    witnessKeys: readonly DerivedKey[],
    funded: readonly DerivedKey[],
    now: number,
  ): Promise<void> {
    // One slot in the past, so that the first block falls on the current wall-clock slot.
    const genesisTimestamp = Math.floor((this.config.genesisTimestamp ?? now - SLOT_MS) / SLOT_MS) * SLOT_MS;
    const params = this.config.chainParameters;
    this.props = {
      genesisTimestamp,
      headNumber: 0,
      headId: '',
      headTimestamp: genesisTimestamp,
      solidNumber: 0,
      stateFlag: 0,
      nextMaintenanceTime: genesisTimestamp + Number(params.getMaintenanceTimeInterval),
      maintenanceCycle: 0,
      chainTimeOffsetMs: 0,
      pendingSkipMs: 0,
      publicNetUsage: 0n,
      publicNetTime: 0,
      burnedSun: 0n,
      totalNetWeight: 0n,
      totalEnergyWeight: 0n,
      totalTronPowerWeight: 0n,
      tokenIdNum: INITIAL_TOKEN_ID_NUM,
      totalSignNum: PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM,
      availableContractType: AVAILABLE_CONTRACT_TYPE,
      activeDefaultOperations: ACTIVE_DEFAULT_OPERATIONS,
      activeWitnesses: witnessKeys.map((k) => k.hex),
      genesisWitnesses: witnessKeys.map((k) => k.hex),
      parameters: params,
    };
    const operations = hexToBytes(ACTIVE_DEFAULT_OPERATIONS);
    const view = this.newView();
    for (const k of funded) {
      const account = newAccount(Uint8Array.from(k.address), {
        createTime: genesisTimestamp,
        activeOperations: operations,
      });
      account.balance = this.config.accountBalanceSun;
      view.putNewAccount(account);
    }
    witnessKeys.forEach((k, i) => {
      const account = newAccount(Uint8Array.from(k.address), {
        createTime: genesisTimestamp,
        activeOperations: operations,
      });
      account.isWitness = true;
      account.witnessPermission = defaultWitnessPermission(account.address);
      view.putNewAccount(account);
      view.putWitness({
        address: account.address,
        addressHex: account.addressHex,
        voteCount: 0n,
        url: `http://sr-${i + 1}.local`,
        totalProduced: 0,
        totalMissed: 0,
        latestBlockNum: 0,
        latestSlotNum: 0,
        isJobs: true,
      });
    });
    const ops = this.state.stage(view);
    const genesis = sealBlock({
      number: 0,
      timestamp: genesisTimestamp,
      parentHash: new Uint8Array(32),
      witnessAddress: new Uint8Array(),
      transactions: [],
    });
    this.props.headId = genesis.idHex;
    ops.push(...this.blockOps(genesis));
    ops.push({ type: 'put', key: key(PREFIX.meta), value: new TextEncoder().encode(serializeProperties(this.props)) });
    await this.writeBatch(ops);
    this.rememberRecent(genesis);
    this.cacheBlock(0, genesis.bytes);
    this.genesisId = genesis.id;
  }

  // --- reads -----------------------------------------------------------------------------------

  /** blockID of one of the last 256 blocks (BLOCKHASH), synchronously. */
  recentBlockId(number: number): Uint8Array | undefined {
    return this.recentIds.get(number);
  }

  /** A record as of the solidified block. */
  solidRecord(namespace: string, recordKey: string): RecordValue | undefined {
    const slot = recordSlot(namespace, recordKey);
    let value: RecordValue | null | undefined = this.state.getRecord(namespace, recordKey);
    for (let n = this.props.headNumber; n > this.props.solidNumber; n--) {
      const undo = this.recordUndo.get(n);
      if (undo?.has(slot)) value = undo.get(slot);
    }
    return value ?? undefined;
  }

  /** State as of the solidified block, for /walletsolidity (witnesses are the head's). */
  solidReader(): StateReader {
    const state = this.state;
    return {
      getAccount: (hex) => this.solidAccount(hex),
      nameOwner: (nameHex) => state.nameOwner(nameHex),
      getWitness: (hex) => state.getWitness(hex),
      witnessAddresses: () => state.witnessAddresses(),
      getRecord: (namespace, recordKey) => this.solidRecord(namespace, recordKey),
      recordKeys: (namespace, prefix = '') => {
        const keys = new Set<string>(state.recordKeys(namespace, prefix));
        const slotPrefix = recordSlot(namespace, prefix);
        const keyStart = recordSlot(namespace, '').length;
        for (let n = this.props.headNumber; n > this.props.solidNumber; n--) {
          for (const slot of this.recordUndo.get(n)?.keys() ?? [])
            if (slot.startsWith(slotPrefix)) keys.add(slot.slice(keyStart));
        }
        return [...keys].filter((k) => this.solidRecord(namespace, k) !== undefined);
      },
    };
  }

  /**
   * The key that signs blocks for `witnessHex`: the one configured for that representative, when
   * it is the key its witness permission names (else the reason is logged once; see signers.ts).
   */
  signingKeyFor(witnessHex: string): Uint8Array | undefined {
    return this.signers.keyFor(
      witnessHex,
      this.state.getAccount(witnessHex),
      this.props.parameters.getAllowMultiSign === 1n,
    );
  }

  /** The account as of the solidified block. */
  solidAccount(addressHex: string): AccountRecord | undefined {
    let value: AccountRecord | null | undefined = this.state.getAccount(addressHex);
    for (let n = this.props.headNumber; n > this.props.solidNumber; n--) {
      const undo = this.undo.get(n);
      if (undo?.has(addressHex)) value = undo.get(addressHex);
    }
    return value ?? undefined;
  }

  get headSlot(): number {
    return slotOf(this.props, this.props.headTimestamp);
  }

  nextSlotTime(): number {
    return nextSlotTime(this.props);
  }

  tapos(refBlockBytes: Uint8Array, refBlockHash: Uint8Array): boolean {
    return refBlockBytes.length === 2 && this.recent.get(bytesToHex(refBlockBytes)) === bytesToHex(refBlockHash);
  }

  isPackedAndUnexpired(idHex: string): boolean {
    return this.unexpired.has(idHex);
  }

  /** What a transaction runs with on `view` in `block`. */
  processContext(view: StateView, block: ExecutionBlock): ProcessContext {
    return { view, actuators: this.actuators, headTimestamp: this.props.headTimestamp, headSlot: this.headSlot, block };
  }

  newView(): StateView {
    return new StateView(this.state, this.props);
  }

  witnessAt(timestamp: number): string {
    return witnessAt(this.props, timestamp);
  }

  async blockBytes(number: number): Promise<Uint8Array | undefined> {
    if (number < 0 || number > this.props.headNumber) return undefined;
    return this.blockCache.get(number) ?? (await this.store.get(key(PREFIX.block, u64(number))));
  }

  /** blockID (hex) of a block on the chain. */
  async blockIdHex(number: number): Promise<string> {
    if (number === this.props.headNumber) return this.props.headId;
    const cached = this.idCache.get(number);
    if (cached) return cached;
    const bytes = await this.blockBytes(number);
    if (!bytes) throw new ChainError(`Block ${number} is not on this chain.`);
    const id = bytesToHex(decodeHeader(bytes).id);
    this.idCache.set(number, id);
    if (this.idCache.size > RECENT_BLOCK_CACHE) this.idCache.delete(this.idCache.keys().next().value!);
    return id;
  }

  async blockNumberOfId(idHex: string): Promise<number | undefined> {
    const bytes = await this.store.get(key(PREFIX.blockId, hexToBytes(idHex)));
    return bytes ? readU64(bytes) : undefined;
  }

  /** Stored transaction (with ret) and its block number. */
  async transaction(idHex: string): Promise<{ blockNumber: number; bytes: Uint8Array } | undefined> {
    const value = await this.store.get(key(PREFIX.tx, hexToBytes(idHex)));
    if (!value) return undefined;
    return { blockNumber: readU64(value), bytes: value.subarray(8) };
  }

  async transactionInfo(idHex: string): Promise<Uint8Array | undefined> {
    return this.store.get(key(PREFIX.info, hexToBytes(idHex)));
  }

  // --- production --------------------------------------------------------------------------------

  nextBlockTimestamp(wallNow: number): number {
    return nextBlockTimestamp(this.props, wallNow, this.config.blockTimeMs);
  }

  /** Moves chain time forward (dev /admin/time). */
  advanceTime(ms: number): void {
    advanceChainTime(this.props, ms, this.config.blockTimeMs);
  }

  /**
   * Builds, applies and persists the next block from `candidates` (pool order). Transactions that
   * expired or no longer pass on the block's state are dropped, as java-tron drops them.
   */
  async produceBlock(
    candidates: readonly ParsedTransaction[],
    wallNow: number,
    prepared?: PreparedState,
  ): Promise<BlockResult> {
    const p = this.props;
    const { timestamp, witnessHex, witnessKey } = this.producibleSlot(this.nextBlockTimestamp(wallNow));
    const number = p.headNumber + 1;
    const packed: PackedTx[] = [];
    const dropped: string[] = [];
    const encoded: Uint8Array[] = [];
    // Fast path: the pending state already holds exactly these transactions applied in this order
    // on this head; when none has expired and all fit, it is the block's state as is.
    if (prepared && prepared.view.props === p && this.fitsAsPrepared(candidates, prepared, timestamp)) {
      for (const tx of candidates) {
        const outcome = prepared.outcomes.get(tx.idHex)!;
        encoded.push(encodeWithResult(tx, outcome.result?.contractRet ?? CONTRACT_RET_SUCCESS));
        packed.push({ tx, outcome });
      }
      const block = sealBlock(
        {
          number,
          timestamp,
          parentHash: hexToBytes(p.headId),
          witnessAddress: hexToBytes(witnessHex),
          transactions: encoded,
        },
        witnessKey,
      );
      await this.commitBlock(block, prepared.view, packed, encoded, witnessHex);
      return { block, packed, dropped };
    }
    const view = this.newView();
    let size = 0;
    const slotBlock: ExecutionBlock = { number, timestamp, witnessHex };
    for (const tx of candidates) {
      if (tx.expiration < timestamp || tx.expiration > p.headTimestamp + PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS) {
        dropped.push(tx.idHex);
        continue;
      }
      if (size + tx.bytes.length + 8 > BLOCK_SIZE_LIMIT) break;
      try {
        let outcome = applyTransaction(tx, { ...this.processContext(view, slotBlock), signers: tx.signers ?? [] });
        if (outcome instanceof Promise) outcome = await outcome;
        const bytes = encodeWithResult(tx, outcome.result?.contractRet ?? CONTRACT_RET_SUCCESS);
        encoded.push(bytes);
        size += bytes.length;
        packed.push({ tx, outcome });
      } catch {
        dropped.push(tx.idHex);
      }
    }
    const block = sealBlock(
      {
        number,
        timestamp,
        parentHash: hexToBytes(p.headId),
        witnessAddress: hexToBytes(witnessHex),
        transactions: encoded,
      },
      witnessKey,
    );
    await this.commitBlock(block, view, packed, encoded, witnessHex);
    return { block, packed, dropped };
  }

  /** The first slot from `timestamp` this node can sign a block for (the ones before are missed). */
  private producibleSlot(timestamp: number): ProducibleSlot {
    const slot = producibleSlot(this.props, timestamp, (hex) => this.signingKeyFor(hex));
    if (slot) return slot;
    throw new ChainError(
      'This node holds the block-signing key of none of the active super representatives (configure localwitness).',
    );
  }

  /** Where the next block will go (its timestamp and representative), for executions of pending transactions. */
  nextBlockSlot(wallNow: number): ScheduledSlot {
    const timestamp = this.nextBlockTimestamp(wallNow);
    try {
      const slot = this.producibleSlot(timestamp);
      return { timestamp: slot.timestamp, witnessHex: slot.witnessHex };
    } catch {
      return { timestamp, witnessHex: this.witnessAt(timestamp) };
    }
  }

  private fitsAsPrepared(
    candidates: readonly ParsedTransaction[],
    prepared: PreparedState,
    timestamp: number,
  ): boolean {
    let size = 0;
    for (const tx of candidates) {
      const outcome = prepared.outcomes.get(tx.idHex);
      if (tx.expiration < timestamp || !outcome) return false;
      // A VM execution saw the block it expected; another timestamp means executing it again.
      const assumed = outcome.result?.blockTimestamp;
      if (assumed !== undefined && assumed !== timestamp) return false;
      size += tx.bytes.length + 8;
      if (size > BLOCK_SIZE_LIMIT) return false;
    }
    return true;
  }

  private blockOps(block: SealedBlock): BatchOp[] {
    return [
      { type: 'put', key: key(PREFIX.block, u64(block.number)), value: block.bytes },
      { type: 'put', key: key(PREFIX.blockId, block.id), value: u64(block.number) },
      { type: 'put', key: key(PREFIX.recent, block.id.subarray(6, 8)), value: block.id.subarray(8, 16) },
    ];
  }

  private async commitBlock(
    block: SealedBlock,
    view: StateView,
    packed: readonly PackedTx[],
    encoded: readonly Uint8Array[],
    witnessHex: string,
  ): Promise<void> {
    const p = this.props;
    const next: DynamicProperties = { ...p, parameters: p.parameters, activeWitnesses: p.activeWitnesses };

    recordProduction(view, p, block, witnessHex);

    // Block and vote rewards (Manager.payReward), then maintenance (MaintenanceManager.applyBlock).
    payBlockRewards(view, witnessHex);
    next.headNumber = block.number;
    next.headId = block.idHex;
    next.headTimestamp = block.timestamp;
    next.pendingSkipMs = 0;
    next.stateFlag = 0;
    if (block.timestamp >= p.nextMaintenanceTime) {
      const interval = Number(p.parameters.getMaintenanceTimeInterval);
      const rounds = Math.floor((block.timestamp - p.nextMaintenanceTime) / interval);
      next.nextMaintenanceTime = p.nextMaintenanceTime + (rounds + 1) * interval;
      next.stateFlag = 1;
      if (block.number !== 1) {
        const result = doMaintenance(view, p.activeWitnesses);
        next.activeWitnesses = result.activeWitnesses;
        next.maintenanceCycle = result.cycle;
        for (const hook of this.maintenanceHooks)
          hook({ view, cycle: next.maintenanceCycle, endedCycle: p.maintenanceCycle, props: next });
      }
    }
    next.publicNetUsage = view.mutable.publicNetUsage;
    next.publicNetTime = view.mutable.publicNetTime;
    next.burnedSun = view.mutable.burnedSun;
    next.totalNetWeight = view.mutable.totalNetWeight;
    next.totalEnergyWeight = view.mutable.totalEnergyWeight;
    next.totalTronPowerWeight = view.mutable.totalTronPowerWeight;
    next.tokenIdNum = view.mutable.tokenIdNum;

    next.solidNumber = solidifiedBlock(view, next.activeWitnesses, p.solidNumber);

    // One atomic batch: block, indexes, transactions, infos, state, undo, meta.
    const ops: BatchOp[] = this.blockOps(block);
    const undo: UndoRecord = new Map();
    for (const hex of view.changes.keys()) undo.set(hex, this.state.getAccount(hex) ?? null);
    for (const hex of view.deletedAccounts) {
      const previous = this.state.getAccount(hex);
      if (previous) undo.set(hex, previous);
    }
    const keepUndo = next.solidNumber < block.number;
    if (undo.size > 0 && keepUndo)
      ops.push({ type: 'put', key: key(PREFIX.undo, u64(block.number)), value: encodeUndo(undo) });
    const recordUndo: RecordUndo = new Map();
    for (const [slotKey, value] of view.recordChanges) {
      const [namespace, recordKey] = splitSlot(slotKey);
      const previous = this.state.getRecord(namespace, recordKey);
      if (previous === undefined && value === null) continue;
      recordUndo.set(slotKey, previous ?? null);
    }
    if (recordUndo.size > 0 && keepUndo)
      ops.push({ type: 'put', key: key(PREFIX.recordUndo, u64(block.number)), value: encodeRecordUndo(recordUndo) });
    for (let n = p.solidNumber + 1; n <= next.solidNumber; n++) {
      if (this.undo.has(n)) ops.push({ type: 'del', key: key(PREFIX.undo, u64(n)) });
      if (this.recordUndo.has(n)) ops.push({ type: 'del', key: key(PREFIX.recordUndo, u64(n)) });
    }
    ops.push(...this.state.stage(view));
    const blockNumberBytes = u64(block.number);
    packed.forEach(({ tx, outcome }, i) => {
      const stored = new Uint8Array(8 + encoded[i]!.length);
      stored.set(blockNumberBytes, 0);
      stored.set(encoded[i]!, 8);
      ops.push({ type: 'put', key: key(PREFIX.tx, tx.id), value: stored });
      ops.push({ type: 'put', key: key(PREFIX.info, tx.id), value: encodeInfo(tx, outcome, block) });
      ops.push({ type: 'put', key: key(PREFIX.expiration, u64(tx.expiration), tx.id), value: new Uint8Array() });
    });
    const expired = this.expiredIds(block.timestamp);
    for (const [idHex, expiration] of expired)
      ops.push({ type: 'del', key: key(PREFIX.expiration, u64(expiration), hexToBytes(idHex)) });
    ops.push({ type: 'put', key: key(PREFIX.meta), value: new TextEncoder().encode(serializeProperties(next)) });
    await this.writeBatch(ops);

    // The batch is durable: make it visible.
    if (undo.size > 0 && keepUndo) this.undo.set(block.number, undo);
    if (recordUndo.size > 0 && keepUndo) this.recordUndo.set(block.number, recordUndo);
    for (let n = p.solidNumber + 1; n <= next.solidNumber; n++) {
      this.undo.delete(n);
      this.recordUndo.delete(n);
    }
    for (const [idHex] of expired) this.unexpired.delete(idHex);
    for (const { tx } of packed) this.trackUnexpired(tx.idHex, tx.expiration);
    this.props = next;
    this.rememberRecent(block);
    this.cacheBlock(block.number, block.bytes);
  }

  /** Writes a block's batch; the state backend's staged changes become visible only once it is durable. */
  private async writeBatch(ops: BatchOp[]): Promise<void> {
    try {
      await this.store.write(ops);
    } catch (error) {
      this.state.settle(false);
      throw error;
    }
    this.state.settle(true);
  }

  private rememberRecent(block: SealedBlock): void {
    this.recent.set(bytesToHex(block.id.subarray(6, 8)), bytesToHex(block.id.subarray(8, 16)));
    this.recentIds.set(block.number, block.id);
    this.recentIds.delete(block.number - RECENT_BLOCK_CACHE);
  }

  private cacheBlock(number: number, bytes: Uint8Array): void {
    this.blockCache.set(number, bytes);
    if (this.blockCache.size > RECENT_BLOCK_CACHE) this.blockCache.delete(this.blockCache.keys().next().value!);
  }

  private trackUnexpired(idHex: string, expiration: number): void {
    this.unexpired.set(idHex, expiration);
    const bucket = Math.floor(expiration / EXPIRY_BUCKET_MS);
    const list = this.expiryBuckets.get(bucket);
    if (list) list.push(idHex);
    else this.expiryBuckets.set(bucket, [idHex]);
  }

  /** Ids whose expiration is at or before `timestamp`: they can never be packed again. */
  private expiredIds(timestamp: number): [string, number][] {
    const out: [string, number][] = [];
    const limit = Math.floor(timestamp / EXPIRY_BUCKET_MS);
    for (const [bucket, ids] of this.expiryBuckets) {
      if (bucket > limit) continue;
      const keep: string[] = [];
      for (const id of ids) {
        const expiration = this.unexpired.get(id);
        if (expiration === undefined) continue;
        if (expiration <= timestamp) out.push([id, expiration]);
        else keep.push(id);
      }
      if (keep.length === 0) this.expiryBuckets.delete(bucket);
      else this.expiryBuckets.set(bucket, keep);
    }
    return out;
  }

  headerOf(bytes: Uint8Array): ReturnType<typeof decodeHeader> {
    return decodeHeader(bytes);
  }
}

/** TransactionInfo of a system contract (java-tron TransactionUtil.buildTransactionInfoInstance). */
export function encodeInfo(tx: ParsedTransaction, outcome: TxOutcome, block: SealedBlock): Uint8Array {
  const info: Record<string, unknown> = {
    id: tx.id,
    blockNumber: bigintToLong(BigInt(block.number)),
    blockTimeStamp: bigintToLong(BigInt(block.timestamp)),
    contractResult: [new Uint8Array()],
  };
  const fee = totalFee(outcome);
  if (fee) info.fee = bigintToLong(fee);
  const receipt: Record<string, unknown> = { ...outcome.result?.receipt };
  if (outcome.result?.energyFee) receipt.energy_fee = bigintToLong(outcome.result.energyFee);
  if (outcome.netUsage) receipt.net_usage = bigintToLong(outcome.netUsage);
  if (outcome.netFee) receipt.net_fee = bigintToLong(outcome.netFee);
  Object.assign(info, outcome.result?.info);
  info.receipt = receipt;
  return protocol.TransactionInfo.encode(info as protocol.ITransactionInfo).finish();
}
