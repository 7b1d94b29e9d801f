// Fees and resources: bandwidth size and its payer, energy billing, fixed fees, a whole-cost
// breakdown, fee_limit strategies and the resource formulas shared with the node.
export { chainParameters, type FeeParameters } from './parameters';
export {
  BYTES_PER_SIGNATURE,
  bandwidthBytes,
  bandwidthBytesOf,
  rawDataLength,
  bandwidthCharge,
  type BandwidthSizeOptions,
  type BandwidthAccount,
  type BandwidthSource,
  type BandwidthCharge,
  type BandwidthChargeInput,
} from './bandwidth';
export {
  energyCharge,
  type EnergyAccount,
  type ContractEnergyShare,
  type EnergyCharge,
  type EnergyChargeInput,
} from './energy';
export { fixedFeeOf, activationFee, memoFee, multiSignFee } from './fixed';
export {
  transactionCost,
  type FeeKind,
  type FeeLine,
  type CostNote,
  type CostNoteCode,
  type CostBreakdown,
  type CostInput,
} from './breakdown';
export {
  DEFAULT_FEE_LIMIT_MARGIN_BPS,
  assertFeeLimit,
  baseEnergyOf,
  feeLimitFromEstimate,
  feeLimitFromEnergyFactor,
  feeLimitFromMaxFactor,
  type FeeLimitStrategy,
  type FeeLimitResult,
} from './fee-limit';
export {
  USAGE_PRECISION,
  WINDOW_SIZE_SLOTS,
  WINDOW_SIZE_PRECISION,
  slotOf,
  accumulateUsage,
  decayedUsage,
  netLimitFromStake,
  energyLimitFromStake,
  windowSlotsOf,
  windowThousandthsOf,
  recoveredUsageInWindow,
  accumulateUsageInWindow,
  mergeReturnedUsage,
  type UsageInput,
  type AccountWindow,
  type WindowedUsageInput,
  type WindowedUsage,
} from './resource-math';
