import { bytesToHex } from '../../../src-core/bytes/hex';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { jsonToMessage } from '../../../src-core/proto/json-codec';
import { protocol } from '../../../src-core/proto/runtime';
import { decodeHeader } from '../model/block';
import { decodeRecord, encodeRecord } from '../state/records';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX } from '../store/store';
import { ForkDataError } from '../errors';
import { chainParametersFromJson } from './convert';
import type { UpstreamReader } from './upstream';
import type { PriceHistories } from '../state/dynamic';

/**
 * Where a fork leaves its upstream: the upstream head when the fork was made (its header, kept as
 * the fork's own block at that number, so the fork's first block names it as parent), upstream's
 * block 0 (the genesis id and time, so CHAINID and slot times agree), its chain parameters and
 * resource totals. Stored in the data directory, so a restart forks from the same point.
 *
 * `upstreamHead()` is the upstream block a read is recorded at: java-tron serves no historical
 * state, so each fetched item is as of "the head when it was read", refreshed at most every 3 s.
 */
export interface ForkInfo {
  readonly url: string;
  readonly number: number;
  readonly id: string;
  readonly timestamp: number;
  /** Stored form of the fork point's block and of upstream's block 0 (headers only). */
  readonly headBlock: Uint8Array;
  readonly genesisBlock: Uint8Array;
  readonly genesisId: string;
  readonly genesisTimestamp: number;
  readonly parameters: Partial<ChainParameters>;
  readonly totalNetWeight: bigint;
  readonly totalEnergyWeight: bigint;
  readonly totalTronPowerWeight: bigint;
  readonly nextMaintenanceTime: number;
  /** Upstream's getenergyprices / getbandwidthprices; absent when it printed none (or the fork predates them). */
  readonly priceHistories?: PriceHistories;
}

type Json = Record<string, unknown>;

const INFO_KEY = Uint8Array.from([0x46, ...new TextEncoder().encode('#fork')]);
const REFRESH_MS = 3000;
const SLOT_MS = 3000;

/** Refuses to open a fork's data directory without --fork-url: its state is partly upstream's. */
export async function assertNotForkData(store: Store): Promise<void> {
  const stored = await store.get(INFO_KEY);
  if (!stored) return;
  const { url } = decodeRecord(stored) as ForkInfo;
  throw new ForkDataError(
    `This data directory holds a fork of ${url}; start it with --fork-url ${url}, or use another --datadir.`,
  );
}

/** A block's JSON (getnowblock, getblockbynum) → its header alone as a stored block, and the id it gives. */
function headerBlock(json: Json, what: string, upstream: UpstreamReader): { bytes: Uint8Array; id: string } {
  const header = json.block_header as Json | undefined;
  if (!header?.raw_data) upstream.fail(what, `no block_header in ${JSON.stringify(json).slice(0, 120)}`);
  const message = jsonToMessage('protocol.BlockHeader', header, { hexMode: 'java-tron' });
  const bytes = protocol.Block.encode({ block_header: message } as protocol.IBlock).finish();
  return { bytes, id: bytesToHex(decodeHeader(bytes).id) };
}

const PRICE_HISTORY = /^\d+:\d+(,\d+:\d+)*$/;

/** Both price histories as upstream printed them, or undefined unless both are well formed. */
function priceHistoriesFromJson(energy: Json | undefined, bandwidth: Json | undefined): PriceHistories | undefined {
  const [e, b] = [energy?.prices, bandwidth?.prices];
  if (typeof e !== 'string' || typeof b !== 'string' || !PRICE_HISTORY.test(e) || !PRICE_HISTORY.test(b))
    return undefined;
  return { energy: e, bandwidth: b };
}

const long = (v: unknown): bigint => (typeof v === 'number' || typeof v === 'string' ? BigInt(v) : 0n);

export class ForkPoint {
  private head: { number: number; timestamp: number; at: number };

  private constructor(
    readonly info: ForkInfo,
    private readonly upstream: UpstreamReader,
  ) {
    this.head = { number: info.number, timestamp: info.timestamp, at: 0 };
  }

