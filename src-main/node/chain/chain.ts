import { protocol, bigintToLong } from '../../../src-core/proto/runtime';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { NodeConfig } from '../config';
import type { DerivedKey } from '../genesis';
import type { ActuatorRegistry } from '../actuators/registry';
import type { AccountRecord } from '../state/account';
import { decodeAccount, defaultWitnessPermission, encodeAccount, newAccount } from '../state/account';
import type { DynamicProperties } from '../state/dynamic';
import { ACTIVE_DEFAULT_OPERATIONS, AVAILABLE_CONTRACT_TYPE, parseProperties, serializeProperties } from '../state/dynamic';
import type { WitnessRecord } from '../state/witness';
import { decodeWitness, encodeWitness } from '../state/witness';
import type { AccountReader } from '../state/view';
import { StateView } from '../state/view';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX, readU64, u64 } from '../store/store';
import { decodeHeader, sealBlock } from './block';
import type { SealedBlock } from './block';
import { encodeWithResult } from './tx';
import type { TxEnvelope } from './tx';
import type { TxOutcome } from './processor';
import { processTransaction, totalFee } from './processor';
import { decodeUndo, encodeUndo } from './undo';
import type { UndoRecord } from './undo';
import { validateSignatures } from '../auth/permission-check';

/**
 * The chain: committed state at the head block, block production and application, the solidified
 * pointer, and the indexes admission reads (TAPOS, unexpired transaction ids). All state lives in
 * memory and is written through to LevelDB, one atomic batch per block.
 */
const SLOT_MS = PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS;
const BLOCK_SIZE_LIMIT = 2_000_000;
const CONTRACT_RET_SUCCESS = 1;
const RECENT_BLOCK_CACHE = 256;
const EXPIRY_BUCKET_MS = 60_000;

export interface PackedTx {
  readonly tx: TxEnvelope;
  readonly outcome: TxOutcome;
}

export interface BlockResult {
  readonly block: SealedBlock;
  readonly packed: readonly PackedTx[];
  /** Ids refused while packing (expired, or no longer valid on the new state). */
  readonly dropped: readonly string[];
}

export class ChainError extends Error {}

/** The pending state and each pending transaction's outcome, in pool order (see TxPool). */
export interface PreparedState {
  readonly view: StateView;
  readonly outcomes: ReadonlyMap<string, TxOutcome>;
}

export class Chain implements AccountReader {
  readonly accounts = new Map<string, AccountRecord>();
  readonly names = new Map<string, string>();
  readonly witnesses = new Map<string, WitnessRecord>();
  props!: DynamicProperties;
  private readonly witnessKeys = new Map<string, Uint8Array>();
  /** TAPOS: ref_block_bytes hex → blockID[8..16] hex for the last 65,536 blocks. */
  private readonly recent = new Map<string, string>();
  /** Ids of packed transactions that have not expired yet, bucketed by expiration minute. */
  private readonly unexpired = new Map<string, number>();
  private readonly expiryBuckets = new Map<number, string[]>();
  private readonly undo = new Map<number, UndoRecord>();
  private readonly blockCache = new Map<number, Uint8Array>();
  private readonly idCache = new Map<number, string>();

  private constructor(readonly store: Store, readonly config: NodeConfig, readonly actuators: ActuatorRegistry) {}

  static async open(store: Store, config: NodeConfig, actuators: ActuatorRegistry, witnessKeys: readonly DerivedKey[], funded: readonly DerivedKey[], now: number): Promise<Chain> {
    const chain = new Chain(store, config, actuators);
    for (const k of witnessKeys) chain.witnessKeys.set(k.hex, k.privateKey);
    const meta = await store.get(key(PREFIX.meta));
    if (meta) await chain.load(new TextDecoder().decode(meta), witnessKeys);
    else await chain.createGenesis(witnessKeys, funded, now);
    return chain;
  }

  // --- loading and genesis ----------------------------------------------------------------------

