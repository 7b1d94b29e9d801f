import type { AbiParamView } from '../../src-core/ipc/channels/contracts';
import type { TxKind, TxRequestInput } from '../../src-core/ipc/channels/tx';
import { requestKeyOf, type FieldSpec, type KindForm } from '../../src-core/tx/kinds/form';
import { TX_KIND_REGISTRY } from '../../src-core/tx/kinds/registry';
import { aboveHolding, type Holding } from './holdings';
import {
  checkAbiArgument,
  checkAbiText,
  checkAddress,
  checkExpirationMinutes,
  checkFeeLimit,
  checkHex,
  checkPercent,
  checkTokenAmount,
  checkTokenId,
  checkTrx,
  checkWholeNumber,
  type Checked,
} from './tx-fields';

/**
 * The guided form of each transaction kind, as its file under src-core/tx/kinds describes it:
 * the fields are checked by their type, and the values become the typed request sent to main
 * (amounts as decimal strings of sun).
 */
export type { FieldSpec, FieldType, KindForm } from '../../src-core/tx/kinds/form';
export { KIND_GROUPS } from '../../src-core/tx/kinds/form';

export const KIND_FORMS = Object.fromEntries(TX_KIND_REGISTRY.map((d) => [d.kind, d.form])) as Readonly<
  Record<TxKind, KindForm>
>;

export type FormValues = Record<string, string | boolean>;

/** What the form needs from the chain to check its fields. */
export interface FormContext {
  /** Decimals of the TRC20 token or precision of the TRC10 token being sent. */
  readonly tokenDecimals?: number;
  readonly tokenSymbol?: string;
  /** Inputs of the constructor (deploy) or of the chosen function (call). */
  readonly argInputs?: readonly AbiParamView[];
  /** getMaxDelegateLockPeriod, in blocks. */
  readonly maxLockBlocks?: bigint;
  /** Field key → what the sending account has of the asset that field spends; a larger amount is refused. */
  readonly holdings?: Readonly<Record<string, Holding>>;
}

export interface FormCheck {
  readonly request: TxRequestInput | null;
  /** Field key → message; `args.<i>`, `votes.<i>.address|count` for the lists. */
  readonly errors: Readonly<Record<string, string>>;
  /** Parsed amounts to show next to the fields, e.g. "= 2,500,000 sun". */
  readonly sun: Readonly<Record<string, bigint>>;
}

export interface VoteRow {
  representative: string;
  count: string;
}

const text = (values: FormValues, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value : '';
};

/** Checks every field of `kind` and builds the request when all pass. */
export function checkForm(
  kind: TxKind,
  owner: string,
  values: FormValues,
  context: FormContext = {},
  extra: {
    args?: readonly string[];
    votes?: readonly VoteRow[];
    expirationMinutes?: string;
    permissionId?: number | null;
  } = {},
): FormCheck {
  const errors: Record<string, string> = {};
  const sun: Record<string, bigint> = {};
  const out: Record<string, unknown> = { kind };
  const take = <T>(key: string, result: Checked<T>, apply: (value: T) => void): void => {
    if (result.ok) apply(result.value);
    else errors[key] = result.error;
  };

  const ownerCheck = checkAddress(owner);
  if (ownerCheck.ok) out.owner = ownerCheck.value;
  else errors.owner = 'Choose the account that sends this transaction.';

  const fields = KIND_FORMS[kind].fields;
  for (const field of fields) {
    const raw = text(values, field.key);
    if (field.type === 'checkbox') {
      if (values[field.key] === true) out[requestKeyOf(field)] = true;
      continue;
    }
    if (field.optional && raw.trim() === '') continue;
    checkField(field, raw, context, { errors, sun, out, take });
  }
  for (const field of fields) {
    const key = requestKeyOf(field);
    if (field.onlyWith !== undefined && values[field.onlyWith] !== true) delete out[key];
    if (field.together) {
      const other = fields.find((f) => f.key === field.together?.key);
      if (other && (out[key] !== undefined) !== (out[requestKeyOf(other)] !== undefined))
        errors[field.key] = field.together.message;
    }
  }

  const form = KIND_FORMS[kind];
  if (form.args) {
    const inputs = context.argInputs ?? [];
    const args: unknown[] = [];
    inputs.forEach((input, i) => {
      const result = checkAbiArgument(input.type, extra.args?.[i] ?? '');
      if (result.ok) args.push(result.value);
      else errors[`args.${i}`] = result.error;
    });
    out.args = args;
  }
  if (form.votes) {
    const rows = (extra.votes ?? []).filter((row) => row.representative.trim() !== '' || row.count.trim() !== '');
    if (rows.length === 0) errors.votes = 'Give votes to at least one representative.';
    const votes: { representative: string; count: string }[] = [];
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const address =
        row.representative.trim() === ''
          ? ({ ok: false, error: 'Choose a representative.' } as const)
          : checkAddress(row.representative);
      const count = checkWholeNumber(row.count, { min: 1n, what: 'The number of votes' });
      if (!address.ok) errors[`votes.${i}.representative`] = address.error;
      else if (seen.has(address.value)) errors[`votes.${i}.representative`] = 'This representative is listed twice.';
      else seen.add(address.value);
      if (!count.ok) errors[`votes.${i}.count`] = count.error;
      if (address.ok && count.ok) votes.push({ representative: address.value, count: count.value.toString() });
    });
    if (rows.length > 30) errors.votes = 'At most 30 representatives per vote.';
    out.votes = votes;
  }
  if (extra.expirationMinutes !== undefined && extra.expirationMinutes.trim() !== '') {
    take('expiration', checkExpirationMinutes(extra.expirationMinutes), (v) => (out.expirationMs = v));
  }
  if (extra.permissionId !== undefined && extra.permissionId !== null) out.permissionId = extra.permissionId;

  const clean = Object.keys(errors).length === 0;
  return { request: clean ? (out as unknown as TxRequestInput) : null, errors, sun };
}