  get number(): number {
    return this.info.number;
  }

  get genesisTimestamp(): number {
    return this.info.genesisTimestamp;
  }

  /** The fork point of this data directory, or a new one at upstream's head (its batch: `ops`). */
  static async open(store: Store, upstream: UpstreamReader): Promise<{ point: ForkPoint; ops: BatchOp[] }> {
    const stored = await store.get(INFO_KEY);
    if (stored) return { point: new ForkPoint(decodeRecord(stored) as ForkInfo, upstream), ops: [] };
    // A chain of its own here would be mixed with upstream's state.
    if (await store.get(key(PREFIX.meta)))
      throw new ForkDataError(
        `This data directory holds a chain that is not a fork; start the fork of ${upstream.url} with another ` +
          `--datadir.`,
      );
    const [now, genesis, parameters] = upstream.callSync([
      { item: 'the upstream head block', path: '/wallet/getnowblock', body: {} },
      { item: 'upstream block 0', path: '/wallet/getblockbynum', body: { num: 0 } },
      { item: 'the chain parameters', path: '/wallet/getchainparameters', body: {} },
    ]) as Json[];
    const head = headerBlock(now!, 'the upstream head block', upstream);
    const zero = headerBlock(genesis!, 'upstream block 0', upstream);
    const raw = (now!.block_header as { raw_data: Json }).raw_data;
    const witness = String(raw.witness_address ?? '');
    const [resource, maintenance, energyPrices, bandwidthPrices] = upstream.callSync([
      { item: 'the resource totals', path: '/wallet/getaccountresource', body: { address: witness } },
      { item: 'the next maintenance time', path: '/wallet/getnextmaintenancetime', body: {} },
      { item: 'the energy price history', path: '/wallet/getenergyprices', body: {} },
      { item: 'the bandwidth price history', path: '/wallet/getbandwidthprices', body: {} },
    ]) as Json[];
    const priceHistories = priceHistoriesFromJson(energyPrices, bandwidthPrices);
    const info: ForkInfo = {
      url: upstream.url,
      number: Number(long(raw.number)),
      id: typeof now!.blockID === 'string' ? now!.blockID : head.id,
      timestamp: Number(long(raw.timestamp)),
      headBlock: head.bytes,
      genesisBlock: zero.bytes,
      genesisId: typeof genesis!.blockID === 'string' ? genesis!.blockID : zero.id,
      genesisTimestamp: Number(long(((genesis!.block_header as Json).raw_data as Json).timestamp)),
      parameters: chainParametersFromJson(parameters!),
      totalNetWeight: long(resource!.TotalNetWeight),
      totalEnergyWeight: long(resource!.TotalEnergyWeight),
      totalTronPowerWeight: long(resource!.TotalTronPowerWeight),
      nextMaintenanceTime: Number(long(maintenance!.num)),
      ...(priceHistories ? { priceHistories } : {}),
    };
    if (head.id !== info.id)
      upstream.fail('the upstream head block', `its header gives block id ${head.id}, upstream says ${info.id}`);
    return { point: new ForkPoint(info, upstream), ops: [{ type: 'put', key: INFO_KEY, value: encodeRecord(info) }] };
  }

  /** The upstream head a read now is recorded at (refreshed at most every 3 s; the fork point before any). */
  upstreamHead(): { number: number; slot: number } {
    if (Date.now() - this.head.at > REFRESH_MS) {
      const [json] = this.upstream.callSync([
        { item: 'the upstream head block', path: '/wallet/getnowblock', body: {} },
      ]) as Json[];
      const raw = ((json?.block_header as Json | undefined)?.raw_data ?? {}) as Json;
      this.head = { number: Number(long(raw.number)), timestamp: Number(long(raw.timestamp)), at: Date.now() };
    }
    return {
      number: this.head.number,
      slot: Math.floor((this.head.timestamp - this.info.genesisTimestamp) / SLOT_MS),
    };
  }
}
