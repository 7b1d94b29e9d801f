import type { ActuatorRegistry } from '../actuators/registry';
import type { ExecutionBlock } from '../model/execution';
import type { NodeConfig } from '../config';
import type { DerivedKey } from '../genesis';
import type { BlockSigner } from '../consensus/signers';
import { SignerBook } from '../consensus/signers';
import { ChainClock } from '../consensus/chain-clock';
import { ChainError } from '../errors';
import type { AccountRecord } from '../state/account';
import type { StateBackend } from '../state/backend';
import type { DynamicProperties } from '../state/dynamic';
import type { StateReader } from '../state/view';
import { StateView } from '../state/view';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX } from '../store/store';
import type { SealedBlock } from '../model/block';
import type { BlockTextForm, StoredTransaction } from './blocks';
import { BlockLog, blockTextKey } from './blocks';
import type { PackedTx } from './commit';
import { blockBatch, undoRecordsOf, writeBatch } from './commit';
import { createGenesis, loadHead, sameGenesisWitnesses } from './genesis';
import { ChainIndexes } from './indexes';
import type { MaintenanceHook } from './maintenance';
import type { ProcessContext } from './processor';
import { SolidState } from './solid-state';
import { blockBookkeeping } from './block-bookkeeping';
import type { VmChainPort } from '../vm-host/ports';

/**
 * The chain: the head block and its dynamic properties over the committed state (`state`), and
 * applying a block to them — producer statistics, rewards, maintenance, solidification — then
 * persisting it in one atomic batch (chain/commit.ts). Reads of stored blocks, the TAPOS and
 * duplicate indexes, the solidified state and the slot clock are answered here by the modules
 * that own them.
 */

export interface ChainOptions {
  readonly store: Store;
  /** The committed state (accounts, names, witnesses, records, contract records) at the head. */
  readonly state: StateBackend;
  readonly config: NodeConfig;
  readonly actuators: ActuatorRegistry;
  readonly witnessKeys: readonly DerivedKey[];
  readonly funded: readonly DerivedKey[];
  /** Wall-clock time (ms) a new chain starts at. */
  readonly now: number;
  /**
   * Block signers besides the genesis representatives (java-tron `localwitness` /
   * `localWitnessAccountAddress`, and the funded keys in dev mode): see consensus/signers.ts.
   */
  readonly signers?: readonly BlockSigner[];
  /** What an empty data directory starts with (default: block 0, genesis.ts; a fork: fork/fork-genesis.ts). */
  readonly genesis?: (state: StateBackend, input: ChainOptions) => BatchOp[];
}

/**
 * Renders a block's reply text when it is committed. A text rendered by `render` is written in the
 * block's own atomic batch: a block that is never written leaves no text behind, and a restart
 * finds the text with the block. A renderer may instead leave the text for later (`render` gives
 * undefined) and be told once the block is written (`committed`), to render it elsewhere and keep
 * it with `keepBlockText`. The chain stores the bytes without knowing what they say.
 */
export interface BlockTextRenderer {
  readonly form: BlockTextForm;
  render(block: SealedBlock): Uint8Array | undefined;
  committed?(block: SealedBlock): void;
}

/** A sealed block, the state it leaves, and what it packed: what the chain applies and persists. */
export interface BlockToCommit {
  readonly block: SealedBlock;
  /** The block's state over the head: its transactions applied, nothing else yet. */
  readonly view: StateView;
  readonly packed: readonly PackedTx[];
  /** Each packed transaction serialized with its ret, as in the block. */
  readonly encoded: readonly Uint8Array[];
  readonly witnessHex: string;
}

