import { toBase58Address } from '../../../src-core/address/address';
import { decodeRevertData } from '../../../src-core/abi/revert';
import { parseAbi } from '../../../src-core/abi/fragments';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { bytesToUtf8 } from '../../../src-core/bytes/utf8';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { WalletError } from '../../../src-core/errors';
import type { BalanceChange, CostView, DecodedLog, SimulationView } from '../../../src-core/ipc/channels/tx';
import { explainNodeRefusal } from '../../../src-core/tx/node-refusal';
import type { TransactionJson } from '../../../src-core/tx/types';
import { formatTrx } from '../../../src-core/units/amount';
import type { DryRunner } from '../node-host/chain-access';
import { readDryRun, type DryRunOutcome } from './dry-run';
import { ZERO_ADDRESS_HEX, type OwnerState } from '../chain-knowledge/chain-reads';
import { constantRequest, contractsUnavailable, revertReasonOf } from './energy';
import { decodeLogs, type AbiSource, type RawLog } from './logs';
import type { TokenSource } from '../chain-knowledge/chain-reads';
import type { ContractPlan } from './requests';

/**
 * What a transaction would do, without changing the chain. The
 * embedded node's dry run executes the exact transaction on a copy of its state; otherwise a
 * constant call runs contract code, and fee arithmetic covers the system contracts. The answer
 * always says which method ran.
 */
export interface SimulationInput {
  readonly txid: string;
  readonly transaction: TransactionJson;
  readonly plan: ContractPlan;
  readonly owner: string;
  readonly ownerState: OwnerState;
  readonly cost: CostView;
  readonly feeLimit: bigint | null;
  readonly parameters: ChainParameters;
  readonly client: TronNodeClient;
  readonly dryRun: DryRunner | null;
  /** Who would sign (hex addresses), for a transaction not signed yet: the node costs their signatures. */
  readonly signers: readonly string[];
  readonly abiOf: AbiSource;
  /** Token facts, so a Transfer event's value reads "250 USDT". */
  readonly tokenOf?: TokenSource;
  /** Head block time (ms), for unstaking that matured. */
  readonly headTime: number;
}

const ZERO_BASE58 = toBase58Address(ZERO_ADDRESS_HEX);
const trx = (sun: bigint) => formatTrx(sun, { group: true, withUnit: true });
const b58 = (address: string) => toBase58Address(address);

function trxChange(address: string, delta: bigint): BalanceChange {
  return { address: b58(address), asset: 'TRX', delta, decimals: 6 };
}

/** Adds up changes per address and asset; drops the ones that net to zero. */
function merge(changes: readonly BalanceChange[]): BalanceChange[] {
  const out = new Map<string, BalanceChange>();
  for (const change of changes) {
    const key = `${change.address}|${change.asset}`;
    const prior = out.get(key);
    out.set(key, prior ? { ...prior, delta: prior.delta + change.delta } : change);
  }
  return [...out.values()].filter((c) => c.delta !== 0n);
}

/** A TRC10 movement in the token's precision when the plan read it from the chain, else in raw units. */
function trc10Change(plan: ContractPlan, address: string, tokenId: string, delta: bigint): BalanceChange {
  const known = plan.trc10?.tokenId === tokenId ? plan.trc10 : undefined;
  return {
    address: b58(address),
    asset: known?.abbr ? `${known.abbr} (TRC10 ${tokenId})` : `TRC10 ${tokenId}`,
    delta,
    decimals: known?.precision ?? 0,
  };
}

/** TRC20 movements read from decoded Transfer(address,address,uint256) logs. */
function tokenTransfers(logs: readonly DecodedLog[], plan: ContractPlan): BalanceChange[] {
  const out: BalanceChange[] = [];
  for (const log of logs) {
    if (log.event !== 'Transfer(address,address,uint256)' || log.args.length !== 3) continue;
    const [from, to, value] = log.args;
    const amount = BigInt(value!.value);
    const known = plan.trc20 && b58(plan.trc20.token) === log.address ? plan.trc20 : undefined;
    const asset = known ? known.symbol : `TRC20 ${log.address}`;
    const decimals = known ? known.decimals : 0;
    // Mints come from and burns go to the zero address, which holds nothing.
    if (from!.value !== ZERO_BASE58) out.push({ address: from!.value, asset, delta: -amount, decimals });
    if (to!.value !== ZERO_BASE58) out.push({ address: to!.value, asset, delta: amount, decimals });
  }
  return out;
}

