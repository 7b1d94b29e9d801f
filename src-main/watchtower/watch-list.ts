import type { HexAddress, TxId } from '../../src-core/brand';

/**
 * What is watched on one network, already checked: accounts (every vault account, added
 * addresses, contracts) each with its rules, and the co-signing envelopes this wallet knows.
 * Amounts are in the asset's smallest unit (sun for TRX).
 */

/** A TRC-10 token id ("1000001") or a TRC-20 contract address (41… hex). */
export type TokenKey = string;

export interface RuleSwitch {
  readonly enabled: boolean;
}

export interface UnexpectedSignerRule extends RuleSwitch {
  /** Allowed Permission_id values; absent: the ids the account had when watching began. */
  readonly permissionIds?: readonly number[];
  /** Allowed signers; absent: every key of the account's permissions when watching began. */
  readonly signers?: readonly HexAddress[];
}

export interface OutgoingValueRule extends RuleSwitch {
  /** TRX leaving the account above this many sun raises an alert. */
  readonly trxSun: bigint;
  /** Per token, the amount above which leaving raises an alert. */
  readonly tokens: ReadonlyMap<TokenKey, bigint>;
  /** For tokens not listed; `null` leaves them alone. */
  readonly otherTokens: bigint | null;
}

export interface BalanceFloorRule extends RuleSwitch {
  /** An alert when the TRX balance falls below this many sun. */
  readonly trxSun: bigint;
  readonly tokens: ReadonlyMap<TokenKey, bigint>;
}

export interface AccountRules {
  readonly permissionChanged: RuleSwitch;
  readonly unexpectedSigner: UnexpectedSignerRule;
  readonly outgoingValue: OutgoingValueRule;
  readonly stakingChanged: RuleSwitch;
  readonly contractSettings: RuleSwitch;
  readonly balanceFloor: BalanceFloorRule;
}

export interface WatchedAccount {
  readonly address: HexAddress;
  readonly label: string;
  readonly rules: AccountRules;
}

export interface WatchedEnvelope {
  readonly txid: TxId;
  /** The account the transaction acts for. */
  readonly owner: HexAddress;
  /** raw_data.expiration, ms since the epoch. */
  readonly expiration: number;
  /** This wallet broadcast it (or will): seeing it on chain is then expected. */
  readonly broadcastByUs: boolean;
  readonly label?: string;
}

export interface WatchList {
  readonly accounts: readonly WatchedAccount[];
  readonly envelopes: readonly WatchedEnvelope[];
  /** Addresses whose keys the treasury holds or knows, for the lockout prover's verdict. */
  readonly knownAddresses: readonly HexAddress[];
}

/**
 * 100 TRX: the fee of an AccountPermissionUpdate. Below it the account cannot even change its own
 * keys without being topped up first (java-tron `getUpdateAccountPermissionFee`).
 */
export const DEFAULT_TRX_FLOOR_SUN = 100_000_000n;

/** Every rule on; any TRX or token leaving the account is reported (threshold 0). */
export function defaultRules(): AccountRules {
  return {
    permissionChanged: { enabled: true },
    unexpectedSigner: { enabled: true },
    outgoingValue: { enabled: true, trxSun: 0n, tokens: new Map(), otherTokens: 0n },
    stakingChanged: { enabled: true },
    contractSettings: { enabled: true },
    balanceFloor: { enabled: true, trxSun: DEFAULT_TRX_FLOOR_SUN, tokens: new Map() },
  };
}

/** The threshold that applies to a token, or undefined when the rule leaves it alone. */
export function outgoingThreshold(rule: OutgoingValueRule, token: TokenKey): bigint | undefined {
  return rule.tokens.get(token) ?? rule.otherTokens ?? undefined;
}
