/**
 * A kind's form as plain data: the renderer draws one control per field and checks it by its
 * `type`, so a kind's file says what it asks for without any Vue or DOM code.
 */
export type FieldType =
  | 'address'
  | 'trx'
  | 'token'
  | 'resource'
  | 'checkbox'
  | 'blocks'
  | 'percent'
  | 'energy'
  | 'memo'
  | 'feeLimit'
  | 'callValue'
  | 'tokenId'
  | 'name'
  | 'abi'
  | 'bytecode'
  | 'function'
  | 'tokenValue';

export interface FieldSpec {
  /** The form value's key, also the key its error is reported under. */
  readonly key: string;
  readonly label: string;
  readonly type: FieldType;
  readonly hint?: string;
  /** May stay empty. */
  readonly optional?: boolean;
  /** The request property the checked value goes to; see `requestKeyOf` for the default. */
  readonly request?: string;
  /** The value a fresh form starts with. */
  readonly initial?: string | boolean;
  /** Bounds in the value's base unit (sun, token units, blocks). */
  readonly min?: bigint;
  readonly max?: bigint;
  /** How the message names the value ("The amount to stake"). */
  readonly what?: string;
  /** What to tell the person when the form lacks a fact from the chain this field needs. */
  readonly needs?: string;
  /** A checkbox's key: the value goes into the request only when that box is ticked. */
  readonly onlyWith?: string;
  /** Another field that must be given with this one, or neither; the message when only one is. */
  readonly together?: { readonly key: string; readonly message: string };
}

export const KIND_GROUPS = ['Transfers', 'Staking and resources', 'Voting', 'Contracts'] as const;
export type KindGroup = (typeof KIND_GROUPS)[number];

export interface KindForm {
  readonly title: string;
  readonly group: KindGroup;
  readonly description: string;
  readonly fields: readonly FieldSpec[];
  /** Typed ABI arguments: the constructor's (deploy) or the chosen function's (call). */
  readonly args?: 'constructor' | 'function';
  readonly votes?: boolean;
}

/** Where each field type's value goes in the request unless the field names another key. */
const REQUEST_KEY_OF_TYPE: Partial<Record<FieldType, string>> = {
  trx: 'amountSun',
  callValue: 'callValueSun',
  token: 'amount',
  blocks: 'lockPeriodBlocks',
  percent: 'consumeUserResourcePercent',
  energy: 'originEnergyLimit',
  feeLimit: 'feeLimitSun',
};

export function requestKeyOf(field: FieldSpec): string {
  return field.request ?? REQUEST_KEY_OF_TYPE[field.type] ?? field.key;
}

/** The fee_limit field of the kinds that run contract code. */
export const FEE_LIMIT_FIELD: FieldSpec = {
  key: 'feeLimit',
  label: 'Fee limit (TRX)',
  type: 'feeLimit',
  optional: true,
  hint: 'Most TRX the energy may burn; empty = the estimate with a 20 % margin. At most 15,000 TRX.',
};
export const RESOURCE_FIELD: FieldSpec = { key: 'resource', label: 'Resource', type: 'resource' };