function energyLimits(input: SimulationInput): { callerLimit: bigint; feeLimitEnergy: bigint } {
  const price = input.parameters.getEnergyFee > 0n ? input.parameters.getEnergyFee : 1n;
  const staked = (input.ownerState.resources.energyLimit ?? 0n) - (input.ownerState.resources.energyUsed ?? 0n);
  const balance = input.ownerState.account?.balance ?? 0n;
  const callValue = input.plan.execution?.callValue ?? 0n;
  const fromBalance = balance > callValue ? (balance - callValue) / price : 0n;
  const feeLimitEnergy = (input.feeLimit ?? 0n) / price;
  const fromFunds = (staked > 0n ? staked : 0n) + fromBalance;
  return { callerLimit: fromFunds < feeLimitEnergy ? fromFunds : feeLimitEnergy, feeLimitEnergy };
}

function outOfEnergy(input: SimulationInput, energy: bigint | null, result: string): SimulationView['outOfEnergy'] {
  if (!input.plan.execution)
    return { risk: false, message: 'This transaction runs no contract code, so it uses no energy.' };
  if (result.toUpperCase() === 'OUT_OF_ENERGY')
    return {
      risk: true,
      message:
        'The execution ran out of energy: raise fee_limit or stake energy, or it fails and burns the whole fee_limit.',
    };
  if (energy === null) return { risk: true, message: 'The energy use is unknown, so the call may run out of energy.' };
  const { callerLimit, feeLimitEnergy } = energyLimits(input);
  const fromOrigin = input.cost.energy?.fromOrigin ?? 0n;
  const limit = callerLimit + fromOrigin;
  if (energy > limit) {
    const cause =
      callerLimit === feeLimitEnergy
        ? `the fee_limit of ${trx(input.feeLimit ?? 0n)} buys only ${feeLimitEnergy} energy`
        : 'staked energy and balance cannot pay for it';
    return {
      risk: true,
      message: `It needs ${energy} energy but ${cause}: it would run out of energy and fail, burning what it used.`,
    };
  }
  // Within 10 %: the dynamic energy factor can rise between signing and execution.
  if (energy * 10n > limit * 9n)
    return {
      risk: true,
      message: `It needs ${energy} energy of the ${limit} its limits allow: little headroom if the contract's energy factor rises.`,
    };
  return { risk: false, message: `It needs ${energy} energy; its limits allow ${limit}.` };
}

/** A failure reason in the app's words, java-tron's or the contract's text kept for the details line. */
function worded(reason: string | null, nodeText?: string): Pick<SimulationView, 'reason' | 'reasonDetail'> {
  if (reason === null) return { reason: null };
  const explained = explainNodeRefusal(nodeText ?? reason);
  if (!explained) return { reason };
  return explained.detail === null
    ? { reason: explained.sentence }
    : { reason: explained.sentence, reasonDetail: explained.detail };
}

export async function simulate(input: SimulationInput): Promise<SimulationView> {
  if (input.dryRun) {
    const signed = (input.transaction.signature?.length ?? 0) > 0;
    // On the head plus the pool: what the next block would see, and what /wallet reads show.
    const raw = await input.dryRun(
      input.transaction,
      signed ? { state: 'pending' } : { signers: input.signers, state: 'pending' },
    );
    return fromDryRun(input, readDryRun(raw));
  }
  if (input.plan.execution) return fromConstantCall(input);
  return fromFeeMath(input);
}

async function fromDryRun(input: SimulationInput, outcome: DryRunOutcome): Promise<SimulationView> {
  const logs = await decodeLogs(outcome.logs as RawLog[], input.abiOf, input.tokenOf);
  const success = outcome.accepted && outcome.result.toUpperCase() === 'SUCCESS';
  let reason: string | null = null;
  let nodeText: string | undefined;
  if (!success) {
    if (!outcome.accepted) {
      reason = `The node would refuse it (${outcome.result}): ${outcome.message}`;
      nodeText = outcome.message;
    } else if (outcome.result.toUpperCase() === 'REVERT' && outcome.returnData) {
      let abi;
      try {
        abi = input.plan.abi ? parseAbi(input.plan.abi) : undefined;
      } catch {
        abi = undefined;
      }
      reason = decodeRevertData(outcome.returnData, abi).message;
    } else reason = outcome.revertReason ?? (outcome.message || outcome.result);
  }
  const changes = outcome.balanceChanges.map((c) =>
    c.tokenId === undefined ? trxChange(c.address, c.delta) : trc10Change(input.plan, c.address, c.tokenId, c.delta),
  );
  const energyUsed = input.plan.execution ? outcome.energyUsed : null;
  return {
    txid: input.txid,
    method: 'dry-run',
    methodNote: `The embedded node executed this exact transaction on a copy of its current state (fee ${trx(outcome.feeSun)}); nothing was stored or broadcast.`,
    success,
    result: outcome.result.toUpperCase(),
    ...worded(reason, nodeText),
    outOfEnergy: outOfEnergy(input, energyUsed, outcome.result),
    energyUsed,
    balanceChanges: merge([...changes, ...tokenTransfers(logs, input.plan)]),
    logs,
    stateChanged: false,
  };
}

