import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import { encodeDeployData, encodeFunctionData, toFunctionFragment } from '../../../src-core/abi/calldata';
import { findFunction, type FunctionFragment } from '../../../src-core/abi/fragments';
import { AbiError, ValidationError, WalletError } from '../../../src-core/errors';
import type { TxKind, TxRequest } from '../../../src-core/ipc/channels/tx';
import type { SummaryLine } from '../../../src-core/ipc/channels/tx';
import * as builders from '../../../src-core/tx/builders';
import type { ContractSpec } from '../../../src-core/tx/builders';
import { formatTrx, formatUnits } from '../../../src-core/units/amount';
import { parseAbiText, type ParsedAbiText } from './abi-text';

/**
 * A typed request turned into what the service needs: the contract (src-core builders), the
 * call or deployment to estimate and simulate, the ABI to decode logs with, and a summary a
 * person can check before signing.
 */
export interface ContractPlan {
  readonly kind: TxKind;
  readonly spec: ContractSpec;
  /** For TRX and TRC10 transfers: the recipient, whose existence decides the activation fee. */
  readonly recipient?: string;
  /** What the VM would run, for estimation and constant-call simulation. */
  readonly execution?: {
    /** Absent for a deployment. */
    readonly contract?: string;
    /** Call data (selector ‖ args) or bytecode ‖ constructor args. */
    readonly data: string;
    readonly callValue: bigint;
    readonly tokenValue?: bigint;
    readonly tokenId?: bigint;
  };
  readonly feeLimit?: bigint;
  /** ABI entries for decoding logs and for the co-signing envelope. */
  readonly abi?: Record<string, unknown>[];
  /** TRC20 transfer facts, for the balance-change simulation. */
  readonly trc20?: {
    readonly token: string;
    readonly to: string;
    readonly amount: bigint;
    readonly symbol: string;
    readonly decimals: number;
  };
  /** TRC10 token facts read from the chain, so balance changes show in its precision. */
  readonly trc10?: { readonly tokenId: string; readonly abbr: string; readonly precision: number };
  readonly summary: SummaryLine[];
}

/** What planning reads from the chain. */
export interface PlanReads {
  /** The contract's ABI entries on chain (empty when cleared), or null when no contract exists there. */
  contractAbi(address: string): Promise<Record<string, unknown>[] | null>;
  /** TRC20 symbol and decimals (constant calls). */
  trc20(address: string): Promise<{ symbol: string; decimals: number }>;
  /** TRC10 abbreviation and precision. */
  trc10(tokenId: string): Promise<{ abbr: string; precision: number } | null>;
}

const trx = (sun: bigint) => formatTrx(sun, { group: true, withUnit: true });
const b58 = (address: string) => toBase58Address(address);
const RESOURCE_WORD = { BANDWIDTH: 'bandwidth', ENERGY: 'energy' } as const;

/** Turns the builders' TransactionError (bad address, amount, percent) into a form-level message. */
function built(make: () => ContractSpec): ContractSpec {
  try {
    return make();
  } catch (error) {
    if (error instanceof WalletError && !(error instanceof ValidationError)) {
      throw new ValidationError('TX_BAD_REQUEST', error.message, { cause: error.code });
    }
    throw error;
  }
}

function abiProblem(error: unknown, what: string): never {
  if (error instanceof AbiError)
    throw new ValidationError('TX_BAD_ARGUMENTS', `${what}: ${error.message}`, { cause: error.code });
  throw error;
}

export const TRC20_TRANSFER = 'transfer(address,uint256)';