  private async load(metaText: string, witnessKeys: readonly DerivedKey[]): Promise<void> {
    this.props = parseProperties(metaText);
    const missing = this.props.activeWitnesses.filter((hex) => !this.witnessKeys.has(hex));
    if (missing.length > 0 || witnessKeys.length !== this.props.activeWitnesses.length) {
      throw new ChainError('This data directory was created with a different mnemonic or number of super representatives; use the same --mnemonic, or another --datadir.');
    }
    for await (const [, v] of this.store.scan(Uint8Array.of(PREFIX.account))) {
      const account = decodeAccount(v);
      this.accounts.set(account.addressHex, account);
      if (account.accountName.length) this.names.set(bytesToHex(account.accountName), account.addressHex);
    }
    for await (const [, v] of this.store.scan(Uint8Array.of(PREFIX.witness))) {
      const w = decodeWitness(v);
      this.witnesses.set(w.addressHex, w);
    }
    for await (const [k, v] of this.store.scan(Uint8Array.of(PREFIX.recent))) this.recent.set(bytesToHex(k.subarray(1)), bytesToHex(v));
    for await (const [k, v] of this.store.scan(Uint8Array.of(PREFIX.undo))) this.undo.set(readU64(k, 1), decodeUndo(v));
    for await (const [k] of this.store.scan(Uint8Array.of(PREFIX.expiration), key(PREFIX.expiration, u64(this.props.headTimestamp + 1)))) {
      this.trackUnexpired(bytesToHex(k.subarray(9)), readU64(k, 1));
    }
  }

