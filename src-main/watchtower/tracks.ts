import type { HexAddress } from '../../src-core/brand';
import type { Account } from '../../src-core/client/types';
import { fromAccountPermissionsSnapshot, toAccountPermissionsSnapshot } from '../../src-core/envelope/snapshot';
import {
  accountPermissionsFromAccountJson,
  effectivePermissions,
  WITNESS_PERMISSION_ID,
  type AccountPermissions,
} from '../../src-core/permission/model';
import type { AccountTrack, ScanState } from './state';

/** A new track for an account, from its current state on the node (`null`: never activated). */
export function newTrack(address: HexAddress, account: Account | null, atBlock: number): AccountTrack {
  const permissions: AccountPermissions = account
    ? accountPermissionsFromAccountJson(account.raw)
    : { address, actives: [] };
  const effective = effectivePermissions(permissions);
  return {
    permissions: [{ block: atBlock, snapshot: toAccountPermissionsSnapshot(permissions) }],
    baseline: {
      // The witness permission only signs blocks, never a transaction.
      permissionIds: effective.map((p) => p.id).filter((id) => id !== WITNESS_PERMISSION_ID),
      signers: [...new Set(effective.flatMap((p) => p.keys.map((k) => k.address)))],
    },
    below: {},
  };
}

export function currentPermissions(track: AccountTrack): AccountPermissions {
  return fromAccountPermissionsSnapshot(track.permissions.at(-1)!.snapshot);
}

export function recordPermissions(track: AccountTrack, block: number, permissions: AccountPermissions): void {
  track.permissions.push({ block, snapshot: toAccountPermissionsSnapshot(permissions) });
}

/**
 * Forgets what blocks above `height` taught: they were replaced. The first permission entry stays
 * (it is where watching began; nothing older is known).
 */
export function forgetAbove(scan: ScanState, height: number): void {
  for (const track of Object.values(scan.accounts)) {
    track.permissions = track.permissions.filter((p, i) => i === 0 || p.block <= height);
    if (track.lastTouch && track.lastTouch.block > height) {
      delete track.lastTouch;
      delete track.floorCheckedAt;
    }
    for (const [asset, entry] of Object.entries(track.below)) if (entry.block > height) delete track.below[asset];
    if (track.outflows) track.outflows = track.outflows.filter((o) => o.block <= height);
  }
  for (const entry of Object.values(scan.envelopes)) {
    if (entry.seenAt !== undefined && entry.seenAt > height) delete entry.seenAt;
    if (entry.expiredAt !== undefined && entry.expiredAt > height) delete entry.expiredAt;
  }
}

/** Keeps what a replaced block could still undo, and the last thing known below the solidified block. */
export function pruneTracks(
  scan: ScanState,
  solid: number,
  watched: ReadonlySet<string>,
  envelopes: ReadonlySet<string>,
): void {
  for (const [address, track] of Object.entries(scan.accounts)) {
    if (!watched.has(address)) {
      delete scan.accounts[address];
      continue;
    }
    const settled = track.permissions.filter((p) => p.block <= solid);
    const keepFrom = settled.length > 0 ? track.permissions.indexOf(settled.at(-1)!) : 0;
    track.permissions = track.permissions.slice(keepFrom);
  }
  for (const txid of Object.keys(scan.envelopes)) if (!envelopes.has(txid)) delete scan.envelopes[txid];
}
