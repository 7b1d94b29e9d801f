import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { TransactionInfo } from '../../../src-core/client/types';
import type { TrackView, TxKind, TxState } from '../../../src-core/ipc/channels/tx';
import type { HistoryStatus } from '../stores/history';
import { decodeLogs, type AbiSource } from './logs';
import type { TokenSource } from '../chain-knowledge/chain-reads';

/**
 * Following a transaction through its lifecycle (java-tron's
 * transaction states): created → signed → in the pool → packed in a block → confirmed (solidified,
 * visible through /walletsolidity). Being on chain does not prove success: receipt.result and
 * ret.contractRet decide, compared case-insensitively.
 */
export const LIFECYCLE: readonly { state: TxState; label: string }[] = [
  { state: 'created', label: 'Created' },
  { state: 'signed', label: 'Signed' },
  { state: 'pool', label: 'In the pool' },
  { state: 'packed', label: 'Packed in a block' },
  { state: 'confirmed', label: 'Confirmed (solidified)' },
];

const ORDER: Record<TxState, number> = {
  created: 0,
  cosigning: 0,
  signed: 1,
  rejected: 1,
  expired: 2,
  pool: 2,
  packed: 3,
  confirmed: 4,
  failed: 4,
};

export const FINAL_STATES: ReadonlySet<TxState> = new Set(['confirmed', 'failed', 'expired', 'rejected']);

export function historyStatusOf(state: TxState): HistoryStatus {
  switch (state) {
    case 'created':
      return 'draft';
    case 'signed':
    case 'cosigning':
      return 'signed';
    case 'pool':
    case 'packed':
      return 'pending';
    case 'confirmed':
      return 'confirmed';
    case 'expired':
      return 'expired';
    default:
      return 'failed';
  }
}

/** What the service knows about a transaction besides what the node says. */
export interface TrackedMeta {
  readonly txid: string;
  readonly kind: TxKind | null;
  readonly contractType: string;
  readonly owner: string | null;
  readonly expiration: number | null;
  readonly estimatedBurnSun: bigint | null;
  state: TxState;
  message: string | null;
  readonly createdAt: number | null;
  broadcastAt: number | null;
  confirmedAt: number | null;
  blockId?: string;
  /** False for a transaction that was built but never signed (its "Signed" step stays open when it expires). */
  readonly signed?: boolean;
}

/** Success of an executed transaction, from receipt.result and contractRet (either case). */
export function judgeSuccess(
  info: TransactionInfo,
  contractRet: string | undefined,
): { success: boolean; result: string } {
  const receipt = info.receipt.result;
  if (receipt && receipt.toUpperCase() !== 'DEFAULT')
    return { success: receipt.toUpperCase() === 'SUCCESS', result: receipt.toUpperCase() };
  if (contractRet) return { success: contractRet.toUpperCase() === 'SUCCESS', result: contractRet.toUpperCase() };
  return { success: info.result !== 'FAILED', result: info.result === 'FAILED' ? 'FAILED' : 'SUCCESS' };
}

function steps(state: TxState, signed: boolean): TrackView['steps'] {
  const reached = ORDER[state];
  const unreached = (step: TxState): boolean =>
    ((state === 'expired' || state === 'rejected') && step === 'pool') ||
    (state === 'expired' && step === 'signed' && !signed);
  return LIFECYCLE.map((step) => ({ ...step, reached: ORDER[step.state] <= reached && !unreached(step.state) }));
}

function unsentExpiry(meta: TrackedMeta): string {
  return meta.signed === false
    ? 'It expired before it was signed; build it again.'
    : 'It expired before it was broadcast; build it again.';
}

export interface TrackContext {
  readonly client: TronNodeClient;
  readonly abiOf: AbiSource;
  readonly tokenOf?: TokenSource;
  /** Head block time (ms), to tell an expired transaction from a slow one. */
  readonly headTime: number | null;
  readonly solidBlock: number | null;
}

