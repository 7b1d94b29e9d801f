import type { HexAddress, TxId } from '../../src-core/brand';
import { toHexAddress } from '../../src-core/address/address';
import type { Block, TransactionInfo } from '../../src-core/client/types';
import type { TransactionJson } from '../../src-core/tx/types';
import type { BlockPoint } from './types';
import { trc20Transfers, type Trc20Transfer } from './trc20-transfers';

/** A block as the scanner reads it: its place in the chain and its transactions. */
export interface ScannedBlock extends BlockPoint {
  readonly parentId: string;
  readonly transactions: readonly TransactionJson[];
}

/** The facts of one transaction the rules look at. */
export interface TxFacts {
  readonly txid: TxId;
  readonly type: string;
  readonly owner: HexAddress | undefined;
  /** The contract's parameter value as java-tron prints it (addresses 41… hex). */
  readonly value: Readonly<Record<string, unknown>>;
  readonly permissionId: number;
  /** False for a contract call that reverted or ran out of energy: it moved nothing. */
  readonly success: boolean;
  readonly transfers: readonly Trc20Transfer[];
  readonly transaction: TransactionJson;
}

const VM_TYPES: ReadonlySet<string> = new Set(['TriggerSmartContract', 'CreateSmartContract']);

export function scannedBlock(block: Block): ScannedBlock {
  const raw = block.block_header.raw_data;
  return {
    number: raw.number,
    id: block.blockID,
    parentId: raw.parentHash.toLowerCase(),
    timestamp: raw.timestamp,
    transactions: block.transactions,
  };
}

/** Only contract code emits logs: a block without a call or a deployment needs no TransactionInfo. */
export function needsInfos(block: ScannedBlock): boolean {
  return block.transactions.some((tx) => VM_TYPES.has(tx.raw_data.contract[0]?.type ?? ''));
}

/** 41… hex of an address field, whatever form the node printed it in; undefined when absent or bad. */
export function addressField(value: unknown): HexAddress | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return toHexAddress(value);
  } catch {
    return undefined;
  }
}

export function transactionFacts(tx: TransactionJson, info: TransactionInfo | undefined): TxFacts {
  const contract = tx.raw_data.contract[0];
  const value = (contract?.parameter?.value ?? {}) as Record<string, unknown>;
  const contractRet = tx.ret?.[0]?.contractRet;
  const success = (contractRet === undefined || contractRet === 'SUCCESS') && info?.result !== 'FAILED';
  return {
    txid: tx.txID.toLowerCase() as TxId,
    type: contract?.type ?? '',
    owner: addressField(value.owner_address),
    value,
    permissionId: contract?.Permission_id ?? 0,
    success,
    transfers: success && info ? trc20Transfers(info.log) : [],
    transaction: tx,
  };
}

/** Pairs each transaction with its TransactionInfo by id (java-tron lists both in block order). */
export function blockFacts(block: ScannedBlock, infos: readonly TransactionInfo[]): TxFacts[] {
  const byId = new Map(infos.map((info) => [info.id, info]));
  return block.transactions.map((tx) => transactionFacts(tx, byId.get(tx.txID.toLowerCase() as TxId)));
}

/** Every address a transaction names as owner, receiver, contract or in a token transfer. */
export function addressesTouched(facts: TxFacts): HexAddress[] {
  const out = new Set<HexAddress>();
  for (const field of ['owner_address', 'to_address', 'receiver_address', 'contract_address']) {
    const address = addressField(facts.value[field]);
    if (address) out.add(address);
  }
  for (const t of facts.transfers) {
    out.add(t.from);
    out.add(t.to);
  }
  return [...out];
}
