import type { AbiParamView } from '../../src-core/ipc/channels/contracts';
import type { TxKind, TxRequestInput } from '../../src-core/ipc/channels/tx';
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
 * The guided form of each transaction kind: which fields it has, how each is checked, and how
 * the values become the typed request sent to main (amounts as decimal strings of sun).
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
  readonly key: string;
  readonly label: string;
  readonly type: FieldType;
  readonly hint?: string;
  /** May stay empty. */
  readonly optional?: boolean;
}

export interface KindForm {
  readonly title: string;
  readonly group: 'Transfers' | 'Staking and resources' | 'Voting' | 'Contracts';
  readonly description: string;
  readonly fields: readonly FieldSpec[];
  /** Typed ABI arguments: the constructor's (deploy) or the chosen function's (call). */
  readonly args?: 'constructor' | 'function';
  readonly votes?: boolean;
}

const FEE_LIMIT: FieldSpec = {
  key: 'feeLimit',
  label: 'Fee limit (TRX)',
  type: 'feeLimit',
  optional: true,
  hint: 'Most TRX the energy may burn; empty = the estimate with a 20 % margin. At most 15,000 TRX.',
};
const RESOURCE: FieldSpec = { key: 'resource', label: 'Resource', type: 'resource' };

export const KIND_FORMS: Record<TxKind, KindForm> = {
  'trx-transfer': {
    title: 'Send TRX',
    group: 'Transfers',
    description: 'Send TRX to an address. A new address is activated, which costs 1 TRX more.',
    fields: [
      { key: 'to', label: 'Recipient', type: 'address' },
      { key: 'amount', label: 'Amount (TRX)', type: 'trx' },
      {
        key: 'memo',
        label: 'Memo',
        type: 'memo',
        optional: true,
        hint: 'Stored on chain in raw_data.data; a memo costs the memo fee (1 TRX on mainnet).',
      },
    ],
  },
  'trc10-transfer': {
    title: 'Send a TRC10 token',
    group: 'Transfers',
    description: 'Send a first-generation token by its id.',
    fields: [
      { key: 'tokenId', label: 'Token id', type: 'tokenId' },
      { key: 'to', label: 'Recipient', type: 'address' },
      { key: 'amount', label: 'Amount', type: 'token' },
    ],
  },
  'trc20-transfer': {
    title: 'Send a TRC20 token',
    group: 'Transfers',
    description: "Call the token contract's transfer(address,uint256); decimals are read from the contract.",
    fields: [
      { key: 'token', label: 'Token contract', type: 'address' },
      { key: 'to', label: 'Recipient', type: 'address' },
      { key: 'amount', label: 'Amount', type: 'token' },
      FEE_LIMIT,
    ],
  },
  freeze: {
    title: 'Stake TRX (freeze)',
    group: 'Staking and resources',
    description: 'Stake TRX for bandwidth or energy (Stake 2.0). Staked TRX also gives votes.',
    fields: [{ key: 'amount', label: 'Amount (TRX)', type: 'trx', hint: 'At least 1 TRX.' }, RESOURCE],
  },
  unfreeze: {
    title: 'Unstake TRX (unfreeze)',
    group: 'Staking and resources',
    description: 'Start unstaking; the TRX can be withdrawn after the waiting period (14 days on mainnet).',
    fields: [{ key: 'amount', label: 'Amount (TRX)', type: 'trx' }, RESOURCE],
  },
  'withdraw-unfreeze': {
    title: 'Withdraw unstaked TRX',
    group: 'Staking and resources',
    description: 'Move unstaked TRX whose waiting period is over back to the balance.',
    fields: [],
  },
  'cancel-unfreezes': {
    title: 'Cancel all unstaking',
    group: 'Staking and resources',
    description: 'Stake again every amount still waiting; amounts already matured are withdrawn.',
    fields: [],
  },
  delegate: {
    title: 'Delegate resources',
    group: 'Staking and resources',
    description: 'Let another account use the bandwidth or energy of part of your stake.',
    fields: [
      { key: 'receiver', label: 'Receiver', type: 'address' },
      { key: 'amount', label: 'Stake to delegate (TRX)', type: 'trx' },
      RESOURCE,
      {
        key: 'lock',
        label: 'Lock the delegation',
        type: 'checkbox',
        hint: 'A locked delegation cannot be reclaimed before its period ends.',
      },
      {
        key: 'lockPeriod',
        label: 'Lock period (blocks)',
        type: 'blocks',
        optional: true,
        hint: '3 seconds per block; 28,800 blocks = 1 day. Empty = the default of 3 days.',
      },
    ],
  },
  undelegate: {
    title: 'Reclaim delegated resources',
    group: 'Staking and resources',
    description: 'Take back resources you delegated.',
    fields: [
      { key: 'receiver', label: 'Receiver', type: 'address' },
      { key: 'amount', label: 'Stake to reclaim (TRX)', type: 'trx' },
      RESOURCE,
    ],
  },
  vote: {
    title: 'Vote for representatives',
    group: 'Voting',
    description:
      'Give your TRON power (1 vote per staked TRX) to super representatives. A new vote replaces all earlier ones.',
    fields: [],
    votes: true,
  },
  'withdraw-rewards': {
    title: 'Claim voting rewards',
    group: 'Voting',
    description: 'Withdraw the rewards your votes earned (at most once per 24 hours).',
    fields: [],
  },
  deploy: {
    title: 'Deploy a contract',
    group: 'Contracts',
    description: 'Deploy compiled bytecode with its ABI. Load a compiler artifact or paste both.',
    fields: [
      { key: 'name', label: 'Contract name', type: 'name', optional: true },
      { key: 'abi', label: 'ABI (JSON)', type: 'abi' },
      { key: 'bytecode', label: 'Bytecode (hex)', type: 'bytecode' },
      {
        key: 'callValue',
        label: 'Call value (TRX)',
        type: 'callValue',
        optional: true,
        hint: 'TRX sent to the constructor (it must be payable).',
      },
      {
        key: 'percent',
        label: 'Caller pays (% of energy)',
        type: 'percent',
        hint: 'consume_user_resource_percent, 0 to 100: the rest comes from your staked energy.',
      },
      {
        key: 'originEnergyLimit',
        label: 'Your energy per call, at most',
        type: 'energy',
        hint: 'origin_energy_limit: the most of your energy one call may use.',
      },
      FEE_LIMIT,
    ],
    args: 'constructor',
  },
  call: {
    title: 'Call a contract',
    group: 'Contracts',
    description: 'Call a function that changes state. View functions are read on the Contracts screen at no cost.',
    fields: [
      { key: 'contract', label: 'Contract', type: 'address' },
      {
        key: 'abi',
        label: 'ABI (JSON)',
        type: 'abi',
        optional: true,
        hint: "Only when the contract's ABI was cleared from the chain: paste it here.",
      },
      { key: 'function', label: 'Function', type: 'function' },
      { key: 'callValue', label: 'Call value (TRX)', type: 'callValue', optional: true },
      { key: 'tokenId', label: 'TRC10 token id to send', type: 'tokenId', optional: true },
      { key: 'tokenValue', label: 'TRC10 amount to send', type: 'tokenValue', optional: true },
      FEE_LIMIT,
    ],
    args: 'function',
  },
  'update-setting': {
    title: 'Update the caller energy share',
    group: 'Contracts',
    description: "Change a contract's consume_user_resource_percent (deployer only).",
    fields: [
      { key: 'contract', label: 'Contract', type: 'address' },
      { key: 'percent', label: 'Caller pays (% of energy)', type: 'percent' },
    ],
  },
  'update-energy-limit': {
    title: 'Update the deployer energy limit',
    group: 'Contracts',
    description: "Change a contract's origin_energy_limit (deployer only).",
    fields: [
      { key: 'contract', label: 'Contract', type: 'address' },
      { key: 'originEnergyLimit', label: 'Your energy per call, at most', type: 'energy' },
    ],
  },
  'clear-abi': {
    title: 'Clear a contract ABI',
    group: 'Contracts',
    description:
      'Remove the ABI stored on chain (deployer only). The contract keeps working; callers then need the ABI from you.',
    fields: [{ key: 'contract', label: 'Contract', type: 'address' }],
  },
};

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

  for (const field of KIND_FORMS[kind].fields) {
    const raw = text(values, field.key);
    if (field.type === 'checkbox') continue;
    if (field.optional && raw.trim() === '') continue;
    switch (field.type) {
      case 'address':
        take(field.key, checkAddress(raw), (v) => (out[field.key] = v));
        break;
      case 'trx':
        take(
          field.key,
          checkTrx(raw, kind === 'freeze' ? { min: 1_000_000n, what: 'The amount to stake' } : {}),
          (v) => {
            sun[field.key] = v;
            out.amountSun = v.toString();
          },
        );
        break;
      case 'callValue':
        take(field.key, checkTrx(raw, { allowZero: true }), (v) => {
          sun[field.key] = v;
          out.callValueSun = v.toString();
        });
        break;
      case 'token':
        if (context.tokenDecimals === undefined)
          errors[field.key] =
            kind === 'trc10-transfer'
              ? 'Enter a token id first: its precision sets the decimals.'
              : 'Enter the token contract first: its decimals are read from it.';
        else
          take(
            field.key,
            checkTokenAmount(raw, context.tokenDecimals, {
              unit: context.tokenSymbol ?? 'Token',
              max: kind === 'trc10-transfer' ? 2n ** 63n - 1n : 2n ** 256n - 1n,
            }),
            (v) => (out.amount = v.toString()),
          );
        break;
      case 'tokenValue':
        take(
          field.key,
          checkWholeNumber(raw, { min: 1n, max: 2n ** 63n - 1n, what: 'The token amount' }),
          (v) => (out.tokenValue = v.toString()),
        );
        break;
      case 'resource':
        if (raw !== 'BANDWIDTH' && raw !== 'ENERGY') errors[field.key] = 'Choose bandwidth or energy.';
        else out.resource = raw;
        break;
      case 'blocks':
        take(
          field.key,
          checkWholeNumber(raw, {
            min: 1n,
            ...(context.maxLockBlocks !== undefined ? { max: context.maxLockBlocks } : {}),
            what: 'The lock period',
          }),
          (v) => (out.lockPeriodBlocks = v.toString()),
        );
        break;
      case 'percent':
        take(field.key, checkPercent(raw), (v) => (out.consumeUserResourcePercent = v));
        break;
      case 'energy':
        take(
          field.key,
          checkWholeNumber(raw, { min: 1n, max: 2n ** 63n - 1n, what: 'The energy limit' }),
          (v) => (out.originEnergyLimit = v.toString()),
        );
        break;
      case 'memo':
        if (new TextEncoder().encode(raw).length > 4096) errors[field.key] = 'A memo can be at most 4,096 bytes.';
        else out.memo = raw;
        break;
      case 'feeLimit':
        take(field.key, checkFeeLimit(raw), (v) => {
          sun[field.key] = v;
          out.feeLimitSun = v.toString();
        });
        break;
      case 'tokenId':
        take(field.key, checkTokenId(raw), (v) => (out.tokenId = v));
        break;
      case 'name':
        if (new TextEncoder().encode(raw).length > 32) errors[field.key] = 'A contract name is at most 32 bytes.';
        else if (raw.trim() !== '') out.name = raw.trim();
        break;
      case 'abi':
        take(field.key, checkAbiText(raw), () => (out.abi = raw));
        break;
      case 'bytecode':
        take(field.key, checkHex(raw), (v) => (out.bytecode = v));
        break;
      case 'function':
        if (raw.trim() === '') errors[field.key] = 'Choose a function.';
        else out.function = raw.trim();
        break;
    }
  }
  if (kind === 'delegate' && values.lock === true) out.lock = true;
  if (kind === 'delegate' && values.lock !== true) delete out.lockPeriodBlocks;
  if (kind === 'call' && (out.tokenValue !== undefined) !== (out.tokenId !== undefined))
    errors.tokenValue = 'Give both the TRC10 token id and the amount, or neither.';

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

/** Default values of a kind's fields (resource: energy for deployments' world, bandwidth otherwise). */
export function defaultValues(kind: TxKind): FormValues {
  const values: FormValues = {};
  for (const field of KIND_FORMS[kind].fields)
    values[field.key] = field.type === 'checkbox' ? false : field.type === 'resource' ? 'BANDWIDTH' : '';
  if (kind === 'deploy') {
    values.percent = '100';
    values.originEnergyLimit = '10000000';
  }
  return values;
}

export const KIND_GROUPS: readonly KindForm['group'][] = ['Transfers', 'Staking and resources', 'Voting', 'Contracts'];