export class Chain implements VmChainPort {
  readonly store: Store;
  readonly state: StateBackend;
  readonly config: NodeConfig;
  readonly actuators: ActuatorRegistry;
  props: DynamicProperties;
  /** blockID of block 0 (CHAINID). */
  readonly genesisId: Uint8Array;
  /** Run on every maintenance block after votes are tallied, before it is written (the VM's dynamic energy). */
  readonly maintenanceHooks: MaintenanceHook[] = [];
  /** Texts written with every committed block (the block reads' replies, http/block-replies.ts). */
  readonly blockTextRenderers: BlockTextRenderer[] = [];
  /** Owners whose transactions pass without their signatures (a fork's /admin/impersonate), hex. */
  readonly impersonated = new Set<string>();
  /** TAPOS for a reference block this chain did not make (a fork: upstream's blocks before the fork point). */
  taposFallback?: (refBlockBytes: Uint8Array, refBlockHash: Uint8Array) => boolean;
  private readonly signers: SignerBook;
  private readonly blocks: BlockLog;
  private readonly indexes: ChainIndexes;
  private readonly solid: SolidState;
  /** The slots as of the head: where the next block goes and who makes it. */
  readonly clock: ChainClock;

  private constructor(
    options: ChainOptions,
    head: { props: DynamicProperties; genesisId: Uint8Array },
    parts: { blocks: BlockLog; indexes: ChainIndexes },
  ) {
    this.store = options.store;
    this.state = options.state;
    this.config = options.config;
    this.actuators = options.actuators;
    this.props = head.props;
    this.genesisId = head.genesisId;
    this.blocks = parts.blocks;
    this.indexes = parts.indexes;
    this.solid = new SolidState(options.state, options.store, () => this.props);
    const genesis = options.witnessKeys.map((k): BlockSigner => ({
      privateKey: k.privateKey,
      witnessHex: k.hex,
      keyHex: k.hex,
      source: 'genesis',
    }));
    this.signers = new SignerBook(options.config, [...genesis, ...(options.signers ?? [])]);
    this.clock = new ChainClock(
      () => this.props,
      options.config.blockTimeMs,
      (hex) => this.signingKeyFor(hex),
    );
  }

  /** Opens the chain of the data directory, after writing genesis into it when it is empty. */
  static async open(options: ChainOptions): Promise<Chain> {
    const { store, state } = options;
    let meta = await store.get(key(PREFIX.meta));
    if (!meta) {
      await writeBatch(store, state, (options.genesis ?? createGenesis)(state, options));
      meta = (await store.get(key(PREFIX.meta)))!;
    }
    const head = await loadHead(store, new TextDecoder().decode(meta));
    if (!sameGenesisWitnesses(head.props, options.witnessKeys)) {
      throw new ChainError(
        'This data directory was created with a different mnemonic or number of super representatives; use the same ' +
          '--mnemonic, or another --datadir.',
      );
    }
    const chain = new Chain(options, head, {
      blocks: await BlockLog.load(store, head.props.headNumber),
      indexes: await ChainIndexes.load(store, head.props),
    });
    return chain;
  }

  // --- reads -------------------------------------------------------------------------------------

  newView(): StateView {
    return new StateView(this.state, this.props);
  }

  /** What a transaction runs with on `view` in `block`. */
  processContext(view: StateView, block: ExecutionBlock): ProcessContext {
    return {
      view,
      actuators: this.actuators,
      headTimestamp: this.props.headTimestamp,
      headSlot: this.clock.headSlot,
      block,
      impersonated: this.impersonated,
    };
  }

  /** State as of the solidified block, for /walletsolidity (witnesses are the head's). */
  solidReader(): StateReader {
    return this.solid.reader();
  }

  /** The account as of the solidified block. */
  solidAccount(addressHex: string): AccountRecord | undefined {
    return this.solid.account(addressHex);
  }

  tapos(refBlockBytes: Uint8Array, refBlockHash: Uint8Array): boolean {
    return (
      this.indexes.tapos(refBlockBytes, refBlockHash) || (this.taposFallback?.(refBlockBytes, refBlockHash) ?? false)
    );
  }

  isPackedAndUnexpired(idHex: string): boolean {
    return this.indexes.isPackedAndUnexpired(idHex, this.props.headTimestamp);
  }

