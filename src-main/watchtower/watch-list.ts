import type { HexAddress, TxId } from '../../src-core/brand';
import type { PolicyProvider } from './policies';

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
  /**
   * On (the default): the expected signers and Permission_ids are those of the account's
   * permissions on chain (owner, witness, actives), followed as they change, plus the lists below.
   * Off: only the lists below, or when a list is absent, what the account had when watching began.
   */
  readonly fromChain: boolean;
  /** Permission_id values a person expects besides (or, with `fromChain` off, instead of) the chain's. */
  readonly permissionIds?: readonly number[];
  /** Signers a person expects besides (or, with `fromChain` off, instead of) the chain's keys. */
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
  /** An alert when the TRX balance falls below this many sun; 0 (the default): no TRX floor. */
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

/** What alert text needs to write a token's amounts: the symbol and decimals a person trusts. */
export interface TokenFacts {
  readonly symbol: string;
  readonly decimals: number;
}

export interface WatchList {
  readonly accounts: readonly WatchedAccount[];
  readonly envelopes: readonly WatchedEnvelope[];
  /** Addresses whose keys the treasury holds or knows, for the lockout prover's verdict. */
  readonly knownAddresses: readonly HexAddress[];
  /** Names of other addresses (address book, configuration labels) for alert text. */
  readonly names?: ReadonlyMap<HexAddress, string>;
  /** Symbol and decimals per token the person watches (TRC-20 contract 41… hex, or TRC-10 id). */
  readonly tokens?: ReadonlyMap<TokenKey, TokenFacts>;
  /** Treasury policies per account: an outflow that breaks one raises `policy-breach`. */
  readonly policies?: PolicyProvider;
}

/**
 * Every rule on; any TRX or token leaving the account is reported (threshold 0); the expected
 * signers follow the chain; no balance floor until a person sets one (a floor is a treasury's own
 * policy: a fresh signer key with no TRX is normal, not an alarm).
 */
export function defaultRules(): AccountRules {
  return {
    permissionChanged: { enabled: true },
    unexpectedSigner: { enabled: true, fromChain: true },
    outgoingValue: { enabled: true, trxSun: 0n, tokens: new Map(), otherTokens: 0n },
    stakingChanged: { enabled: true },
    contractSettings: { enabled: true },
    balanceFloor: { enabled: true, trxSun: 0n, tokens: new Map() },
  };
}

/** Whether the floor rule has anything to check: a TRX floor above 0 or a token floor. */
export function hasFloor(rule: BalanceFloorRule): boolean {
  return rule.enabled && (rule.trxSun > 0n || rule.tokens.size > 0);
}

/** The threshold that applies to a token, or undefined when the rule leaves it alone. */
export function outgoingThreshold(rule: OutgoingValueRule, token: TokenKey): bigint | undefined {
  return rule.tokens.get(token) ?? rule.otherTokens ?? undefined;
}