export async function planRequest(request: TxRequest, reads: PlanReads): Promise<ContractPlan> {
  const owner = request.owner;
  const kind = request.kind;
  const from: SummaryLine = { label: 'From', value: b58(owner) };
  switch (request.kind) {
    case 'trx-transfer':
      return {
        kind,
        spec: built(() => builders.transferContract({ owner, to: request.to, amount: request.amountSun })),
        recipient: request.to,
        summary: [from, { label: 'To', value: b58(request.to) }, { label: 'Amount', value: trx(request.amountSun) }],
      };
    case 'trc10-transfer': {
      const token = await reads.trc10(request.tokenId);
      const amount = token
        ? `${formatUnits(request.amount, token.precision, { group: true })} ${token.abbr || `token ${request.tokenId}`}`
        : `${request.amount} base units (unknown decimals) of token ${request.tokenId}`;
      return {
        kind,
        spec: built(() =>
          builders.transferAssetContract({ owner, to: request.to, tokenId: request.tokenId, amount: request.amount }),
        ),
        recipient: request.to,
        ...(token ? { trc10: { tokenId: request.tokenId, abbr: token.abbr, precision: token.precision } } : {}),
        summary: [
          from,
          { label: 'To', value: b58(request.to) },
          { label: 'Token', value: `TRC10 ${request.tokenId}` },
          { label: 'Amount', value: amount, ...(token ? { raw: baseUnits(request.amount) } : {}) },
        ],
      };
    }
    case 'trc20-transfer': {
      const token = await reads.trc20(request.token);
      const data = encodeFunctionData(TRC20_TRANSFER, [toHexAddress(request.to), request.amount]);
      return {
        kind,
        spec: built(() => builders.triggerSmartContract({ owner, contract: request.token, data })),
        execution: { contract: request.token, data, callValue: 0n },
        ...(request.feeLimitSun !== undefined ? { feeLimit: request.feeLimitSun } : {}),
        abi: TRC20_ABI,
        trc20: {
          token: request.token,
          to: request.to,
          amount: request.amount,
          symbol: token.symbol,
          decimals: token.decimals,
        },
        summary: [
          from,
          { label: 'To', value: b58(request.to) },
          { label: 'Token', value: `${token.symbol} (${b58(request.token)})` },
          {
            label: 'Amount',
            value: `${formatUnits(request.amount, token.decimals, { group: true })} ${token.symbol}`,
            raw: baseUnits(request.amount),
          },
        ],
      };
    }
    case 'freeze':
      return {
        kind,
        spec: built(() =>
          builders.freezeBalanceV2Contract({ owner, amount: request.amountSun, resource: request.resource }),
        ),
        summary: [
          from,
          { label: 'Stake', value: trx(request.amountSun) },
          { label: 'For', value: RESOURCE_WORD[request.resource] },
        ],
      };
    case 'unfreeze':
      return {
        kind,
        spec: built(() =>
          builders.unfreezeBalanceV2Contract({ owner, amount: request.amountSun, resource: request.resource }),
        ),
        summary: [
          from,
          { label: 'Unstake', value: trx(request.amountSun) },
          { label: 'From', value: `${RESOURCE_WORD[request.resource]} stake` },
        ],
      };
    case 'withdraw-unfreeze':
      return {
        kind,
        spec: built(() => builders.withdrawExpireUnfreezeContract({ owner })),
        summary: [from, { label: 'Action', value: 'Withdraw unstaked TRX whose waiting period is over' }],
      };
    case 'cancel-unfreezes':
      return {
        kind,
        spec: built(() => builders.cancelAllUnfreezeV2Contract({ owner })),
        summary: [from, { label: 'Action', value: 'Cancel every pending unstake (matured ones are withdrawn)' }],
      };
    case 'delegate': {
      const lockLine: SummaryLine[] = request.lock
        ? [{ label: 'Lock', value: request.lockPeriodBlocks ? `${request.lockPeriodBlocks} blocks` : 'default period' }]
        : [];
      return {
        kind,
        spec: built(() =>
          builders.delegateResourceContract({
            owner,
            receiver: request.receiver,
            amount: request.amountSun,
            resource: request.resource,
            ...(request.lock ? { lock: true } : {}),
            ...(request.lock && request.lockPeriodBlocks !== undefined
              ? { lockPeriodBlocks: request.lockPeriodBlocks }
              : {}),
          }),
        ),
        summary: [
          from,
          { label: 'Delegate', value: `${RESOURCE_WORD[request.resource]} of ${trx(request.amountSun)} staked` },
          { label: 'To', value: b58(request.receiver) },
          ...lockLine,
        ],
      };
    }
    case 'undelegate':
      return {
        kind,
        spec: built(() =>
          builders.unDelegateResourceContract({
            owner,
            receiver: request.receiver,
            amount: request.amountSun,
            resource: request.resource,
          }),
        ),
        summary: [
          from,
          { label: 'Reclaim', value: `${RESOURCE_WORD[request.resource]} of ${trx(request.amountSun)} staked` },
          { label: 'From', value: b58(request.receiver) },
        ],
      };
    case 'vote':
      return {
        kind,
        spec: built(() =>
          builders.voteWitnessContract({
            owner,
            votes: request.votes.map((v) => ({ witness: v.representative, count: v.count })),
          }),
        ),
        summary: [
          from,
          ...request.votes.map((v) => ({ label: 'Vote', value: `${v.count} for ${b58(v.representative)}` })),
        ],
      };
    case 'withdraw-rewards':
      return {
        kind,
        spec: built(() => builders.withdrawBalanceContract({ owner })),
        summary: [from, { label: 'Action', value: 'Claim voting rewards' }],
      };
    case 'deploy': {
      const parsed = parseAbiText(request.abi);
      let data: string;
      try {
        data = encodeDeployData(request.bytecode, parsed.abi, request.args);
      } catch (error) {
        abiProblem(error, 'The constructor arguments do not fit the constructor');
      }
      const callValue = request.callValueSun ?? 0n;
      const spec = built(() =>
        builders.createSmartContract({
          owner,
          abi: parsed.entries,
          bytecode: data,
          ...(request.name ? { name: request.name } : {}),
          callValue,
          consumeUserResourcePercent: request.consumeUserResourcePercent,
          originEnergyLimit: request.originEnergyLimit,
        }),
      );
      return {
        kind,
        spec,
        execution: { data, callValue },
        ...(request.feeLimitSun !== undefined ? { feeLimit: request.feeLimitSun } : {}),
        abi: parsed.entries,
        summary: [
          from,
          { label: 'Deploy', value: request.name || 'a contract' },
          { label: 'Code', value: `${(data.length - (data.startsWith('0x') ? 2 : 0)) / 2} bytes` },
          { label: 'Caller pays', value: `${request.consumeUserResourcePercent} % of the energy` },
          { label: 'Deployer energy per call', value: `at most ${request.originEnergyLimit}` },
          ...(callValue > 0n ? [{ label: 'Call value', value: trx(callValue) }] : []),
        ],
      };
    }
    case 'call': {
      let parsed: ParsedAbiText | null = null;
      if (request.abi !== undefined) parsed = parseAbiText(request.abi);
      else {
        const entries = await reads.contractAbi(request.contract);
        if (entries === null)
          throw new ValidationError(
            'TX_NO_CONTRACT',
            `There is no contract at ${b58(request.contract)} on this network.`,
            { field: 'contract' },
          );
        if (entries.length > 0) parsed = parseAbiText(JSON.stringify(entries), 'The contract ABI');
      }
      let fragment: FunctionFragment;
      try {
        fragment = parsed ? findFunction(parsed.abi, request.function) : signatureOnly(request.function);
      } catch (error) {
        abiProblem(error, 'The function cannot be found');
      }
      let data: string;
      try {
        data = encodeFunctionData(fragment, request.args);
      } catch (error) {
        abiProblem(error, `The arguments do not fit ${fragment.signature}`);
      }
      const callValue = request.callValueSun ?? 0n;
      const tokenId = request.tokenId !== undefined ? BigInt(request.tokenId) : undefined;
      const spec = built(() =>
        builders.triggerSmartContract({
          owner,
          contract: request.contract,
          data,
          callValue,
          ...(request.tokenValue ? { tokenValue: request.tokenValue } : {}),
          ...(tokenId ? { tokenId } : {}),
        }),
      );
      return {
        kind,
        spec,
        execution: {
          contract: request.contract,
          data,
          callValue,
          ...(request.tokenValue ? { tokenValue: request.tokenValue } : {}),
          ...(tokenId ? { tokenId } : {}),
        },
        ...(request.feeLimitSun !== undefined ? { feeLimit: request.feeLimitSun } : {}),
        ...(parsed ? { abi: parsed.entries } : {}),
        summary: [
          from,
          { label: 'Contract', value: b58(request.contract) },
          { label: 'Function', value: fragment.signature },
          ...request.args.map((arg, i) => ({
            label: fragment.inputs[i]?.name || `Argument ${i + 1}`,
            value: typeof arg === 'string' ? arg : JSON.stringify(arg),
          })),
          ...(callValue > 0n ? [{ label: 'Call value', value: trx(callValue) }] : []),
          ...(request.tokenValue
            ? [{ label: 'Token value', value: `${request.tokenValue} of TRC10 ${request.tokenId ?? '?'}` }]
            : []),
        ],
      };
    }
    case 'update-setting':
      return {
        kind,
        spec: built(() =>
          builders.updateSettingContract({
            owner,
            contract: request.contract,
            consumeUserResourcePercent: request.consumeUserResourcePercent,
          }),
        ),
        summary: [
          from,
          { label: 'Contract', value: b58(request.contract) },
          { label: 'Caller pays', value: `${request.consumeUserResourcePercent} % of the energy` },
        ],
      };
    case 'update-energy-limit':
      return {
        kind,
        spec: built(() =>
          builders.updateEnergyLimitContract({
            owner,
            contract: request.contract,
            originEnergyLimit: request.originEnergyLimit,
          }),
        ),
        summary: [
          from,
          { label: 'Contract', value: b58(request.contract) },
          { label: 'Deployer energy per call', value: `at most ${request.originEnergyLimit}` },
        ],
      };
    case 'clear-abi':
      return {
        kind,
        spec: built(() => builders.clearAbiContract({ owner, contract: request.contract })),
        summary: [
          from,
          { label: 'Contract', value: b58(request.contract) },
          {
            label: 'Action',
            value: 'Remove the ABI stored on chain (calls keep working; wallets must be given the ABI)',
          },
        ],
      };
  }
}

function signatureOnly(signature: string): FunctionFragment {
  if (!signature.includes('(')) {
    throw new ValidationError(
      'TX_NO_ABI',
      'This contract has no ABI on chain: paste its ABI, or give the full signature such as transfer(address,uint256).',
      { field: 'function' },
    );
  }
  return toFunctionFragment(signature.replace(/^\s*function\s+/, ''));
}

/** A token amount as the chain holds it, for the small type beside the amount in its units. */
function baseUnits(amount: bigint): string {
  return `${formatUnits(amount, 0, { group: true })} base units`;
}

/** The standard TRC20 ABI, enough to decode transfers and approvals. */
export const TRC20_ABI: Record<string, unknown>[] = [
  { type: 'function', name: 'name', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'symbol', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'decimals', inputs: [], outputs: [{ name: '', type: 'uint8' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'totalSupply',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'event',
    name: 'Transfer',
    anonymous: false,
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'Approval',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'spender', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
];
