// Amount text ⇄ bigint base units (sun for TRX, token units for TRC10/TRC20).
export {
  TRX_DECIMALS,
  INT64_MAX,
  INT64_MIN,
  UINT256_MAX,
  MAX_DECIMALS,
  parseUnits,
  parseTrx,
  formatUnits,
  formatTrx,
  type ParseAmountOptions,
  type FormatAmountOptions,
  type DecimalSeparator,
  type GroupSeparator,
  type Rounding,
} from './amount';