async function fromConstantCall(input: SimulationInput): Promise<SimulationView> {
  const execution = input.plan.execution!;
  const methodNote =
    input.plan.kind === 'deploy'
      ? 'The node ran the deployment as a constant call (no transaction); fees come from the cost breakdown.'
      : 'The node ran the contract call as a constant call on its current state (no transaction); fees come from the cost breakdown.';
  let result;
  try {
    result = await input.client.triggerConstantContract(constantRequest(input.owner, execution));
  } catch (error) {
    const unavailable = contractsUnavailable(error);
    if (!unavailable && !(error instanceof WalletError)) throw error;
    return {
      txid: input.txid,
      method: 'constant-call',
      methodNote,
      success: false,
      result: 'UNKNOWN',
      reason: unavailable ?? (error as WalletError).message,
      outOfEnergy: { risk: true, message: 'The call could not be run, so its energy is unknown.' },
      energyUsed: null,
      balanceChanges: [],
      logs: [],
      stateChanged: false,
    };
  }
  const energyUsed = BigInt(result.energy_used);
  const logs = await decodeLogs(
    result.logs.map((l) => ({
      address: String(l.address ?? ''),
      topics: Array.isArray(l.topics) ? l.topics.map(String) : [],
      data: String(l.data ?? ''),
    })),
    input.abiOf,
    input.tokenOf,
  );
  const success = !result.reverted;
  const changes: BalanceChange[] = [trxChange(input.owner, -(input.cost.burnedSun + execution.callValue))];
  if (execution.callValue > 0n && execution.contract) changes.push(trxChange(execution.contract, execution.callValue));
  if (success) {
    const fromLogs = tokenTransfers(logs, input.plan);
    if (fromLogs.length > 0) changes.push(...fromLogs);
    else if (input.plan.trc20) {
      const t = input.plan.trc20;
      changes.push(
        { address: b58(input.owner), asset: t.symbol, delta: -t.amount, decimals: t.decimals },
        { address: b58(t.to), asset: t.symbol, delta: t.amount, decimals: t.decimals },
      );
    }
  }
  return {
    txid: input.txid,
    method: 'constant-call',
    methodNote,
    success,
    result: success ? 'SUCCESS' : 'REVERT',
    ...worded(success ? null : revertReasonOf(result, input.plan.abi)),
    outOfEnergy: outOfEnergy(input, energyUsed, success ? 'SUCCESS' : 'REVERT'),
    energyUsed,
    // A reverted call still burns the energy it used; value moves only on success.
    balanceChanges: merge(success ? changes : [trxChange(input.owner, -input.cost.burnedSun)]),
    logs: success ? logs : [],
    stateChanged: false,
  };
}