/** Reads where the transaction is now and fills the view; updates `meta.state` and times. */
export async function readTrack(meta: TrackedMeta, ctx: TrackContext, now: number): Promise<TrackView> {
  const { client } = ctx;
  const onChainPossible =
    meta.broadcastAt !== null || meta.state === 'pool' || meta.state === 'packed' || FINAL_STATES.has(meta.state);
  let info: TransactionInfo | null = null;
  let contractRet: string | undefined;
  let contractType = meta.contractType;
  let owner = meta.owner;
  if (onChainPossible || meta.state === 'signed') {
    const solidInfo = await client.getTransactionInfoById(meta.txid, { solidity: true }).catch(() => null);
    info = solidInfo ?? (await client.getTransactionInfoById(meta.txid));
    const solid = solidInfo !== null;
    const tx = await client.getTransactionById(meta.txid);
    contractRet = tx?.ret?.[0]?.contractRet;
    const contract = tx?.raw_data.contract[0];
    if (contract) {
      contractType = contract.type;
      const ownerHex = (contract.parameter.value as Record<string, unknown>).owner_address;
      if (owner === null && typeof ownerHex === 'string') owner = toBase58Address(ownerHex);
    }
    if (info && info.blockNumber > 0) {
      const { success } = judgeSuccess(info, contractRet);
      meta.state = solid ? (success ? 'confirmed' : 'failed') : 'packed';
      if (solid && meta.confirmedAt === null) meta.confirmedAt = now;
    } else if (tx) {
      meta.state = 'pool';
    } else if (meta.expiration !== null && ctx.headTime !== null && ctx.headTime > meta.expiration) {
      // Signed but never broadcast expires too: the node would refuse it now.
      meta.state = 'expired';
      meta.message =
        meta.broadcastAt !== null
          ? 'It expired before a block producer packed it; build and sign it again.'
          : unsentExpiry(meta);
    } else if (meta.broadcastAt !== null) {
      meta.state = 'pool';
    }
  } else if (
    meta.expiration !== null &&
    ctx.headTime !== null &&
    ctx.headTime > meta.expiration &&
    !FINAL_STATES.has(meta.state)
  ) {
    meta.state = 'expired';
    meta.message = unsentExpiry(meta);
  }

  let judged: { success: boolean; result: string } | null = null;
  if (info && info.blockNumber > 0) {
    judged = judgeSuccess(info, contractRet);
    if (!meta.blockId) {
      const block = await client.getBlockByNum(info.blockNumber).catch(() => null);
      if (block) meta.blockId = block.blockID;
    }
    if (!judged.success) meta.message = info.resMessage || `Execution result: ${judged.result}.`;
  }
  const logs = info ? await decodeLogs(info.log, ctx.abiOf, ctx.tokenOf) : [];
  return {
    txid: meta.txid,
    kind: meta.kind,
    contractType,
    owner,
    state: meta.state,
    steps: steps(meta.state, meta.signed !== false),
    success: judged ? judged.success : null,
    result: judged ? judged.result : null,
    message: meta.message,
    blockNumber: info && info.blockNumber > 0 ? info.blockNumber : null,
    blockId: meta.blockId ?? null,
    blockTime: info && info.blockTimeStamp > 0 ? info.blockTimeStamp : null,
    expiration: meta.expiration,
    solidBlock: ctx.solidBlock,
    feeSun: info ? info.fee : null,
    netFeeSun: info ? info.receipt.net_fee : null,
    energyFeeSun: info ? info.receipt.energy_fee : null,
    netUsage: info ? BigInt(info.receipt.net_usage) : null,
    energyUsed: info ? BigInt(info.receipt.energy_usage_total) : null,
    energyPenalty: info ? BigInt(info.receipt.energy_penalty_total) : null,
    estimatedBurnSun: meta.estimatedBurnSun,
    contractAddress: info?.contract_address ? toBase58Address(info.contract_address) : null,
    logs,
    internalTransactions: (info?.internal_transactions ?? []).map((itx) => ({
      hash: itx.hash,
      caller: toBase58Address(itx.caller_address),
      to: itx.transferTo_address ? toBase58Address(itx.transferTo_address) : null,
      note: itx.note,
      values: itx.callValueInfo.map((v) => ({ tokenId: v.tokenId, amount: v.callValue })),
      rejected: itx.rejected,
    })),
    createdAt: meta.createdAt,
    broadcastAt: meta.broadcastAt,
    confirmedAt: meta.confirmedAt,
  };
}
