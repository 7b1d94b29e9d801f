/**
 * Chain parameters, with java-tron's genesis defaults (energy
 * 210 sun, bandwidth 1000 sun/byte, the fixed fees) and mainnet values elsewhere
 * (java-tron DynamicPropertiesStore). Keys are the names `/wallet/getchainparameters` prints. Every
 * rate the wallet or the node uses comes from here, so a network's live values can replace them.
 */
export const DEFAULT_CHAIN_PARAMETERS = {
  getMaintenanceTimeInterval: 21_600_000n,
  getAccountUpgradeCost: 9_999_000_000n,
  getCreateAccountFee: 100_000n,
  getTransactionFee: 1_000n,
  getAssetIssueFee: 1_024_000_000n,
  getWitnessPayPerBlock: 16_000_000n,
  getWitnessStandbyAllowance: 115_200_000_000n,
  getCreateNewAccountFeeInSystemContract: 1_000_000n,
  getCreateNewAccountBandwidthRate: 1n,
  getAllowCreationOfContracts: 1n,
  getRemoveThePowerOfTheGr: 1n,
  getEnergyFee: 210n,
  getExchangeCreateFee: 1_024_000_000n,
  getMaxCpuTimeOfOneTx: 80n,
  getAllowUpdateAccountName: 0n,
  getAllowSameTokenName: 1n,
  getAllowDelegateResource: 1n,
  getTotalEnergyLimit: 180_000_000_000n,
  getAllowTvmTransferTrc10: 1n,
  getTotalEnergyCurrentLimit: 180_000_000_000n,
  getAllowMultiSign: 1n,
  getAllowAdaptiveEnergy: 0n,
  getUpdateAccountPermissionFee: 100_000_000n,
  getMultiSignFee: 1_000_000n,
  getAllowAccountStateRoot: 0n,
  getAllowProtoFilterNum: 0n,
  getAllowTvmConstantinople: 1n,
  getAllowTvmSolidity059: 1n,
  getAllowTvmIstanbul: 1n,
  getAllowShieldedTRC20Transaction: 0n,
  getForbidTransferToContract: 0n,
  getAdaptiveResourceLimitTargetRatio: 10n,
  getAdaptiveResourceLimitMultiplier: 1_000n,
  getChangeDelegation: 1n,
  getWitness127PayPerBlock: 160_000_000n,
  getAllowMarketTransaction: 0n,
  getMarketSellFee: 0n,
  getMarketCancelFee: 0n,
  getFreeNetLimit: 600n,
  getTotalNetLimit: 43_200_000_000n,
  getAllowTvmFreeze: 0n,
  getAllowTvmVote: 1n,
  getAllowTvmLondon: 1n,
  getAllowTvmCompatibleEvm: 1n,
  getAllowHigherLimitForMaxCpuTimeOfOneTx: 1n,
  // Off on mainnet (getchainparameters omits it): staking for bandwidth or energy also gives TRON power.
  getAllowNewResourceModel: 0n,
  getAllowAssetOptimization: 1n,
  getAllowNewReward: 1n,
  getMemoFee: 1_000_000n,
  getAllowDelegateOptimization: 1n,
  getUnfreezeDelayDays: 14n,
  getAllowOptimizedReturnValueOfChainId: 1n,
  getAllowDynamicEnergy: 1n,
  getDynamicEnergyThreshold: 5_000_000_000n,
  getDynamicEnergyIncreaseFactor: 2_000n,
  getDynamicEnergyMaxFactor: 34_000n,
  getAllowTvmShangHai: 1n,
  getAllowCancelAllUnfreezeV2: 1n,
  getMaxDelegateLockPeriod: 864_000n,
  getAllowOldRewardOpt: 1n,
  getAllowEnergyAdjustment: 1n,
  getMaxCreateAccountTxSize: 1_000n,
  getAllowStrictMath: 1n,
  getConsensusLogicOptimization: 1n,
  getAllowTvmCancun: 1n,
  getMaxFeeLimit: 15_000_000_000n,
} as const satisfies Record<string, bigint>;

export type ChainParameterKey = keyof typeof DEFAULT_CHAIN_PARAMETERS;
export type ChainParameters = { [K in ChainParameterKey]: bigint };

/** Limits that are protocol constants, not proposals (java-tron `Parameter.ChainConstant`). */
export const PROTOCOL_CONSTANTS = {
  /** TRX has 6 decimals: 1 TRX = 1,000,000 sun. */
  SUN_PER_TRX: 1_000_000n,
  BLOCK_INTERVAL_MS: 3_000,
  /** Usage windows recover over 24 h = 28,800 slots. */
  WINDOW_SIZE_SLOTS: 28_800,
  MAX_TRANSACTION_SIZE: 512_000,
  /** Bandwidth counts the serialized tx without `ret`, plus this many bytes per contract. */
  MAX_RESULT_SIZE_IN_TX: 64,
  SIGNATURE_LENGTH: 65,
  MAX_EXPIRATION_MS: 86_400_000,
  DEFAULT_EXPIRATION_MS: 60_000,
  /** getTotalSignNum: at most this many signatures and keys per permission. */
  TOTAL_SIGN_NUM: 5,
  MAX_ACTIVE_PERMISSIONS: 8,
  MAX_PERMISSION_NAME_BYTES: 32,
  UNFREEZE_MAX_TIMES: 32,
  ACTIVE_WITNESSES: 27,
  STANDBY_WITNESSES: 127,
  SOLIDIFIED_THRESHOLD_PERCENT: 70,
  TAPOS_WINDOW: 65_536,
  MAINTENANCE_SKIP_SLOTS: 2,
  DYNAMIC_ENERGY_FACTOR_DECIMAL: 10_000n,
  DEFAULT_BROKERAGE_PERCENT: 20,
} as const;

export function withChainParameters(overrides: Partial<ChainParameters> = {}): ChainParameters {
  return { ...DEFAULT_CHAIN_PARAMETERS, ...overrides };
}

/**
 * A node's `/wallet/getchainparameters` answer (keys to values, as the client reads it) over the
 * defaults: a key the node does not list keeps its default; keys this table does not know (a
 * newer proposal, or `getTotalSignNum` where a node reports it) are kept as reported.
 */
export function chainParametersFromNode(reported: Readonly<Record<string, bigint>>): ChainParameters {
  const out: Record<string, bigint> = { ...DEFAULT_CHAIN_PARAMETERS };
  for (const [key, value] of Object.entries(reported)) if (typeof value === 'bigint') out[key] = value;
  return out as ChainParameters;
}
