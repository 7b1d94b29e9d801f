import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { expiryStatus, type Envelope } from '../../../src-core/envelope';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import { permissionFor, type Permission } from '../../../src-core/permission/model';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import { CosignErrorCode, fail } from './errors';

/** The permission the envelope is signed under, as this node holds it now (not the envelope's snapshot). */
export async function chainPermission(
  reads: ChainReads,
  client: TronNodeClient,
  envelope: Envelope,
): Promise<Permission> {
  const owner = envelope.summary.owner;
  const state = await reads.owner(client, owner);
  const permission = state.permissions
    ? permissionFor(state.permissions, envelope.summary.permissionId, { ownerAddress: owner })
    : undefined;
  if (!permission)
    fail(
      'ENVELOPE_UNKNOWN_PERMISSION',
      `${toBase58Address(owner)} has no permission with id ${envelope.summary.permissionId} on this network.`,
    );
  return permission;
}

/**
 * Refuses work on an expired envelope. The cached head can lag behind the node (the block
 * watcher polls), while the inbox view reads the node directly; ask the node too, so that an
 * envelope shown as expired is always refused as expired.
 */
export async function assertOpen(
  client: TronNodeClient,
  cachedHead: NodeBlock | null,
  envelope: Envelope,
  what: string,
): Promise<void> {
  const cached = cachedHead?.timestamp ?? 0;
  const fresh = await client.getNowBlockHeader().then(
    (h) => h.timestamp,
    () => 0,
  );
  const headTime = Math.max(cached, fresh);
  if (headTime > 0 && expiryStatus(envelope, headTime).state === 'expired') {
    fail(
      CosignErrorCode.expired,
      `This transaction has expired (the head block is past its expiration), so it can no longer be ${what}. Re-propose it instead.`,
    );
  }
}
