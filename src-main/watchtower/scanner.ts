import type { TransactionInfo } from '../../src-core/client/types';
import { NetworkError, WatchError } from '../../src-core/errors';
import { alertId } from './alert-id';
import { needsInfos, type ScannedBlock } from './block-facts';
import { BLOCKS_PER_CALL, type ChainSource } from './chain-source';
import { readIfPresent, replaceFile } from './durable-file';
import { checkFloors } from './floors';
import { scanBlock } from './scan-block';
import { newState, parseState, serializeState, type ScanState, type WatchState } from './state';
import { forgetAbove, newTrack, pruneTracks } from './tracks';
import type { Alert, AlertDraft, BlockPoint, CatchUpProgress, GapRange, NumberedEvent, WatchEvent } from './types';
import type { WatchList } from './watch-list';

export interface WatchtowerOptions {
  readonly source: ChainSource;
  /** The state file of this network (created on the first poll). */
  readonly stateFile: string;
  /** Read at every poll: the watch list may change while the scanner runs. */
  readonly watchList: () => WatchList;
  /** Who takes events from the outbox; each must ack what it has taken. None: events are only announced. */
  readonly consumers?: readonly string[];
  /** Where a new state starts: the node's head (default) or the block with this number. */
  readonly startAt?: 'head' | number;
  /** Blocks read and committed together while catching up (default 100, java-tron's limit per call). */
  readonly batchBlocks?: number;
  /** TransactionInfo requests in flight at once (default 4). */
  readonly infoConcurrency?: number;
  readonly now?: () => number;
  readonly onProgress?: (progress: CatchUpProgress) => void;
  /** Called after each commit with the events it made durable. */
  readonly onEvents?: (events: readonly NumberedEvent[]) => void;
}

export interface PollReport {
  readonly head: number;
  readonly solid: number;
  readonly cursor: number;
  readonly scanned: number;
  readonly events: readonly NumberedEvent[];
}

function point(block: BlockPoint): BlockPoint {
  return { number: block.number, id: block.id, timestamp: block.timestamp };
}

function progressText(block: number, head: number): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  return `catching up: block ${n(block)} of ${n(head)}`;
}

function clone(scan: ScanState): ScanState {
  return structuredClone(scan);
}

/**
 * The scanner of one network. Each poll reads the node's head and solidified block, scans every
 * block after its cursor (catching up in batches after downtime), raises each alert once, confirms
 * alerts whose block solidified, retracts those whose block was replaced, and checks balance floors
 * at the head. Every batch is committed to the state file before its events are announced, so a
 * restart neither skips a block nor raises an alert twice.
 */
