import type { ChainParameterKey, ChainParameters } from '../../../src-core/chain/parameters';

/**
 * The chain parameters a proposal may change, by java-tron's code (ProposalUtil.ProposalType), with
 * ProposalUtil.validator's checks and ProposalService.process's effect on the parameters this node
 * keeps. The node runs java-tron's newest block version, so every fork gate has passed (the
 * deprecated TOTAL_ENERGY_LIMIT is refused as there). Codes whose setting the node does not model
 * (ALLOW_PBFT, ALLOW_TRANSACTION_FEE_POOL, ALLOW_BLACKHOLE_OPTIMIZATION, ALLOW_ACCOUNT_ASSET_OPTIMIZATION,
 * ALLOW_TVM_BLOB) are validated and recorded in the proposal but change nothing.
 */

/** A check returns java-tron's refusal text, or undefined when the value passes. */
type Check = (value: bigint, p: ChainParameters) => string | undefined;

interface ProposalParameter {
  readonly name: string;
  /** The parameter it sets (getchainparameters key); none when the node does not model it. */
  readonly key?: ChainParameterKey;
  readonly checks: readonly Check[];
  /** The value is only written while the parameter is still 0 (java-tron's one-way switches). */
  readonly onlyFromZero?: boolean;
  /** Further parameters the approval sets (ALLOW_ADAPTIVE_ENERGY, TOTAL_CURRENT_ENERGY_LIMIT). */
  readonly also?: (value: bigint) => Partial<ChainParameters>;
}

const LONG_VALUE = 100_000_000_000_000_000n;
const LONG_VALUE_ERROR = `Bad chain parameter value, valid range is [0,${LONG_VALUE}]`;
const MAX_SUPPLY_ERROR = 'Bad chain parameter value, valid range is [0, 100_000_000_000L]';
const BAD_PARAM_ID = 'Bad chain parameter id';
/** Parameter.ChainConstant.ONE_YEAR_BLOCK_NUMBERS */
const ONE_YEAR_BLOCK_NUMBERS = 10_512_000n;

const range =
  (min: bigint, max: bigint, message: string): Check =>
  (v) =>
    v < min || v > max ? message : undefined;
const longRange = range(0n, LONG_VALUE, LONG_VALUE_ERROR);
const onlyOne =
  (name: string): Check =>
  (v) =>
    v !== 1n ? `This value[${name}] is only allowed to be 1` : undefined;
const zeroOrOne =
  (name: string): Check =>
  (v) =>
    v !== 1n && v !== 0n ? `This value[${name}] is only allowed to be 1 or 0` : undefined;
const requires =
  (key: ChainParameterKey, before: string, name: string, verb = 'proposed'): Check =>
  (_v, p) =>
    p[key] === 0n ? `[${before}] proposal must be approved before [${name}] can be ${verb}` : undefined;
const notYet =
  (key: ChainParameterKey, name: string): Check =>
  (_v, p) =>
    p[key] === 1n ? `[${name}] has been valid, no need to propose again` : undefined;
const refused =
  (message: string): Check =>
  () =>
    message;

/** An on-switch: the value must be 1. */
function flag(name: string, key: ChainParameterKey | undefined, ...more: Check[]): ProposalParameter {
  return { name, key, checks: [onlyOne(name), ...more] };
}

function switch01(name: string, key: ChainParameterKey | undefined, label = name): ProposalParameter {
  return { name, key, checks: [zeroOrOne(label)] };
}

function amount(name: string, key: ChainParameterKey): ProposalParameter {
  return { name, key, checks: [longRange] };
}

