import { toBase58Address } from '../../../src-core/address/address';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { BlockRef } from '../../../src-core/client/types';
import { TransactionError } from '../../../src-core/errors';
import type {
  EstimateView,
  PermissionChoiceView,
  PreparedTxView,
  SigningView,
  TxKind,
  TxState,
} from '../../../src-core/ipc/channels/tx';
import { TX_KINDS } from '../../../src-core/ipc/channels/tx';
import { stringifyJson } from '../../../src-core/json/lossless';
import type { Permission } from '../../../src-core/permission/model';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { OwnerState } from '../chain-knowledge/chain-reads';
import type { ContractPlan } from './requests';
import type { FollowedTransaction, LocalFacts, LocalTransactions } from './transaction-tracker';

/** Everything building found out about a transaction: what it is, who signs it and what it costs. */
export interface BuiltTransaction {
  readonly txid: string;
  readonly networkKey: string;
  readonly kind: TxKind;
  readonly plan: ContractPlan;
  readonly owner: string;
  readonly ownerState: OwnerState;
  readonly permission: Permission;
  readonly choice: PermissionChoiceView;
  readonly headTime: number;
  readonly refBlock: BlockRef;
  readonly feeLimit: bigint | null;
  readonly memo: string | null;
  readonly estimate: EstimateView | null;
  readonly cost: PreparedTxView['cost'];
  readonly parameters: ChainParameters;
  readonly transaction: TransactionJson;
}

/** A transaction built in this session, as it moves from created to signed or co-signing and on. */
export interface Prepared extends Omit<BuiltTransaction, 'transaction'> {
  transaction: TransactionJson;
  state: TxState;
  envelopeId: string | null;
  signing: SigningView;
  readonly createdAt: number;
}

export const TxErrorCode = {
  unknown: 'TX_UNKNOWN',
  noPermission: 'PERM_NO_PERMISSION_CAN_SIGN',
  badPermission: 'TX_BAD_PERMISSION_CHOICE',
  feeLimitNeeded: 'TX_FEE_LIMIT_NEEDED',
  expired: 'TX_EXPIRED',
  notSigned: 'TX_NOT_FULLY_SIGNED',
  alreadyBroadcast: 'TX_ALREADY_BROADCAST',
} as const;

const MAX_PREPARED = 100;

/** The states the node can move a prepared transaction to once it left this wallet. */
const NODE_STATES: readonly TxState[] = ['pool', 'packed', 'confirmed', 'failed', 'expired'];

/**
 * The transactions built in this session, by txid (the renderer refers to them by txid only).
 * At most 100 are kept; unsigned ones go first. The tracker keeps their state in step with the node.
 */
export class PreparedTransactions implements LocalTransactions {
  private readonly byTxid = new Map<string, Prepared>();

  remember(prepared: Prepared): void {
    this.byTxid.set(prepared.txid, prepared);
    if (this.byTxid.size <= MAX_PREPARED) return;
    for (const [txid, entry] of this.byTxid) {
      if (entry.state === 'created') {
        this.byTxid.delete(txid);
        if (this.byTxid.size <= MAX_PREPARED) return;
      }
    }
  }

  get(txid: string): Prepared | undefined {
    return this.byTxid.get(txid.toLowerCase());
  }

  has(txid: string): boolean {
    return this.byTxid.has(txid.toLowerCase());
  }

  /** One built in this session on this network, or TX_UNKNOWN. */
  require(txid: string, networkKey: string): Prepared {
    const found = this.get(txid);
    if (!found || found.networkKey !== networkKey) {
      throw new TransactionError(
        TxErrorCode.unknown,
        'This transaction is not among those built in this session on this network. Build it again.',
        { txid },
      );
    }
    return found;
  }

  delete(txid: string): void {
    this.byTxid.delete(txid.toLowerCase());
  }

  clear(): void {
    this.byTxid.clear();
  }

  read(txid: string, state: TxState): void {
    const p = this.get(txid);
    if (p && p.state !== state && NODE_STATES.includes(state)) p.state = state;
  }
}

/** raw_data.expiration in ms (a JSON integer that fits a double for any real date). */
export function expirationOf(tx: TransactionJson): number {
  return Number(tx.raw_data.expiration);
}

/** What the tracker records and follows of a prepared transaction once it is broadcast. */
export function followedOf(p: Prepared): FollowedTransaction {
  return {
    txid: p.txid,
    kind: p.kind,
    contractType: TX_KINDS[p.kind],
    owner: toBase58Address(p.owner),
    permissionId: p.permission.id,
    expiresAt: expirationOf(p.transaction),
    estimatedBurnSun: p.cost.burnedSun,
    createdAt: p.createdAt,
  };
}

/** What the tracker starts from when asked about a prepared transaction. */
export function localFactsOf(p: Prepared): LocalFacts {
  return {
    kind: p.kind,
    contractType: TX_KINDS[p.kind],
    owner: toBase58Address(p.owner),
    expiration: expirationOf(p.transaction),
    estimatedBurnSun: p.cost.burnedSun,
    state: p.state,
    createdAt: p.createdAt,
    signed: (p.transaction.signature?.length ?? 0) > 0,
  };
}

export function preparedView(p: Prepared): PreparedTxView {
  const contract = p.transaction.raw_data.contract[0]!;
  return {
    txid: p.txid,
    kind: p.kind,
    contractType: contract.type,
    owner: toBase58Address(p.owner),
    state: p.state,
    permissionId: p.permission.id,
    permission: p.choice,
    summary: p.plan.summary,
    expiration: expirationOf(p.transaction),
    headTime: p.headTime,
    refBlock: { number: p.refBlock.number, id: p.refBlock.blockId },
    feeLimitSun: p.feeLimit,
    memo: p.memo,
    contractAddress: p.transaction.contract_address ? toBase58Address(p.transaction.contract_address) : null,
    rawDataHex: p.transaction.raw_data_hex,
    json: stringifyJson(p.transaction, 2),
    cost: p.cost,
    estimate: p.estimate,
    signing: p.signing,
    envelopeId: p.envelopeId,
  };
}