export class Watchtower {
  private state: WatchState | null;
  private genesisChecked = false;
  private saving: Promise<void> = Promise.resolve();
  private polling: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly options: WatchtowerOptions,
    state: WatchState | null,
  ) {
    this.state = state;
  }

  static async open(options: WatchtowerOptions): Promise<Watchtower> {
    const text = await readIfPresent(options.stateFile);
    return new Watchtower(options, text === null ? null : parseState(text, options.stateFile));
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The genesis block id of the watched chain, once known. */
  get network(): string | undefined {
    return this.state?.scan.genesisId;
  }

  get cursor(): BlockPoint | null {
    return this.state?.scan.cursor ?? null;
  }

  pendingAlerts(): readonly Alert[] {
    return this.state?.scan.pending ?? [];
  }

  gaps(): readonly GapRange[] {
    return this.state?.scan.gaps ?? [];
  }

  /** Events `consumer` has not acked yet, oldest first. */
  eventsFor(consumer: string): NumberedEvent[] {
    const outbox = this.state?.outbox;
    if (!outbox) return [];
    const acked = outbox.acked[consumer] ?? 0;
    return outbox.events.filter((e) => e.seq > acked);
  }

  /** `consumer` has taken every event up to `seq`; events every consumer has taken are dropped. */
  async ack(consumer: string, seq: number): Promise<void> {
    const outbox = this.state?.outbox;
    if (!outbox) return;
    outbox.acked[consumer] = Math.max(outbox.acked[consumer] ?? 0, seq);
    const consumers = this.options.consumers ?? [];
    const all = Math.min(...consumers.map((c) => outbox.acked[c] ?? 0));
    outbox.events = outbox.events.filter((e) => e.seq > all);
    await this.save();
  }

  /** One pass (polls never overlap). A node that cannot be reached opens a watch gap, then the error is thrown. */
  async poll(): Promise<PollReport> {
    const run = this.polling.then(() => this.pollOnce());
    this.polling = run.catch(() => undefined);
    return run;
  }

  private async pollOnce(): Promise<PollReport> {
    try {
      return await this.scanToHead();
    } catch (error) {
      if (error instanceof NetworkError) await this.openGap(error.message);
      throw error;
    }
  }

  private async checkGenesis(): Promise<void> {
    if (this.genesisChecked && this.state) return;
    const genesis = await this.options.source.genesisId();
    if (!this.state) this.state = newState(genesis);
    else if (this.state.scan.genesisId !== genesis) {
      throw new WatchError(
        'WATCH_WRONG_NETWORK',
        `The node is on another chain (genesis ${genesis.slice(0, 16)}…) than the one this state file watches ` +
          `(${this.state.scan.genesisId.slice(0, 16)}…); use another state file for it.`,
        { file: this.options.stateFile },
      );
    }
    this.genesisChecked = true;
  }

  private async scanToHead(): Promise<PollReport> {
    const { source } = this.options;
    await this.checkGenesis();
    const head = await source.head();
    const solid = await source.solidNumber();
    const list = this.options.watchList();
    let scan = clone(this.state!.scan);
    const events: WatchEvent[] = [];
    const announced: NumberedEvent[] = [];
    this.closeGap(scan, head, events);
    if (scan.cursor === null) {
      scan.cursor = await this.startingPoint(head);
      scan.window = [scan.cursor];
    }
    await this.trackNewAccounts(scan, list);

    const startedAt = scan.cursor.number;
    let scanned = 0;
    let uncommitted = 0;
    let lastCommit = performance.now();
    const behind = head.number - startedAt > (this.options.batchBlocks ?? BLOCKS_PER_CALL);
    if (behind)
      this.options.onProgress?.({ block: startedAt, head: head.number, text: progressText(startedAt, head.number) });
    for (;;) {
      const cursor: BlockPoint = scan.cursor!;
      if (await this.replaced(scan, head)) {
        await this.rollBack(scan);
        continue;
      }
      if (cursor.number >= head.number) break;
      const to = Math.min(head.number, cursor.number + (this.options.batchBlocks ?? BLOCKS_PER_CALL));
      const blocks = await source.blocks(cursor.number, to);
      if (blocks[0]?.id !== cursor.id) {
        await this.rollBack(scan);
        continue;
      }
      const fresh = linkedAfter(blocks);
      if (fresh.length === 0) break;
      const infos = await this.infosOf(fresh);
      for (const block of fresh) {
        const drafts = await scanBlock(scan, block, infos.get(block.number) ?? [], list, source);
        for (const draft of drafts) this.raise(scan, draft, point(block), solid, list, events);
        scan.window.push(point(block));
        scan.cursor = point(block);
      }
      scanned += fresh.length;
      uncommitted += fresh.length;
      // Alerts are made durable and announced at once; quiet blocks are committed in larger
      // steps, each an atomic file write with two fsyncs.
      if (
        events.length > 0 ||
        uncommitted >= COMMIT_EVERY_BLOCKS ||
        performance.now() - lastCommit >= COMMIT_EVERY_MS
      ) {
        announced.push(...(await this.commit(scan, solid, list, events)));
        events.length = 0;
        scan = clone(this.state!.scan);
        uncommitted = 0;
        lastCommit = performance.now();
      }
      if (behind)
        this.options.onProgress?.({
          block: scan.cursor!.number,
          head: head.number,
          text: progressText(scan.cursor!.number, head.number),
        });
    }
    if (scan.cursor!.number >= head.number) {
      // Floors first: a floor alert whose block was replaced may be raised again by the new chain.
      for (const { draft, at } of await checkFloors(scan, list, source))
        this.raise(scan, draft, at, solid, list, events);
      this.retractOrphans(scan, events);
    }
    this.confirm(scan, solid, events);
    announced.push(...(await this.commit(scan, solid, list, events)));
    return { head: head.number, solid, cursor: scan.cursor!.number, scanned, events: announced };
  }

  private async startingPoint(head: BlockPoint): Promise<BlockPoint> {
    const startAt = this.options.startAt ?? 'head';
    if (startAt === 'head' || startAt > head.number) return point(head);
    const [block] = await this.options.source.blocks(Math.max(0, startAt - 1), Math.max(0, startAt - 1));
    if (!block) return point(head);
    return point(block);
  }

  private async trackNewAccounts(scan: ScanState, list: WatchList): Promise<void> {
    for (const account of list.accounts) {
      if (scan.accounts[account.address]) continue;
      scan.accounts[account.address] = newTrack(
        account.address,
        await this.options.source.account(account.address),
        scan.cursor!.number,
      );
    }
  }

  /** Whether the block the cursor stands on (or one the node now ends below) is no longer the node's. */
  private async replaced(scan: ScanState, head: BlockPoint): Promise<boolean> {
    const cursor = scan.cursor!;
    if (head.number === cursor.number) return head.id !== cursor.id;
    if (head.number > cursor.number) return false;
    const ours = scan.window.find((p) => p.number === head.number);
    return ours !== undefined && ours.id !== head.id;
  }

  /**
   * Finds the highest scanned block still on the node's chain, moves the cursor back to it, and
   * turns the pending alerts of the blocks above into orphans: retracted at the end of the pass
   * unless the new chain raises them again.
   */
  private async rollBack(scan: ScanState): Promise<void> {
    const candidates = [...scan.window, scan.cursor!]
      .filter((p, i, all) => all.findIndex((q) => q.number === p.number) === i)
      .sort((a, b) => b.number - a.number);
    let fork: BlockPoint | undefined;
    for (const candidate of candidates) {
      const [block] = await this.options.source.blocks(candidate.number, candidate.number);
      if (block?.id === candidate.id) {
        fork = candidate;
        break;
      }
    }
    if (!fork) {
      throw new WatchError(
        'WATCH_CHAIN_MISMATCH',
        `The node no longer has block ${candidates.at(-1)!.number.toLocaleString('en-US')} that the watchtower ` +
          `scanned, below what was reversible: it follows another chain. Point the watchtower at a node of the ` +
          `watched network, or start a new state file.`,
        { file: this.options.stateFile },
      );
    }
    scan.window = scan.window.filter((p) => p.number <= fork.number);
    scan.orphans.push(...scan.pending.filter((a) => a.block.number > fork.number));
    scan.pending = scan.pending.filter((a) => a.block.number <= fork.number);
    forgetAbove(scan, fork.number);
    scan.cursor = fork;
  }

  private raise(
    scan: ScanState,
    draft: AlertDraft,
    block: BlockPoint,
    solid: number,
    list: WatchList,
    events: WatchEvent[],
  ): void {
    const id = alertId(draft);
    if (scan.pending.some((a) => a.id === id)) return;
    const settled = block.number <= solid;
    const orphan = scan.orphans.find((a) => a.id === id);
    if (orphan) {
      // The replacing chain packed the same transaction: the alert stands, in its new block.
      scan.orphans = scan.orphans.filter((a) => a !== orphan);
      const moved: Alert = { ...orphan, title: draft.title, details: draft.details, block };
      if (settled) events.push(stateChange('confirmed', moved));
      else scan.pending.push(moved);
      return;
    }
    const alert: Alert = {
      ...draft,
      id,
      network: scan.genesisId,
      label: labelOf(draft, list),
      block,
      status: settled ? 'confirmed' : 'pending',
      raisedAt: this.now,
    };
    if (!settled) scan.pending.push(alert);
    events.push({ type: 'alert', alert });
  }

  private confirm(scan: ScanState, solid: number, events: WatchEvent[]): void {
    for (const alert of scan.pending.filter((a) => a.block.number <= solid))
      events.push(stateChange('confirmed', alert));
    scan.pending = scan.pending.filter((a) => a.block.number > solid);
  }

  private retractOrphans(scan: ScanState, events: WatchEvent[]): void {
    for (const alert of scan.orphans) events.push(stateChange('retracted', alert));
    scan.orphans = [];
  }

  private async infosOf(blocks: readonly ScannedBlock[]): Promise<Map<number, TransactionInfo[]>> {
    const wanted = blocks.filter(needsInfos).map((b) => b.number);
    const out = new Map<number, TransactionInfo[]>();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < wanted.length) {
        const number = wanted[next++]!;
        out.set(number, await this.options.source.infos(number));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.infoConcurrency ?? 4, wanted.length) }, worker));
    return out;
  }

  private closeGap(scan: ScanState, head: BlockPoint, events: WatchEvent[]): void {
    const open = scan.gaps.find((g) => g.to === undefined);
    if (!open) return;
    const closed: GapRange = { ...open, to: Math.max(head.number, open.from - 1), closedAt: this.now };
    scan.gaps = scan.gaps.map((g) => (g === open ? closed : g));
    this.genesisChecked = false;
    events.push({ type: 'gap-closed', gap: closed });
  }

  /** The node is away: from the block after the cursor, nothing is watched until it returns. */
  private async openGap(reason: string): Promise<void> {
    const state = this.state;
    const cursor = state?.scan.cursor;
    if (!state || !cursor || state.scan.gaps.some((g) => g.to === undefined)) return;
    const scan = clone(state.scan);
    const gap: GapRange = { from: cursor.number + 1, openedAt: this.now };
    scan.gaps.push(gap);
    await this.commit(scan, -1, undefined, [{ type: 'gap-opened', gap, reason }]);
  }

  /**
   * Makes `scan` the state, numbers `events` into the outbox and writes the file; only then are the
   * events announced. `solid` < 0: nothing is pruned.
   */
  private async commit(
    scan: ScanState,
    solid: number,
    list: WatchList | undefined,
    events: readonly WatchEvent[],
  ): Promise<NumberedEvent[]> {
    const all = [...events];
    for (const [i, gap] of scan.gaps.entries()) {
      if (gap.to === undefined || gap.filledAt !== undefined || scan.cursor!.number < gap.to) continue;
      const filled: GapRange = { ...gap, filledAt: this.now };
      scan.gaps[i] = filled;
      all.push({ type: 'gap-filled', gap: filled });
    }
    scan.gaps = scan.gaps.slice(-GAPS_KEPT);
    if (solid >= 0) {
      // The highest block at or below the solidified one stays: where a walk back must end.
      const settled = scan.window.filter((p) => p.number <= solid).at(-1);
      scan.window = [...(settled ? [settled] : []), ...scan.window.filter((p) => p.number > solid)];
      if (list)
        pruneTracks(
          scan,
          solid,
          new Set(list.accounts.map((a) => a.address)),
          new Set(list.envelopes.map((e) => e.txid)),
        );
    }
    const outbox = this.state!.outbox;
    const numbered = all.map((event) => ({ seq: outbox.nextSeq++, network: scan.genesisId, event }));
    if ((this.options.consumers ?? []).length > 0) outbox.events.push(...numbered);
    this.state = { scan, outbox };
    await this.save();
    if (numbered.length > 0) this.options.onEvents?.(numbered);
    return numbered;
  }

  private async save(): Promise<void> {
    const write = this.saving.then(() => replaceFile(this.options.stateFile, serializeState(this.state!)));
    this.saving = write.catch(() => undefined);
    return write;
  }
}

/** While catching up without findings, the state is committed after this many blocks or this long. */
const COMMIT_EVERY_BLOCKS = 1_000;
const COMMIT_EVERY_MS = 2_000;

/** Watch gaps listed in the state (older ones are dropped). */
const GAPS_KEPT = 100;

/** The blocks after the first that each follow the one before (parentHash), in order. */
function linkedAfter(blocks: readonly ScannedBlock[]): ScannedBlock[] {
  const out: ScannedBlock[] = [];
  let previous = blocks[0]!;
  for (const block of blocks.slice(1)) {
    if (block.parentId !== previous.id || block.number !== previous.number + 1) break;
    out.push(block);
    previous = block;
  }
  return out;
}

function stateChange(type: 'confirmed' | 'retracted', alert: Alert): WatchEvent {
  return {
    type,
    id: alert.id,
    rule: alert.rule,
    account: alert.account,
    ...(alert.txid !== undefined ? { txid: alert.txid } : {}),
    block: alert.block,
  };
}

function labelOf(draft: AlertDraft, list: WatchList): string {
  const account = list.accounts.find((a) => a.address === draft.account);
  if (account) return account.label;
  return list.envelopes.find((e) => e.txid === draft.txid)?.label ?? '';
}