export const PROPOSAL_PARAMETERS: ReadonlyMap<number, ProposalParameter> = new Map<number, ProposalParameter>([
  [
    0,
    {
      name: 'MAINTENANCE_TIME_INTERVAL',
      key: 'getMaintenanceTimeInterval',
      checks: [
        range(81_000n, 86_400_000n, 'Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]'),
      ],
    },
  ],
  [1, amount('ACCOUNT_UPGRADE_COST', 'getAccountUpgradeCost')],
  [2, amount('CREATE_ACCOUNT_FEE', 'getCreateAccountFee')],
  [3, amount('TRANSACTION_FEE', 'getTransactionFee')],
  [4, amount('ASSET_ISSUE_FEE', 'getAssetIssueFee')],
  [5, amount('WITNESS_PAY_PER_BLOCK', 'getWitnessPayPerBlock')],
  [6, amount('WITNESS_STANDBY_ALLOWANCE', 'getWitnessStandbyAllowance')],
  [7, amount('CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT', 'getCreateNewAccountFeeInSystemContract')],
  [8, amount('CREATE_NEW_ACCOUNT_BANDWIDTH_RATE', 'getCreateNewAccountBandwidthRate')],
  [9, flag('ALLOW_CREATION_OF_CONTRACTS', 'getAllowCreationOfContracts')],
  [
    10,
    {
      name: 'REMOVE_THE_POWER_OF_THE_GR',
      key: 'getRemoveThePowerOfTheGr',
      onlyFromZero: true,
      checks: [
        (_v, p) =>
          p.getRemoveThePowerOfTheGr === -1n
            ? 'This proposal has been executed before and is only allowed to be executed once'
            : undefined,
        onlyOne('REMOVE_THE_POWER_OF_THE_GR'),
      ],
    },
  ],
  [11, { name: 'ENERGY_FEE', key: 'getEnergyFee', checks: [] }],
  [12, { name: 'EXCHANGE_CREATE_FEE', key: 'getExchangeCreateFee', checks: [] }],
  [
    13,
    {
      name: 'MAX_CPU_TIME_OF_ONE_TX',
      key: 'getMaxCpuTimeOfOneTx',
      checks: [
        (v, p) => {
          const max = p.getAllowHigherLimitForMaxCpuTimeOfOneTx === 1n ? 400n : 100n;
          return v < 10n || v > max ? `Bad chain parameter value, valid range is [10,${max}]` : undefined;
        },
      ],
    },
  ],
  [14, flag('ALLOW_UPDATE_ACCOUNT_NAME', 'getAllowUpdateAccountName')],
  [15, flag('ALLOW_SAME_TOKEN_NAME', 'getAllowSameTokenName')],
  [16, flag('ALLOW_DELEGATE_RESOURCE', 'getAllowDelegateResource')],
  [17, { name: 'TOTAL_ENERGY_LIMIT', key: 'getTotalEnergyLimit', checks: [refused(BAD_PARAM_ID)] }],
  [
    18,
    flag(
      'ALLOW_TVM_TRANSFER_TRC10',
      'getAllowTvmTransferTrc10',
      requires('getAllowSameTokenName', 'ALLOW_SAME_TOKEN_NAME', 'ALLOW_TVM_TRANSFER_TRC10'),
    ),
  ],
  [
    19,
    {
      name: 'TOTAL_CURRENT_ENERGY_LIMIT',
      key: 'getTotalEnergyCurrentLimit',
      checks: [longRange],
      also: (v) => ({ getTotalEnergyLimit: v }),
    },
  ],
  [20, { ...flag('ALLOW_MULTI_SIGN', 'getAllowMultiSign'), onlyFromZero: true }],
  [
    21,
    {
      ...flag('ALLOW_ADAPTIVE_ENERGY', 'getAllowAdaptiveEnergy'),
      onlyFromZero: true,
      // java-tron stores a target ratio of 2880 (getchainparameters prints it per minute of a day: 2).
      also: () => ({ getAdaptiveResourceLimitTargetRatio: 2n, getAdaptiveResourceLimitMultiplier: 50n }),
    },
  ],
  [
    22,
    {
      name: 'UPDATE_ACCOUNT_PERMISSION_FEE',
      key: 'getUpdateAccountPermissionFee',
      checks: [range(0n, 100_000_000_000n, MAX_SUPPLY_ERROR)],
    },
  ],
  [23, { name: 'MULTI_SIGN_FEE', key: 'getMultiSignFee', checks: [range(0n, 100_000_000_000n, MAX_SUPPLY_ERROR)] }],
  [24, switch01('ALLOW_PROTO_FILTER_NUM', 'getAllowProtoFilterNum')],
  [25, switch01('ALLOW_ACCOUNT_STATE_ROOT', 'getAllowAccountStateRoot')],
  [
    26,
    flag(
      'ALLOW_TVM_CONSTANTINOPLE',
      'getAllowTvmConstantinople',
      requires('getAllowTvmTransferTrc10', 'ALLOW_TVM_TRANSFER_TRC10', 'ALLOW_TVM_CONSTANTINOPLE'),
    ),
  ],
  [
    29,
    {
      name: 'ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER',
      key: 'getAdaptiveResourceLimitMultiplier',
      checks: [range(1n, 10_000n, 'Bad chain parameter value, valid range is [1,10_000]')],
    },
  ],
  [30, switch01('ALLOW_CHANGE_DELEGATION', 'getChangeDelegation')],
  [31, amount('WITNESS_127_PAY_PER_BLOCK', 'getWitness127PayPerBlock')],
  [
    32,
    flag(
      'ALLOW_TVM_SOLIDITY_059',
      'getAllowTvmSolidity059',
      requires('getAllowCreationOfContracts', 'ALLOW_CREATION_OF_CONTRACTS', 'ALLOW_TVM_SOLIDITY_059'),
    ),
  ],
  [
    33,
    {
      name: 'ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO',
      key: 'getAdaptiveResourceLimitTargetRatio',
      checks: [range(1n, 1_000n, 'Bad chain parameter value, valid range is [1,1_000]')],
    },
  ],
  [
    35,
    flag(
      'FORBID_TRANSFER_TO_CONTRACT',
      'getForbidTransferToContract',
      requires('getAllowCreationOfContracts', 'ALLOW_CREATION_OF_CONTRACTS', 'FORBID_TRANSFER_TO_CONTRACT'),
    ),
  ],
  [39, switch01('ALLOW_SHIELDED_TRC20_TRANSACTION', 'getAllowShieldedTRC20Transaction')],
  [40, flag('ALLOW_PBFT', undefined)],
  [41, flag('ALLOW_TVM_ISTANBUL', 'getAllowTvmIstanbul')],
  [44, { ...flag('ALLOW_MARKET_TRANSACTION', 'getAllowMarketTransaction'), onlyFromZero: true }],
  [
    45,
    {
      name: 'MARKET_SELL_FEE',
      key: 'getMarketSellFee',
      checks: [
        (_v, p) =>
          p.getAllowMarketTransaction !== 1n
            ? 'Market Transaction is not activated, can not set Market Sell Fee'
            : undefined,
        range(0n, 10_000_000_000n, 'Bad MARKET_SELL_FEE parameter value, valid range is [0,10_000_000_000L]'),
      ],
    },
  ],
  [
    46,
    {
      name: 'MARKET_CANCEL_FEE',
      key: 'getMarketCancelFee',
      checks: [
        (_v, p) =>
          p.getAllowMarketTransaction !== 1n
            ? 'Market Transaction is not activated, can not set Market Cancel Fee'
            : undefined,
        range(0n, 10_000_000_000n, 'Bad MARKET_CANCEL_FEE parameter value, valid range is [0,10_000_000_000L]'),
      ],
    },
  ],
  [
    47,
    {
      name: 'MAX_FEE_LIMIT',
      key: 'getMaxFeeLimit',
      checks: [
        (v, p) => {
          if (v < 0n) return 'Bad MAX_FEE_LIMIT parameter value, value must not be negative';
          if (v <= 10_000_000_000n) return undefined;
          if (p.getAllowTvmLondon === 0n)
            return 'Bad MAX_FEE_LIMIT parameter value, valid range is [0,10_000_000_000L]';
          return v > LONG_VALUE ? LONG_VALUE_ERROR : undefined;
        },
      ],
    },
  ],
  [48, switch01('ALLOW_TRANSACTION_FEE_POOL', undefined)],
  [49, switch01('ALLOW_BLACKHOLE_OPTIMIZATION', undefined, 'ALLOW_REMOVE_BLACKHOLE')],
  [51, flag('ALLOW_NEW_RESOURCE_MODEL', 'getAllowNewResourceModel')],
  [
    52,
    flag(
      'ALLOW_TVM_FREEZE',
      'getAllowTvmFreeze',
      requires('getAllowDelegateResource', 'ALLOW_DELEGATE_RESOURCE', 'ALLOW_TVM_FREEZE'),
      requires('getAllowMultiSign', 'ALLOW_MULTI_SIGN', 'ALLOW_TVM_FREEZE'),
      requires('getAllowTvmConstantinople', 'ALLOW_TVM_CONSTANTINOPLE', 'ALLOW_TVM_FREEZE'),
      requires('getAllowTvmSolidity059', 'ALLOW_TVM_SOLIDITY_059', 'ALLOW_TVM_FREEZE'),
    ),
  ],
  [53, flag('ALLOW_ACCOUNT_ASSET_OPTIMIZATION', undefined)],
  [
    59,
    flag(
      'ALLOW_TVM_VOTE',
      'getAllowTvmVote',
      requires('getChangeDelegation', 'ALLOW_CHANGE_DELEGATION', 'ALLOW_TVM_VOTE'),
    ),
  ],
  [60, flag('ALLOW_TVM_COMPATIBLE_EVM', 'getAllowTvmCompatibleEvm')],
  [
    61,
    {
      name: 'FREE_NET_LIMIT',
      key: 'getFreeNetLimit',
      checks: [range(0n, 100_000n, 'Bad chain parameter value, valid range is [0,100_000]')],
    },
  ],
  [
    62,
    {
      name: 'TOTAL_NET_LIMIT',
      key: 'getTotalNetLimit',
      checks: [range(0n, 1_000_000_000_000n, 'Bad chain parameter value, valid range is [0, 1_000_000_000_000L]')],
    },
  ],
  [63, flag('ALLOW_TVM_LONDON', 'getAllowTvmLondon')],
  [65, flag('ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX', 'getAllowHigherLimitForMaxCpuTimeOfOneTx')],
  [66, flag('ALLOW_ASSET_OPTIMIZATION', 'getAllowAssetOptimization')],
  [
    67,
    {
      name: 'ALLOW_NEW_REWARD',
      key: 'getAllowNewReward',
      checks: [
        (_v, p) => (p.getAllowNewReward === 1n ? 'New reward has been valid.' : undefined),
        onlyOne('ALLOW_NEW_REWARD'),
      ],
    },
  ],
  [
    68,
    {
      name: 'MEMO_FEE',
      key: 'getMemoFee',
      checks: [range(0n, 1_000_000_000n, 'This value[MEMO_FEE] is only allowed to be in the range 0-1000_000_000')],
    },
  ],
  [69, flag('ALLOW_DELEGATE_OPTIMIZATION', 'getAllowDelegateOptimization')],
  [
    70,
    {
      name: 'UNFREEZE_DELAY_DAYS',
      key: 'getUnfreezeDelayDays',
      checks: [range(1n, 365n, 'This value[UNFREEZE_DELAY_DAYS] is only allowed to be in the range 1-365')],
    },
  ],
  [71, flag('ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID', 'getAllowOptimizedReturnValueOfChainId')],
  [
    72,
    {
      name: 'ALLOW_DYNAMIC_ENERGY',
      key: 'getAllowDynamicEnergy',
      checks: [
        range(0n, 1n, 'This value[ALLOW_DYNAMIC_ENERGY] is only allowed to be in the range 0-1'),
        (v, p) =>
          v === 1n && p.getChangeDelegation === 0n
            ? '[ALLOW_CHANGE_DELEGATION] proposal must be approved before [ALLOW_DYNAMIC_ENERGY] can be opened'
            : undefined,
      ],
    },
  ],
  [73, amount('DYNAMIC_ENERGY_THRESHOLD', 'getDynamicEnergyThreshold')],
  [
    74,
    {
      name: 'DYNAMIC_ENERGY_INCREASE_FACTOR',
      key: 'getDynamicEnergyIncreaseFactor',
      checks: [
        range(0n, 10_000n, 'This value[DYNAMIC_ENERGY_INCREASE_FACTOR] is only allowed to be in the range 0-10000'),
      ],
    },
  ],
  [
    75,
    {
      name: 'DYNAMIC_ENERGY_MAX_FACTOR',
      key: 'getDynamicEnergyMaxFactor',
      checks: [
        range(0n, 100_000n, 'This value[DYNAMIC_ENERGY_MAX_FACTOR] is only allowed to be in the range 0-100000'),
      ],
    },
  ],
  [76, flag('ALLOW_TVM_SHANGHAI', 'getAllowTvmShangHai')],
  [
    77,
    {
      ...flag(
        'ALLOW_CANCEL_ALL_UNFREEZE_V2',
        'getAllowCancelAllUnfreezeV2',
        requires('getUnfreezeDelayDays', 'UNFREEZE_DELAY_DAYS', 'ALLOW_CANCEL_ALL_UNFREEZE_V2'),
      ),
      onlyFromZero: true,
    },
  ],
  [
    78,
    {
      name: 'MAX_DELEGATE_LOCK_PERIOD',
      key: 'getMaxDelegateLockPeriod',
      checks: [
        (v, p) =>
          v <= p.getMaxDelegateLockPeriod || v > ONE_YEAR_BLOCK_NUMBERS
            ? `This value[MAX_DELEGATE_LOCK_PERIOD] is only allowed to be greater than ` +
              `${p.getMaxDelegateLockPeriod} and less than or equal to ${ONE_YEAR_BLOCK_NUMBERS} !`
            : undefined,
        requires('getUnfreezeDelayDays', 'UNFREEZE_DELAY_DAYS', 'MAX_DELEGATE_LOCK_PERIOD'),
      ],
    },
  ],
  [
    79,
    {
      name: 'ALLOW_OLD_REWARD_OPT',
      key: 'getAllowOldRewardOpt',
      checks: [
        notYet('getAllowOldRewardOpt', 'ALLOW_OLD_REWARD_OPT'),
        onlyOne('ALLOW_OLD_REWARD_OPT'),
        (_v, p) =>
          p.getAllowNewReward === 0n && p.getAllowTvmVote === 0n
            ? '[ALLOW_NEW_REWARD] or [ALLOW_TVM_VOTE] proposal must be approved before [ALLOW_OLD_REWARD_OPT] can ' +
              'be proposed'
            : undefined,
      ],
    },
  ],
  [
    81,
    {
      name: 'ALLOW_ENERGY_ADJUSTMENT',
      key: 'getAllowEnergyAdjustment',
      checks: [notYet('getAllowEnergyAdjustment', 'ALLOW_ENERGY_ADJUSTMENT'), onlyOne('ALLOW_ENERGY_ADJUSTMENT')],
    },
  ],
  [
    82,
    {
      name: 'MAX_CREATE_ACCOUNT_TX_SIZE',
      key: 'getMaxCreateAccountTxSize',
      checks: [
        range(
          500n,
          10_000n,
          'This value[MAX_CREATE_ACCOUNT_TX_SIZE] is only allowed to be greater than or equal to 500 and less than ' +
            'or equal to 10000!',
        ),
      ],
    },
  ],
  [
    83,
    {
      name: 'ALLOW_TVM_CANCUN',
      key: 'getAllowTvmCancun',
      checks: [notYet('getAllowTvmCancun', 'ALLOW_TVM_CANCUN'), onlyOne('ALLOW_TVM_CANCUN')],
    },
  ],
  [
    87,
    {
      name: 'ALLOW_STRICT_MATH',
      key: 'getAllowStrictMath',
      checks: [notYet('getAllowStrictMath', 'ALLOW_STRICT_MATH'), onlyOne('ALLOW_STRICT_MATH')],
    },
  ],
  [
    88,
    {
      name: 'CONSENSUS_LOGIC_OPTIMIZATION',
      key: 'getConsensusLogicOptimization',
      checks: [
        notYet('getConsensusLogicOptimization', 'CONSENSUS_LOGIC_OPTIMIZATION'),
        onlyOne('CONSENSUS_LOGIC_OPTIMIZATION'),
      ],
    },
  ],
  [89, flag('ALLOW_TVM_BLOB', undefined)],
]);

/** ProposalUtil.validator: java-tron's refusal text for one (code, value) entry, or undefined. */
export function proposalParameterError(p: ChainParameters, code: bigint, value: bigint): string | undefined {
  const parameter = code >= 0n && code <= 1_000n ? PROPOSAL_PARAMETERS.get(Number(code)) : undefined;
  if (!parameter) return `Does not support code : ${code}`;
  for (const check of parameter.checks) {
    const error = check(value, p);
    if (error) return error;
  }
  return undefined;
}

/** ProposalService.process: the parameters after an approved proposal's entries. */
export function applyProposalParameters(
  p: ChainParameters,
  entries: readonly (readonly [bigint, bigint])[],
): ChainParameters {
  const next = { ...p };
  for (const [code, value] of entries) {
    const parameter = code >= 0n && code <= 1_000n ? PROPOSAL_PARAMETERS.get(Number(code)) : undefined;
    if (!parameter?.key) continue;
    if (parameter.onlyFromZero && next[parameter.key] !== 0n) continue;
    next[parameter.key] = value;
    Object.assign(next, parameter.also?.(value));
  }
  return next;
}