/** Default values of a kind's fields: the field's own initial value, else empty, unticked or bandwidth. */
export function defaultValues(kind: TxKind): FormValues {
  const values: FormValues = {};
  for (const field of KIND_FORMS[kind].fields)
    values[field.key] =
      field.initial ?? (field.type === 'checkbox' ? false : field.type === 'resource' ? 'BANDWIDTH' : '');
  return values;
}

interface Sink {
  readonly errors: Record<string, string>;
  readonly sun: Record<string, bigint>;
  readonly out: Record<string, unknown>;
  take<T>(key: string, result: Checked<T>, apply: (value: T) => void): void;
}

const INT64_MAX = 2n ** 63n - 1n;

/** A well-formed amount is refused too when the account has less than it. */
function withinHolding(result: Checked<bigint>, holding: Holding | undefined): Checked<bigint> {
  if (!result.ok || !holding) return result;
  const refusal = aboveHolding(result.value, holding);
  return refusal === null ? result : { ok: false, error: refusal };
}

/** Checks one filled-in field by its type and puts the value under its request key. */
function checkField(field: FieldSpec, raw: string, context: FormContext, sink: Sink): void {
  const { errors, sun, out, take } = sink;
  const key = requestKeyOf(field);
  const bounds = {
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
    ...(field.what !== undefined ? { what: field.what } : {}),
  };
  switch (field.type) {
    case 'address':
      take(field.key, checkAddress(raw), (v) => (out[key] = v));
      break;
    case 'trx':
      take(field.key, withinHolding(checkTrx(raw, bounds), context.holdings?.[field.key]), (v) => {
        sun[field.key] = v;
        out[key] = v.toString();
      });
      break;
    case 'callValue':
      take(field.key, checkTrx(raw, { allowZero: true }), (v) => {
        sun[field.key] = v;
        out[key] = v.toString();
      });
      break;
    case 'token':
      if (context.tokenDecimals === undefined)
        errors[field.key] = field.needs ?? 'Enter the token first: its decimals set the amount.';
      else
        take(
          field.key,
          withinHolding(
            checkTokenAmount(raw, context.tokenDecimals, {
              unit: context.tokenSymbol ?? 'Token',
              max: field.max ?? 2n ** 256n - 1n,
            }),
            context.holdings?.[field.key],
          ),
          (v) => (out[key] = v.toString()),
        );
      break;
    case 'tokenValue':
      take(
        field.key,
        checkWholeNumber(raw, { min: 1n, max: INT64_MAX, what: 'The token amount' }),
        (v) => (out[key] = v.toString()),
      );
      break;
    case 'resource':
      if (raw !== 'BANDWIDTH' && raw !== 'ENERGY') errors[field.key] = 'Choose bandwidth or energy.';
      else out[key] = raw;
      break;
    case 'blocks':
      take(
        field.key,
        checkWholeNumber(raw, {
          ...bounds,
          ...(context.maxLockBlocks !== undefined ? { max: context.maxLockBlocks } : {}),
        }),
        (v) => (out[key] = v.toString()),
      );
      break;
    case 'percent':
      take(field.key, checkPercent(raw), (v) => (out[key] = v));
      break;
    case 'energy':
      take(
        field.key,
        checkWholeNumber(raw, { min: 1n, max: INT64_MAX, what: 'The energy limit' }),
        (v) => (out[key] = v.toString()),
      );
      break;
    case 'memo':
      if (new TextEncoder().encode(raw).length > 4096) errors[field.key] = 'A memo can be at most 4,096 bytes.';
      else out[key] = raw;
      break;
    case 'feeLimit':
      take(field.key, checkFeeLimit(raw), (v) => {
        sun[field.key] = v;
        out[key] = v.toString();
      });
      break;
    case 'tokenId':
      take(field.key, checkTokenId(raw), (v) => (out[key] = v));
      break;
    case 'name':
      if (new TextEncoder().encode(raw).length > 32) errors[field.key] = 'A contract name is at most 32 bytes.';
      else if (raw.trim() !== '') out[key] = raw.trim();
      break;
    case 'abi':
      take(field.key, checkAbiText(raw), () => (out[key] = raw));
      break;
    case 'bytecode':
      take(field.key, checkHex(raw), (v) => (out[key] = v));
      break;
    case 'function':
      if (raw.trim() === '') errors[field.key] = 'Choose a function.';
      else out[key] = raw.trim();
      break;
    case 'checkbox':
      break;
  }
}