async function fromFeeMath(input: SimulationInput): Promise<SimulationView> {
  const owner = input.owner;
  const account = input.ownerState.account;
  const balance = account?.balance ?? 0n;
  const value = (input.transaction.raw_data.contract[0]?.parameter.value ?? {}) as Record<string, unknown>;
  const changes: BalanceChange[] = [trxChange(owner, -input.cost.burnedSun)];
  const problems: string[] = [];
  const notes: string[] = [];
  const amountOf = (field: string) => BigInt(String(value[field] ?? 0));
  const resource = String(value.resource ?? 'BANDWIDTH');
  const stakedOf = (type: string) =>
    account?.frozenV2.filter((f) => f.type === type).reduce((s, f) => s + f.amount, 0n) ?? 0n;

  if (!account) problems.push(`${b58(owner)} does not exist on this network yet: it must receive TRX first.`);
  switch (input.plan.kind) {
    case 'trx-transfer': {
      const amount = amountOf('amount');
      changes.push(trxChange(owner, -amount), trxChange(String(value.to_address), amount));
      break;
    }
    case 'trc10-transfer': {
      const amount = amountOf('amount');
      const tokenId = bytesToUtf8(hexToBytes(String(value.asset_name ?? '')));
      const held = account?.assetV2.find((a) => a.key === tokenId)?.value ?? 0n;
      if (held < amount)
        problems.push(`The account holds ${held} units of TRC10 ${tokenId}, less than the ${amount} to send.`);
      changes.push(
        trc10Change(input.plan, owner, tokenId, -amount),
        trc10Change(input.plan, String(value.to_address), tokenId, amount),
      );
      break;
    }
    case 'freeze': {
      const amount = amountOf('frozen_balance');
      if (amount < 1_000_000n) problems.push('At least 1 TRX must be staked.');
      changes.push(trxChange(owner, -amount));
      notes.push(`${trx(amount)} moves from the balance into the ${resource.toLowerCase()} stake.`);
      break;
    }
    case 'unfreeze': {
      const amount = amountOf('unfreeze_balance');
      const staked = stakedOf(resource);
      if (staked < amount) problems.push(`Only ${trx(staked)} is staked for ${resource.toLowerCase()}.`);
      notes.push(
        `${trx(amount)} comes back after the unstaking period (getUnfreezeDelayDays = ${input.parameters.getUnfreezeDelayDays} days); votes shrink if TRON power runs short.`,
      );
      break;
    }
    case 'delegate':
    case 'undelegate': {
      const amount = amountOf('balance');
      if (input.plan.kind === 'delegate' && stakedOf(resource) < amount)
        problems.push(
          `Only ${trx(stakedOf(resource))} is staked for ${resource.toLowerCase()}, less than the ${trx(amount)} to delegate.`,
        );
      notes.push('Delegation moves resources, not TRX: balances do not change.');
      break;
    }
    case 'withdraw-unfreeze':
    case 'cancel-unfreezes': {
      const matured =
        account?.unfrozenV2
          .filter((u) => u.unfreeze_expire_time <= input.headTime)
          .reduce((s, u) => s + u.unfreeze_amount, 0n) ?? 0n;
      if (matured > 0n) changes.push(trxChange(owner, matured));
      if (input.plan.kind === 'withdraw-unfreeze' && matured === 0n)
        problems.push('No unstaked TRX has finished its waiting period yet: there is nothing to withdraw.');
      if (input.plan.kind === 'cancel-unfreezes') {
        const pending =
          account?.unfrozenV2
            .filter((u) => u.unfreeze_expire_time > input.headTime)
            .reduce((s, u) => s + u.unfreeze_amount, 0n) ?? 0n;
        if (pending === 0n && matured === 0n) problems.push('There is no pending unstake to cancel.');
        if (pending > 0n) notes.push(`${trx(pending)} still waiting is staked again.`);
      }
      break;
    }
    case 'withdraw-rewards': {
      let reward = account?.allowance ?? 0n;
      try {
        reward = await input.client.getReward(owner);
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
        notes.push('The node does not report pending rewards; the credited allowance is shown.');
      }
      if (reward === 0n) problems.push('There is no voting reward to claim.');
      else changes.push(trxChange(owner, reward));
      break;
    }
    default:
      break;
  }
  const debit =
    input.cost.burnedSun +
    (input.plan.kind === 'trx-transfer'
      ? amountOf('amount')
      : input.plan.kind === 'freeze'
        ? amountOf('frozen_balance')
        : 0n);
  if (account && balance < debit)
    problems.push(`The balance of ${trx(balance)} cannot pay ${trx(debit)} (amount and fees).`);
  const success = problems.length === 0;
  return {
    txid: input.txid,
    method: 'fee-math',
    methodNote: [
      'Computed from the fee rules, the chain parameters and the account as the node reports it; no node executed it.',
      ...notes,
    ].join(' '),
    success,
    result: success ? 'SUCCESS' : 'WOULD_FAIL',
    reason: success ? null : problems.join(' '),
    outOfEnergy: outOfEnergy(input, null, 'SUCCESS'),
    energyUsed: null,
    balanceChanges: merge(changes),
    logs: [],
    stateChanged: false,
  };
}
