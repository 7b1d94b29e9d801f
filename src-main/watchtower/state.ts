import { z } from 'zod';
import type { HexAddress } from '../../src-core/brand';
import type { AccountPermissionsSnapshot } from '../../src-core/envelope/snapshot';
import { WatchError } from '../../src-core/errors';
import type { Alert, BlockPoint, GapRange, NumberedEvent } from './types';

/**
 * Everything the scanner must remember across restarts, for one network, in one file written
 * atomically: where it is (cursor and the unsolidified blocks behind it), what it has raised and
 * not yet seen confirmed, what it follows per account, the watch gaps, and the events not yet
 * taken by every consumer. A restart resumes from exactly this.
 */

const STATE_FORMAT = 'tron-watchtower-state';
const STATE_VERSION = 1;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const hexAddress = z.string().regex(/^41[0-9a-f]{40}$/);
const blockPoint = z.strictObject({
  number: z.number().int().nonnegative(),
  id: hex64,
  timestamp: z.number().int().nonnegative(),
});

const alert = z.looseObject({
  id: hex64,
  rule: z.string(),
  account: hexAddress,
  txid: hex64.optional(),
  subject: z.string().optional(),
  title: z.string(),
  details: z.record(z.string(), z.unknown()),
  network: z.string(),
  label: z.string(),
  block: blockPoint,
  status: z.enum(['pending', 'confirmed', 'retracted']),
  raisedAt: z.number(),
});

const permissionSnapshot = z.looseObject({
  id: z.number().int(),
  type: z.enum(['Owner', 'Witness', 'Active']),
  name: z.string(),
  threshold: z.string(),
  operations: z.string().optional(),
  keys: z.array(z.strictObject({ address: z.string(), weight: z.string() })),
});
const accountPermissionsSnapshot = z.strictObject({
  address: z.string(),
  owner: permissionSnapshot.optional(),
  witness: permissionSnapshot.optional(),
  actives: z.array(permissionSnapshot),
});

const accountTrack = z.strictObject({
  /** The structure after each change the scanner saw, oldest first; the last is the current one. */
  permissions: z
    .array(z.strictObject({ block: z.number().int().nonnegative(), snapshot: accountPermissionsSnapshot }))
    .min(1),
  baseline: z.strictObject({ permissionIds: z.array(z.number().int()), signers: z.array(hexAddress) }),
  lastTouch: z.strictObject({ block: z.number().int(), blockId: hex64, timestamp: z.number(), txid: hex64 }).optional(),
  floorCheckedAt: z.number().int().optional(),
  /** Assets below their floor whose alert was raised, with the block it was raised at. */
  below: z.record(z.string(), z.strictObject({ block: z.number().int() })),
  /** Outflows seen in the last day of chain time, for policy daily caps (policies only). */
  outflows: z
    .array(
      z.strictObject({
        block: z.number().int().nonnegative(),
        time: z.number().int().nonnegative(),
        asset: z.string(),
        amount: z.string().regex(/^[0-9]+$/),
      }),
    )
    .optional(),
});

const envelopeTrack = z.strictObject({
  seenAt: z.number().int().optional(),
  expiredAt: z.number().int().optional(),
});

const gap = z.strictObject({
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative().optional(),
  openedAt: z.number(),
  closedAt: z.number().optional(),
  filledAt: z.number().optional(),
});

const numberedEvent = z.strictObject({
  seq: z.number().int().positive(),
  network: z.string(),
  event: z.looseObject({ type: z.string() }),
});

const stateSchema = z.strictObject({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  genesisId: hex64,
  cursor: blockPoint.nullable(),
  window: z.array(blockPoint),
  pending: z.array(alert),
  orphans: z.array(alert),
  accounts: z.record(hexAddress, accountTrack),
  envelopes: z.record(hex64, envelopeTrack),
  gaps: z.array(gap),
  outbox: z.strictObject({
    events: z.array(numberedEvent),
    nextSeq: z.number().int().positive(),
    acked: z.record(z.string(), z.number().int().nonnegative()),
  }),
});

export interface AccountTrack {
  permissions: { block: number; snapshot: AccountPermissionsSnapshot }[];
  baseline: { permissionIds: number[]; signers: HexAddress[] };
  lastTouch?: { block: number; blockId: string; timestamp: number; txid: string };
  floorCheckedAt?: number;
  below: Record<string, { block: number }>;
  outflows?: { block: number; time: number; asset: string; amount: string }[];
}

/** What the scanner changes while it reads blocks (the outbox is kept apart: consumers ack it concurrently). */
export interface ScanState {
  genesisId: string;
  /** The last block fully scanned; null until the first poll places it. */
  cursor: BlockPoint | null;
  /**
   * Scanned blocks above the node's solidified block, oldest first, after the highest scanned one
   * at or below it: where a walk back after a replaced block starts and must end.
   */
  window: BlockPoint[];
  pending: Alert[];
  /** Pending alerts whose block was replaced; retracted unless the new chain raises them again. */
  orphans: Alert[];
  accounts: Record<string, AccountTrack>;
  envelopes: Record<string, { seenAt?: number; expiredAt?: number }>;
  gaps: GapRange[];
}

export interface Outbox {
  events: NumberedEvent[];
  nextSeq: number;
  /** Per consumer, the last event it took. */
  acked: Record<string, number>;
}

export interface WatchState {
  readonly scan: ScanState;
  readonly outbox: Outbox;
}

export function newState(genesisId: string): WatchState {
  return {
    scan: {
      genesisId,
      cursor: null,
      window: [],
      pending: [],
      orphans: [],
      accounts: {},
      envelopes: {},
      gaps: [],
    },
    outbox: { events: [], nextSeq: 1, acked: {} },
  };
}

export function serializeState(state: WatchState): string {
  const { scan, outbox } = state;
  return `${JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION, ...scan, outbox }, null, 1)}\n`;
}

/** Reads a state file back; anything that is not one the watchtower wrote is refused, not repaired. */
export function parseState(text: string, file: string): WatchState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WatchError(
      'WATCH_STATE_CORRUPT',
      `The watch state ${file} is not valid JSON (cut short by a crash or a full disk?). It was left as it is; move ` +
        `it away to start watching from the head again.`,
      { file },
    );
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WatchError(
      'WATCH_STATE_CORRUPT',
      `The watch state ${file} is not one this watchtower wrote ` +
        `(${issue ? `${issue.path.join('.') || 'top'}: ${issue.message}` : 'unknown shape'}). It was left as it is; ` +
        `move it away to start watching from the head again.`,
      { file },
    );
  }
  const { format: _format, version: _version, outbox, ...scan } = parsed.data;
  return { scan: scan as unknown as ScanState, outbox: outbox as unknown as Outbox };
}