  private async createGenesis(witnessKeys: readonly DerivedKey[], funded: readonly DerivedKey[], now: number): Promise<void> {
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
      totalSignNum: PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM,
      availableContractType: AVAILABLE_CONTRACT_TYPE,
      activeDefaultOperations: ACTIVE_DEFAULT_OPERATIONS,
      activeWitnesses: witnessKeys.map((k) => k.hex),
      parameters: params,
    };
    const operations = hexToBytes(ACTIVE_DEFAULT_OPERATIONS);
    const ops: BatchOp[] = [];
    for (const k of funded) {
      const account = newAccount(Uint8Array.from(k.address), { createTime: genesisTimestamp, activeOperations: operations });
      account.balance = this.config.accountBalanceSun;
      this.accounts.set(account.addressHex, account);
    }
    witnessKeys.forEach((k, i) => {
      const account = newAccount(Uint8Array.from(k.address), { createTime: genesisTimestamp, activeOperations: operations });
      account.isWitness = true;
      account.witnessPermission = defaultWitnessPermission(account.address);
      this.accounts.set(account.addressHex, account);
      const witness: WitnessRecord = { address: account.address, addressHex: account.addressHex, voteCount: 0n, url: `http://sr-${i + 1}.local`, totalProduced: 0, totalMissed: 0, latestBlockNum: 0, latestSlotNum: 0, isJobs: true };
      this.witnesses.set(witness.addressHex, witness);
    });
    for (const a of this.accounts.values()) ops.push({ type: 'put', key: key(PREFIX.account, a.address), value: encodeAccount(a) });
    for (const w of this.witnesses.values()) ops.push({ type: 'put', key: key(PREFIX.witness, w.address), value: encodeWitness(w) });
    const genesis = sealBlock({ number: 0, timestamp: genesisTimestamp, parentHash: new Uint8Array(32), witnessAddress: new Uint8Array(), transactions: [] });
    this.props.headId = genesis.idHex;
    ops.push(...this.blockOps(genesis));
    ops.push({ type: 'put', key: key(PREFIX.meta), value: new TextEncoder().encode(serializeProperties(this.props)) });
    await this.store.write(ops);
    this.rememberRecent(genesis);
    this.cacheBlock(0, genesis.bytes);
  }

  // --- reads -----------------------------------------------------------------------------------

  getAccount(addressHex: string): AccountRecord | undefined {
    return this.accounts.get(addressHex);
  }

  nameOwner(nameHex: string): string | undefined {
    return this.names.get(nameHex);
  }

  /** The account as of the solidified block. */
  solidAccount(addressHex: string): AccountRecord | undefined {
    let value: AccountRecord | null | undefined = this.accounts.get(addressHex);
    for (let n = this.props.headNumber; n > this.props.solidNumber; n--) {
      const undo = this.undo.get(n);
      if (undo?.has(addressHex)) value = undo.get(addressHex);
    }
    return value ?? undefined;
  }

  get headSlot(): number {
    return Math.floor((this.props.headTimestamp - this.props.genesisTimestamp) / SLOT_MS);
  }

  /** java-tron getNextBlockSlotTime: head time plus one slot, three right after maintenance. */
  nextSlotTime(): number {
    return this.props.headTimestamp + SLOT_MS * (this.props.stateFlag === 1 ? PROTOCOL_CONSTANTS.MAINTENANCE_SKIP_SLOTS + 1 : 1);
  }

  tapos(refBlockBytes: Uint8Array, refBlockHash: Uint8Array): boolean {
    return refBlockBytes.length === 2 && this.recent.get(bytesToHex(refBlockBytes)) === bytesToHex(refBlockHash);
  }

  isPackedAndUnexpired(idHex: string): boolean {
    return this.unexpired.has(idHex);
  }

  newView(): StateView {
    return new StateView(this, this.props);
  }

  witnessAt(timestamp: number): string {
    const slot = Math.floor((timestamp - this.props.genesisTimestamp) / SLOT_MS);
    const list = this.props.activeWitnesses;
    return list[slot % list.length]!;
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

  /** Timestamp of the next block: slot-aligned, after the head, on the chain's clock. */
  nextBlockTimestamp(wallNow: number): number {
    const p = this.props;
    const earliest = this.nextSlotTime();
    const followsWall = this.config.blockTimeMs === SLOT_MS;
    const target = followsWall ? wallNow + p.chainTimeOffsetMs : p.headTimestamp + SLOT_MS + p.pendingSkipMs;
    const aligned = p.genesisTimestamp + Math.floor((target - p.genesisTimestamp) / SLOT_MS) * SLOT_MS;
    return Math.max(earliest, aligned);
  }

  /** Moves chain time forward (dev /admin/time). */
  advanceTime(ms: number): void {
    if (this.config.blockTimeMs === SLOT_MS) this.props.chainTimeOffsetMs += ms;
    else this.props.pendingSkipMs += ms;
  }

  /**
   * Builds, applies and persists the next block from `candidates` (pool order). Transactions that
   * expired or no longer pass on the block's state are dropped, as java-tron drops them.
   */
  async produceBlock(candidates: readonly TxEnvelope[], wallNow: number, prepared?: PreparedState): Promise<BlockResult> {
    const p = this.props;
    const timestamp = this.nextBlockTimestamp(wallNow);
    const number = p.headNumber + 1;
    const witnessHex = this.witnessAt(timestamp);
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
      const witnessKey = this.witnessKeys.get(witnessHex)!;
      const block = sealBlock({ number, timestamp, parentHash: hexToBytes(p.headId), witnessAddress: hexToBytes(witnessHex), transactions: encoded }, witnessKey);
      await this.commitBlock(block, prepared.view, packed, encoded, witnessHex);
      return { block, packed, dropped };
    }
    const view = this.newView();
    let size = 0;
    const headSlot = this.headSlot;
    const activeOps = hexToBytes(p.activeDefaultOperations);
    for (const tx of candidates) {
      if (tx.expiration < timestamp || tx.expiration > p.headTimestamp + PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS) {
        dropped.push(tx.idHex);
        continue;
      }
      if (size + tx.bytes.length + 8 > BLOCK_SIZE_LIMIT) break;
      try {
        // Signers were recovered at admission; only the permission is checked again on this state.
        validateSignatures({ reader: view, contractCount: tx.contractCount, contract: tx.contract, signatures: tx.signatures, recovered: tx.signers ?? [], totalSignNum: p.totalSignNum, activeDefaultOperations: activeOps });
        const outcome = processTransaction(tx, { view, actuators: this.actuators, headTimestamp: p.headTimestamp, headSlot });
        const bytes = encodeWithResult(tx, outcome.result?.contractRet ?? CONTRACT_RET_SUCCESS);
        encoded.push(bytes);
        size += bytes.length;
        packed.push({ tx, outcome });
      } catch {
        dropped.push(tx.idHex);
      }
    }
    const witnessKey = this.witnessKeys.get(witnessHex)!;
    const block = sealBlock({ number, timestamp, parentHash: hexToBytes(p.headId), witnessAddress: hexToBytes(witnessHex), transactions: encoded }, witnessKey);
    await this.commitBlock(block, view, packed, encoded, witnessHex);
    return { block, packed, dropped };
  }

  private fitsAsPrepared(candidates: readonly TxEnvelope[], prepared: PreparedState, timestamp: number): boolean {
    let size = 0;
    for (const tx of candidates) {
      if (tx.expiration < timestamp || !prepared.outcomes.has(tx.idHex)) return false;
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

  private async commitBlock(block: SealedBlock, view: StateView, packed: readonly PackedTx[], encoded: readonly Uint8Array[], witnessHex: string): Promise<void> {
    const p = this.props;
    const next: DynamicProperties = { ...p, parameters: p.parameters, activeWitnesses: p.activeWitnesses };
    next.publicNetUsage = view.mutable.publicNetUsage;
    next.publicNetTime = view.mutable.publicNetTime;
    next.burnedSun = view.mutable.burnedSun;

    // Producer statistics, missed slots and the block reward (allowance, withdrawn later).
    const witnesses = new Map<string, WitnessRecord>();
    const touchWitness = (hex: string): WitnessRecord => {
      let w = witnesses.get(hex);
      if (!w) {
        w = { ...this.witnesses.get(hex)! };
        witnesses.set(hex, w);
      }
      return w;
    };
    const headSlot = this.headSlot;
    const slot = Math.floor((block.timestamp - p.genesisTimestamp) / SLOT_MS);
    if (block.number > 1) {
      const list = p.activeWitnesses;
      const gap = slot - headSlot - 1;
      if (gap > 0) {
        for (let k = 0; k < list.length; k++) {
          // Slots headSlot+1 … slot-1 whose index modulo the list size is k.
          const first = headSlot + 1 + ((k - ((headSlot + 1) % list.length) + list.length) % list.length);
          if (first <= slot - 1) touchWitness(list[k]!).totalMissed += Math.floor((slot - 1 - first) / list.length) + 1;
        }
      }
    }
    const producer = touchWitness(witnessHex);
    producer.totalProduced += 1;
    producer.latestBlockNum = block.number;
    producer.latestSlotNum = slot;
    const reward = p.parameters.getWitnessPayPerBlock;
    if (reward > 0n) {
      const account = view.mutableAccount(witnessHex);
      if (account) account.allowance += reward;
    }

    next.headNumber = block.number;
    next.headId = block.idHex;
    next.headTimestamp = block.timestamp;
    next.pendingSkipMs = 0;
    next.stateFlag = 0;
    if (block.timestamp >= p.nextMaintenanceTime) {
      // Votes are not tallied yet (separate issue); the cycle, the schedule and the skip are kept.
      const interval = Number(p.parameters.getMaintenanceTimeInterval);
      const rounds = Math.floor((block.timestamp - p.nextMaintenanceTime) / interval);
      next.nextMaintenanceTime = p.nextMaintenanceTime + (rounds + 1) * interval;
      next.maintenanceCycle = p.maintenanceCycle + 1;
      next.stateFlag = 1;
    }
    const allWitnesses = new Map(this.witnesses);
    for (const [hex, w] of witnesses) allWitnesses.set(hex, w);
    const latest = p.activeWitnesses.map((hex) => allWitnesses.get(hex)!.latestBlockNum).sort((a, b) => a - b);
    const position = Math.floor(latest.length * (1 - PROTOCOL_CONSTANTS.SOLIDIFIED_THRESHOLD_PERCENT / 100));
    next.solidNumber = Math.max(p.solidNumber, latest[position] ?? 0);

    // One atomic batch: block, indexes, transactions, infos, state, undo, meta.
    const ops: BatchOp[] = this.blockOps(block);
    const undo: UndoRecord = new Map();
    for (const [hex, account] of view.changes) {
      undo.set(hex, this.accounts.get(hex) ?? null);
      ops.push({ type: 'put', key: key(PREFIX.account, account.address), value: encodeAccount(account) });
    }
    if (undo.size > 0 && next.solidNumber < block.number) ops.push({ type: 'put', key: key(PREFIX.undo, u64(block.number)), value: encodeUndo(undo) });
    for (let n = p.solidNumber + 1; n <= next.solidNumber; n++) if (this.undo.has(n)) ops.push({ type: 'del', key: key(PREFIX.undo, u64(n)) });
    for (const w of witnesses.values()) ops.push({ type: 'put', key: key(PREFIX.witness, w.address), value: encodeWitness(w) });
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
    for (const [idHex, expiration] of expired) ops.push({ type: 'del', key: key(PREFIX.expiration, u64(expiration), hexToBytes(idHex)) });
    ops.push({ type: 'put', key: key(PREFIX.meta), value: new TextEncoder().encode(serializeProperties(next)) });
    await this.store.write(ops);

    // The batch is durable: make it visible.
    for (const [hex, account] of view.changes) this.accounts.set(hex, account);
    for (const [name, owner] of view.nameChanges) this.names.set(name, owner);
    for (const [hex, w] of witnesses) this.witnesses.set(hex, w);
    if (undo.size > 0 && next.solidNumber < block.number) this.undo.set(block.number, undo);
    for (let n = p.solidNumber + 1; n <= next.solidNumber; n++) this.undo.delete(n);
    for (const [idHex] of expired) this.unexpired.delete(idHex);
    for (const { tx } of packed) this.trackUnexpired(tx.idHex, tx.expiration);
    this.props = next;
    this.rememberRecent(block);
    this.cacheBlock(block.number, block.bytes);
  }

  private rememberRecent(block: SealedBlock): void {
    this.recent.set(bytesToHex(block.id.subarray(6, 8)), bytesToHex(block.id.subarray(8, 16)));
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
export function encodeInfo(tx: TxEnvelope, outcome: TxOutcome, block: SealedBlock): Uint8Array {
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
