import type { ChainParameters } from '../../../src-core/chain/parameters';
import { DEFAULT_CHAIN_PARAMETERS } from '../../../src-core/chain/parameters';

/** The dynamic properties a transaction writes (free-bandwidth pool, burned TRX, stake weights, token ids). */
export interface TxMutableProperties {
  publicNetUsage: bigint;
  publicNetTime: number;
  burnedSun: bigint;
  /** Stake 2.0 weights in whole TRX (TOTAL_NET_WEIGHT, TOTAL_ENERGY_WEIGHT, TOTAL_TRON_POWER_WEIGHT). */
  totalNetWeight: bigint;
  totalEnergyWeight: bigint;
  totalTronPowerWeight: bigint;
  /** TOKEN_ID_NUM: the id of the last TRC-10 token issued (the first is 1000001). */
  tokenIdNum: number;
}

/** java-tron ENERGY_PRICE_HISTORY and BANDWIDTH_PRICE_HISTORY ("<ms>:<sun>,…"; governance/price-history.ts). */
export interface PriceHistories {
  readonly energy: string;
  readonly bandwidth: string;
  /** MEMO_FEE_HISTORY; absent in stores written before it was kept (governance/price-history.ts fills it). */
  readonly memo?: string;
}

/**
 * java-tron's DynamicPropertiesStore, reduced to what this node reads: head and solid pointers,
 * chain time, maintenance, the public free-bandwidth pool, burned TRX and the chain parameters.
 * Stored as one record, written in the same batch as the block that changed it.
 */
export interface DynamicProperties extends TxMutableProperties {
  genesisTimestamp: number;
  headNumber: number;
  headId: string;
  headTimestamp: number;
  solidNumber: number;
  /** 1 right after a maintenance block: the next block skips MAINTENANCE_SKIP_SLOTS slots. */
  stateFlag: number;
  nextMaintenanceTime: number;
  maintenanceCycle: number;
  /** Added to wall-clock time when the chain follows the wall clock (3 s block time). */
  chainTimeOffsetMs: number;
  /** Extra chain time the next block jumps over when the chain runs on its own clock. */
  pendingSkipMs: number;
  totalSignNum: number;
  /** 32-byte masks as hex (java-tron AVAILABLE_CONTRACT_TYPE, ACTIVE_DEFAULT_OPERATIONS). */
  availableContractType: string;
  activeDefaultOperations: string;
  /** Scheduled order of the active super representatives (hex addresses). */
  activeWitnesses: string[];
  /** The genesis representatives ("guard representatives": they never withdraw rewards). */
  genesisWitnesses: string[];
  parameters: ChainParameters;
  /** Absent in stores written before it existed: the current prices from time 0. */
  priceHistories?: PriceHistories;
  /**
   * Milliseconds in one day of the unstaking delay (java-tron FROZEN_PERIOD, 86,400,000); shorter
   * only on the tre profile. Absent in stores written before it existed: a full day.
   */
  unfreezeDayMs?: number;
}

/** Mainnet masks with Stake 2.0 on: every system contract type; actives lack AccountPermissionUpdate (46). */
export const AVAILABLE_CONTRACT_TYPE = '7fff1fc0037efb0f' + '00'.repeat(24);
export const ACTIVE_DEFAULT_OPERATIONS = '7fff1fc0033efb0f' + '00'.repeat(24);

/** java-tron's TOKEN_ID_NUM at genesis. */
export const INITIAL_TOKEN_ID_NUM = 1_000_000;

/** java-tron getPublicNetLimit default. */
export const PUBLIC_NET_LIMIT = 14_400_000_000n;

export function serializeProperties(p: DynamicProperties): string {
  return JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

export function parseProperties(text: string): DynamicProperties {
  const p = JSON.parse(text, (_k, v: unknown) =>
    typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v,
  ) as DynamicProperties;
  // Parameters added by a newer version get their defaults.
  p.parameters = { ...DEFAULT_CHAIN_PARAMETERS, ...p.parameters };
  // Stores written before staking existed.
  p.tokenIdNum ??= INITIAL_TOKEN_ID_NUM;
  p.genesisWitnesses ??= [...p.activeWitnesses];
  return p;
}