  /** blockID of one of the last 256 blocks (BLOCKHASH), synchronously. */
  recentBlockId(number: number): Uint8Array | undefined {
    return this.blocks.recentBlockId(number);
  }

  async blockBytes(number: number): Promise<Uint8Array | undefined> {
    if (number < 0 || number > this.props.headNumber) return undefined;
    return this.blocks.blockBytes(number);
  }

  /** The text of block `number` in `form` written with the block; undefined past the head or when none was. */
  async blockText(number: number, form: BlockTextForm): Promise<Uint8Array | undefined> {
    if (number < 0 || number > this.props.headNumber) return undefined;
    return this.blocks.blockText(number, form);
  }

  /**
   * Keeps a text of block `number` rendered from its stored bytes after it was written (a form no
   * renderer wrote at commit), so that it is rendered once and not again after a restart.
   */
  async keepBlockText(number: number, form: BlockTextForm, text: Uint8Array): Promise<void> {
    if (number < 0 || number > this.props.headNumber) return;
    await this.blocks.keepBlockText(number, form, text);
  }

  /** blockID (hex) of a block on the chain. */
  async blockIdHex(number: number): Promise<string> {
    if (number === this.props.headNumber) return this.props.headId;
    const id = number < 0 || number > this.props.headNumber ? undefined : await this.blocks.blockIdHex(number);
    if (id === undefined) throw new ChainError(`Block ${number} is not on this chain.`);
    return id;
  }

  blockNumberOfId(idHex: string): Promise<number | undefined> {
    return this.blocks.blockNumberOfId(idHex);
  }

  /** Stored transaction (with ret) and its block number. */
  transaction(idHex: string): Promise<StoredTransaction | undefined> {
    return this.blocks.transaction(idHex);
  }

  transactionInfo(idHex: string): Promise<Uint8Array | undefined> {
    return this.blocks.transactionInfo(idHex);
  }

  // --- block signing (consensus/) ---------------------------------------------------------------

  /**
   * The key that signs blocks for `witnessHex`: the one configured for that representative, when
   * it is the key its witness permission names (else the reason is logged once; see signers.ts).
   */
  signingKeyFor(witnessHex: string): Uint8Array | undefined {
    const allowMultiSign = this.props.parameters.getAllowMultiSign === 1n;
    return this.signers.keyFor(witnessHex, this.state.getAccount(witnessHex), allowMultiSign);
  }

  // --- applying a block --------------------------------------------------------------------------

  /**
   * Applies a block's bookkeeping to its state (java-tron Manager.applyBlock: producer statistics,
   * block and vote rewards, maintenance, solidification), then persists block, state and indexes
   * in one atomic batch and makes them the head.
   */
  async commitBlock({ block, view, packed, encoded, witnessHex }: BlockToCommit): Promise<void> {
    const p = this.props;
    const next = blockBookkeeping(view, p, block, witnessHex, this.maintenanceHooks);

    const undo = undoRecordsOf(this.state, view);
    const keepUndo = next.solidNumber < block.number;
    const solidified = [p.solidNumber + 1, next.solidNumber] as const;
    const indexed = this.indexes.stage(
      block,
      packed.map(({ tx }) => tx),
    );
    const ops = blockBatch({ block, packed, encoded, undo: keepUndo ? undo : undefined, solidified, props: next });
    const later: BlockTextRenderer[] = [];
    for (const renderer of this.blockTextRenderers) {
      const text = renderer.render(block);
      if (text) ops.push({ type: 'put', key: blockTextKey(block.number, renderer.form), value: text });
      else later.push(renderer);
    }
    await writeBatch(this.store, this.state, [...ops, ...indexed.ops, ...this.state.stage(view)]);
    if (keepUndo) this.solid.add(block.number, undo.accounts, undo.records);
    this.solid.drop(...solidified);
    indexed.add();
    this.props = next;
    this.blocks.add(block);
    for (const renderer of later) renderer.committed?.(block);
  }
}
