import { hexToBytes } from '../../../src-core/bytes/hex';
import { bytesToUtf8, isValidUtf8 } from '../../../src-core/bytes/utf8';

/**
 * The embedded node's dry run (`node.dryRun(tx, options)`, src-main/node simulation/dry-run.ts)
 * read into what the simulation needs. The node's answer crosses the host as `unknown` (the
 * wallet does not import the node's types), so every field is checked here.
 */
export interface DryRunOutcome {
  /** Whether the node would admit it; false = java-tron's refusal (`result` holds its code). */
  readonly accepted: boolean;
  /** contractRet (SUCCESS, REVERT, OUT_OF_ENERGY, …), or the refusal code (SIGERROR, CONTRACT_VALIDATE_ERROR, …). */
  readonly result: string;
  /** The refusal or resMessage text. */
  readonly message: string;
  /** Error(string)/Panic text the node decoded from a REVERT. */
  readonly revertReason: string | null;
  /** Return or revert data (contractResult[0]), hex. */
  readonly returnData: string;
  readonly energyUsed: bigint;
  readonly energyPenalty: bigint;
  /** TransactionInfo.fee: everything burned, in sun. */
  readonly feeSun: bigint;
  readonly logs: readonly { readonly address: string; readonly topics: readonly string[]; readonly data: string }[];
  /** Per account: TRX when `tokenId` is absent, else a TRC10 token. Addresses in hex. */
  readonly balanceChanges: readonly { readonly address: string; readonly tokenId?: string; readonly delta: bigint }[];
}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function big(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return 0n;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** java-tron prints resMessage as hex of UTF-8. */
function hexText(value: unknown): string {
  const hex = text(value);
  if (!/^([0-9a-fA-F]{2})*$/.test(hex) || hex === '') return hex;
  const bytes = hexToBytes(hex);
  return isValidUtf8(bytes) ? bytesToUtf8(bytes) : hex;
}

export function readDryRun(raw: unknown): DryRunOutcome {
  const result = object(raw);
  const accepted = result.accepted === true;
  const info = object(result.transactionInfo);
  const receipt = object(info.receipt);
  const contractResult = Array.isArray(info.contractResult) ? info.contractResult : [];
  const logs = (Array.isArray(info.log) ? info.log : []).map((entry) => {
    const log = object(entry);
    return {
      address: text(log.address),
      topics: Array.isArray(log.topics) ? log.topics.map(text) : [],
      data: text(log.data),
    };
  });
  const changes: { address: string; tokenId?: string; delta: bigint }[] = [];
  for (const entry of Array.isArray(result.balanceChanges) ? result.balanceChanges : []) {
    const change = object(entry);
    const address = text(change.address);
    const trx = big(change.trx);
    if (trx !== 0n) changes.push({ address, delta: trx });
    for (const [tokenId, delta] of Object.entries(object(change.tokens))) {
      if (big(delta) !== 0n) changes.push({ address, tokenId, delta: big(delta) });
    }
  }
  return {
    accepted,
    result: accepted ? text(result.contractRet) || 'SUCCESS' : text(result.code) || 'REFUSED',
    message: accepted ? hexText(info.resMessage) : text(result.message),
    revertReason: typeof result.revertReason === 'string' && result.revertReason !== '' ? result.revertReason : null,
    returnData: text(contractResult[0]),
    energyUsed: big(receipt.energy_usage_total),
    energyPenalty: big(receipt.energy_penalty_total),
    feeSun: big(result.fee),
    logs,
    balanceChanges: changes,
  };
}
