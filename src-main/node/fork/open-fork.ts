import { bytesToHex } from '../../../src-core/bytes/hex';
import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { Chain } from '../chain/chain';
import type { ChainOptions } from '../chain/chain';
import type { ForkConfig } from '../config';
import type { StateBackend } from '../state/backend';
import type { ExtCodecs } from '../state/ext';
import type { BatchOp, Store } from '../store/store';
import { ForkStateBackend } from './fork-backend';
import { createForkGenesis } from './fork-genesis';
import { ForkPoint } from './fork-point';
import { Upstream } from './upstream';

/**
 * Fork mode assembled for `createNode`: the upstream client, the fork point (made at upstream's
 * head on an empty data directory, read back otherwise), the lazy state backend over the node's
 * own, the fork's genesis, TAPOS over upstream's blocks, and what `/admin/fork` and
 * `/admin/impersonate` answer.
 */
export interface ForkHandle {
  readonly state: StateBackend;
  readonly genesis: NonNullable<ChainOptions['genesis']>;
  /** Wires TAPOS and impersonation into the opened chain. */
  attach(chain: Chain): void;
  report(): Record<string, unknown>;
  /** Accepts `address`'s transactions without signatures from now on; answers its base58 form. */
  impersonate(address: string): string;
  /** Requires `address`'s signatures again; answers its base58 form. */
  stopImpersonating(address: string): string;
  /** Waits for the fetched state in flight to be written, then stops the upstream worker. */
  close(): Promise<void>;
}

const RING = 65_536;

export async function openFork(
  config: ForkConfig,
  store: Store,
  local: StateBackend,
  options: { extCodecs: ExtCodecs; cacheBytes: number; log: (line: string) => void },
): Promise<ForkHandle> {
  const upstream = new Upstream(config);
  let chain: Chain | undefined;
  try {
    const { point, ops } = await ForkPoint.open(store, upstream);
    if (ops.length) await store.write(ops as BatchOp[]);
    const state = await ForkStateBackend.open(local, store, upstream, point, options);
    options.log(`fork of ${upstream.url} at block ${point.number} ${point.info.id}`);
    return {
      state,
      genesis: (s, input) => {
        // The fork's representatives are upstream accounts when they exist there: one round of requests.
        state.prefetchAccounts(input.witnessKeys.map((k) => k.hex));
        return createForkGenesis(s, input, point.info);
      },
      attach: (c) => {
        chain = c;
        c.taposFallback = (refBlockBytes, refBlockHash) => {
          if (refBlockBytes.length !== 2) return false;
          const low = (refBlockBytes[0]! << 8) | refBlockBytes[1]!;
          const number = point.number - ((((point.number - low) % RING) + RING) % RING);
          if (number < 0) return false;
          return state.upstreamBlockId(number)?.slice(16, 32) === bytesToHex(refBlockHash);
        };
      },
      report: () => {
        const { counts, readRange } = state.report();
        const requests = upstream.requests();
        return {
          upstream: point.info.url,
          forkPoint: { number: point.number, id: point.info.id, timestamp: point.info.timestamp },
          upstreamGenesisId: point.info.genesisId,
          readRange,
          fetched: counts,
          impersonated: [...(chain?.impersonated ?? [])].map((hex) => toBase58Address(hex)),
          requests: { total: requests.total, log: requests.log },
        };
      },
      impersonate: (address) => {
        if (!chain) throw new Error('The fork is not open yet.');
        const hex = toHexAddress(address).toLowerCase();
        chain.impersonated.add(hex);
        return toBase58Address(hex);
      },
      stopImpersonating: (address) => {
        const hex = toHexAddress(address).toLowerCase();
        chain?.impersonated.delete(hex);
        return toBase58Address(hex);
      },
      close: async () => {
        await state.flushed();
        await upstream.close();
      },
    };
  } catch (error) {
    await upstream.close();
    throw error;
  }
}
