import type { HexAddress } from '../../../src-core/brand';
import { PROTOCOL_CONSTANTS, type ChainParameters } from '../../../src-core/chain/parameters';
import type { Account } from '../../../src-core/client/types';
import type { KeyFacts } from '../../../src-core/ipc/channels/permissions';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  WITNESS_PERMISSION_ID,
  accountPermissionsFromAccountJson,
  effectivePermissions,
  withOperation,
  type AccountPermissions,
  type Permission,
  type PermissionChangeProof,
} from '../../../src-core/permission';

/** Everything one review of a proposed structure found, in main. */
export interface Review {
  readonly address: HexAddress;
  readonly account: Account | null;
  readonly parameters: ChainParameters;
  readonly current: AccountPermissions;
  readonly after: AccountPermissions;
  readonly updateValue: Record<string, unknown>;
  readonly proof: PermissionChangeProof;
  readonly facts: readonly KeyFacts[];
}

/** The structure the chain holds for the account, with java-tron's implicit defaults filled in. */
export function currentStructure(address: HexAddress, account: Account | null): AccountPermissions {
  if (!account) {
    // java-tron's defaults for an address that has never received TRX (TransactionCapsule.checkWeight: default owner
    // and active permissions).
    const [owner, active] = effectivePermissions(null, { ownerAddress: address });
    return { address, owner: owner!, actives: [active!] };
  }
  const parsed = accountPermissionsFromAccountJson({ ...account.raw, address });
  const witness = account.is_witness && !parsed.witness ? defaultWitness(address) : parsed.witness;
  return { ...parsed, ...(witness ? { witness } : {}) };
}

/** getTotalSignNum is a dynamic property that getchainparameters does not list; 5 unless a node reports it. */
export function totalSignNum(parameters: ChainParameters): number {
  const reported = (parameters as unknown as Record<string, bigint | undefined>).getTotalSignNum;
  return reported !== undefined && reported > 0n ? Number(reported) : PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM;
}

/** The default active mask (DEFAULT_ACTIVE_OPERATIONS), plus CancelAllUnfreezeV2 where the chain has enabled it (mainnet's current default). */
export function defaultActiveOperations(parameters: ChainParameters): string {
  const allowCancel = (parameters as unknown as Record<string, bigint | undefined>).getAllowCancelAllUnfreezeV2 === 1n;
  return allowCancel
    ? withOperation(DEFAULT_ACTIVE_OPERATIONS, 'CancelAllUnfreezeV2Contract', true)
    : DEFAULT_ACTIVE_OPERATIONS;
}

function defaultWitness(address: HexAddress): Permission {
  return {
    type: 'Witness',
    id: WITNESS_PERMISSION_ID,
    name: 'witness',
    threshold: 1n,
    parentId: 0,
    keys: [{ address, weight: 1n }],
  };
}
