import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { BlockRef } from '../../../src-core/client/types';
import type { Permission } from '../../../src-core/permission/model';
import type { TransactionJson } from '../../../src-core/tx/types';
import { transactionCost, type BandwidthAccount, type EnergyAccount } from '../../../src-core/fee';
import { TX_KINDS } from '../../../src-core/ipc/channels/tx';
import { assetKey, type PayoutRow } from '../../../src-core/payouts/format';
import { assetTotals } from '../../../src-core/payouts/totals';
import { formatUnits } from '../../../src-core/units/amount';
import type { ChainReads, OwnerState } from '../chain-knowledge/chain-reads';
import { mapLimited } from './limited';
import { dryRunInOrder, type DryRunVerdict, type SequenceRunner } from './plan-dry-run';
import {
  cachedPlanReads,
  contractShares,
  rowEnergies,
  rowPlans,
  rowTransaction,
  signingChoices,
  type RowEnergy,
} from './plan-rows';
import type { PayoutPlan, PlanCoverage, PlannedRow, PlanProgressListener } from './plan-types';
import { availableEnergy, energyTotals, stakeForEnergy, unlockOf } from './resource-options';

/** What planning reads: the node, its parameters, and the sequence dry run when the node is in this process. */
export interface PlanChain {
  readonly client: TronNodeClient;
  readonly parameters: ChainParameters;
  readonly reads: ChainReads;
  /** The embedded node's dry run of many transactions in order; null on a remote node. */
  readonly sequence: SequenceRunner | null;
  /** Hex addresses of the keys this desk holds: who is expected to sign decides the fees. */
  readonly held: readonly HexAddress[];
  /** Chain time per wall time (the dev chain runs faster), for the signing window. */
  readonly chainMsPerWallMs: number;
}

/**
 * A payout run planned before anyone signs: per asset count and total, recipients new to the
 * chain, energy per TRC-20 row as the node measures it, bandwidth, the TRX burned under the
 * account's resources (each row after the rows before it used theirs), the energy options side by
 * side, whether the balances cover it all, and every row run in order on the node.
 */
export async function planPayouts(
  owner: string,
  rows: readonly PayoutRow[],
  chain: PlanChain,
  onProgress: PlanProgressListener = () => {},
): Promise<PayoutPlan> {
  return (await planAndBuild(owner, rows, chain, onProgress)).plan;
}

/**
 * The plan with the transactions it priced and dry-ran, so a proposal signs exactly the rows the
 * person saw planned: the head as reference block, the signing window the builder chooses.
 */
export interface BuiltPlan {
  readonly plan: PayoutPlan;
  readonly transactions: readonly TransactionJson[];
  /** The permission of each row (per its contract type), as the chooser picked it. */
  readonly permissions: readonly Permission[];
  readonly refBlock: BlockRef;
}

export async function planAndBuild(
  owner: string,
  rows: readonly PayoutRow[],
  chain: PlanChain,
  onProgress: PlanProgressListener = () => {},
): Promise<BuiltPlan> {
  const { client, parameters } = chain;
  const [refBlock, state] = await Promise.all([client.getRefBlock(), chain.reads.owner(client, owner)]);
  const choices = signingChoices(owner, state, rows, chain.held);

  const recipients = [...new Set(rows.map((r) => r.recipient))];
  onProgress({ phase: 'recipients', done: 0, total: recipients.length });
  const exists = await mapLimited(
    recipients,
    8,
    (address) => chain.reads.exists(client, address),
    (done) => onProgress({ phase: 'recipients', done, total: recipients.length }),
  );
  const isNew = new Set(recipients.filter((_, i) => !exists[i]));

  const plans = await rowPlans(rows, cachedPlanReads(chain.reads, client));
  const energies = await rowEnergies({
    client,
    owner,
    plans,
    parameters,
    onDone: (done, total) => onProgress({ phase: 'energy', done, total }),
  });
  const shares = await contractShares(client, owner, plans);
  const transactions = rows.map((row, i) =>
    rowTransaction({
      plan: plans[i]!,
      row,
      index: i,
      refBlock,
      choice: choices.get(TX_KINDS[row.request.kind])!,
      feeLimit: energies[i]?.feeLimit ?? null,
      parameters,
      chainMsPerWallMs: chain.chainMsPerWallMs,
    }),
  );

  // Costs in file order: each row meets the free bandwidth, stake and energy the rows before it left.
  const totals = energyTotals(state, parameters);
  const energyNow = availableEnergy(state, totals);
  let account: BandwidthAccount & EnergyAccount = { ...state.resources };
  const activated = new Set<string>();
  let activationSun = 0n;
  const costed = rows.map((row, i) => {
    const choice = choices.get(TX_KINDS[row.request.kind])!;
    const activates = row.asset.type !== 'trc20' && isNew.has(row.recipient) && !activated.has(row.recipient);
    if (activates) activated.add(row.recipient);
    const energy = energies[i]?.energy ?? null;
    const cost = transactionCost({
      transaction: transactions[i]!,
      expectedSignatures: Math.max(1, choice.signers.length),
      account,
      ...(row.asset.type !== 'trc20' ? { recipientExists: !activates } : {}),
      ...(energy !== null ? { energy } : {}),
      ...(plans[i]!.execution?.contract ? withShare(shares.get(plans[i]!.execution!.contract!)) : {}),
      parameters,
    });
    account = {
      ...account,
      netUsed: (account.netUsed ?? 0n) + cost.bandwidth.stakedBytes,
      freeNetUsed: (account.freeNetUsed ?? 0n) + cost.bandwidth.freeBytes,
      energyUsed: (account.energyUsed ?? 0n) + (cost.energy?.fromStake ?? 0n),
    };
    if (activates)
      activationSun +=
        cost.fees.filter((f) => f.kind === 'activation').reduce((sum, f) => sum + f.sun, 0n) + cost.bandwidth.burnedSun;
    const callerEnergy = cost.energy ? cost.energy.energy - cost.energy.fromOrigin : null;
    return { cost, activates, callerEnergy };
  });

  const verdicts = await judgeRows({ chain, rows, transactions, choices, energies, costed, state, owner, onProgress });

  const planned: PlannedRow[] = rows.map((row, i) => {
    const { cost, activates, callerEnergy } = costed[i]!;
    const verdict = verdicts.get(i)!;
    return {
      line: row.line,
      recipient: row.recipient,
      assetKey: assetKey(row.asset),
      amount: row.amount,
      kind: row.request.kind,
      recipientNew: isNew.has(row.recipient),
      activates,
      bandwidthBytes: cost.bandwidth.bytes,
      energy: energies[i]?.energy ?? null,
      feeLimitSun: cost.feeLimitSun ?? null,
      burnedSun: cost.burnedSun,
      options:
        callerEnergy === null
          ? null
          : {
              burnSun: callerEnergy * parameters.getEnergyFee,
              stakeSun: stakeForEnergy(callerEnergy, totals.limit, totals.weight) ?? 0n,
              coveredByAvailable: (cost.energy?.burnedEnergy ?? 0n) === 0n,
            },
      status: verdict.status,
      reason: verdict.reason,
    };
  });

  const energy = costed.reduce((sum, c) => sum + (c.callerEnergy ?? 0n), 0n);
  const burnedSun = costed.reduce((sum, c) => sum + c.cost.burnedSun, 0n);
  const uncovered = energy > energyNow.available ? energy - energyNow.available : 0n;
  const coverage = await coverageOf({ chain, owner, state, rows, burnedSun });
  const plan: PayoutPlan = {
    owner: toBase58Address(owner),
    headBlock: Number(refBlock.number),
    headTime: refBlock.timestamp,
    signing: [...choices.values()].map((c) => ({
      contractType: c.contractType,
      permissionId: c.permission.id,
      expectedSignatures: Math.max(1, c.signers.length),
    })),
    totals: assetTotals(rows).map((t) => {
      const of = planned.filter((r) => r.assetKey === t.key);
      return {
        ...t,
        symbol: t.asset.symbol,
        newRecipients: of.filter((r) => r.recipientNew).length,
        bandwidthBytes: of.reduce((sum, r) => sum + r.bandwidthBytes, 0n),
        energy: of.reduce((sum, r) => sum + (r.energy ?? 0n), 0n),
        burnedSun: of.reduce((sum, r) => sum + r.burnedSun, 0n),
      };
    }),
    newRecipients: recipients.filter((r) => isNew.has(r)),
    activationSun,
    bandwidthBytes: costed.reduce((sum, c) => sum + c.cost.bandwidth.bytes, 0n),
    energy,
    burnedSun,
    resourceOptions: {
      energy,
      burn: { sun: energy * parameters.getEnergyFee },
      stake: {
        sun: stakeForEnergy(uncovered, totals.limit, totals.weight) ?? 0n,
        ...unlockOf(parameters, refBlock.timestamp),
      },
      delegated: {
        available: energyNow.available,
        delegatedEnergy: energyNow.delegated,
        burnSun: uncovered * parameters.getEnergyFee,
      },
    },
    coverage,
    covered: coverage.every((c) => c.shortfall === 0n),
    dryRun: {
      method: chain.sequence ? 'node' : 'checks',
      feeSun: chain.sequence ? [...verdicts.values()].reduce((sum, v) => sum + v.feeSun, 0n) : null,
    },
    rows: planned,
    failing: planned.filter((r) => r.status !== 'ok').map((r) => ({ line: r.line, reason: r.reason ?? '' })),
  };
  const permissions = rows.map((row) => choices.get(TX_KINDS[row.request.kind])!.permission);
  return { plan, transactions, permissions, refBlock };
}

function withShare<T>(share: T | undefined): { contractShare?: T } {
  return share ? { contractShare: share } : {};
}

interface Costed {
  readonly cost: ReturnType<typeof transactionCost>;
  readonly activates: boolean;
  readonly callerEnergy: bigint | null;
}

/**
 * Which rows would fail. On the embedded node every row runs in order on a copy of its state; on a
 * remote node, a TRC-20 row fails when its call does not run, and the balances are counted down row by
 * row, so the row at which the TRX or a token runs out is named.
 */
async function judgeRows(input: {
  chain: PlanChain;
  rows: readonly PayoutRow[];
  transactions: readonly ReturnType<typeof rowTransaction>[];
  choices: ReturnType<typeof signingChoices>;
  energies: readonly (RowEnergy | null)[];
  costed: readonly Costed[];
  state: OwnerState;
  owner: string;
  onProgress: PlanProgressListener;
}): Promise<Map<number, DryRunVerdict>> {
  const { chain, rows } = input;
  const verdicts = new Map<number, DryRunVerdict>();
  const runnable: number[] = [];
  rows.forEach((_, i) => {
    const problem = input.energies[i]?.problem ?? null;
    if (problem || (input.energies[i] && input.energies[i]!.feeLimit === null))
      verdicts.set(i, {
        status: 'fails',
        reason: problem ?? 'The energy could not be measured.',
        feeSun: 0n,
        energyUsed: null,
      });
    else runnable.push(i);
  });
  input.onProgress({ phase: 'dry-run', done: 0, total: rows.length });
  if (chain.sequence) {
    const ran = await dryRunInOrder(
      chain.sequence,
      runnable.map((i) => ({
        index: i,
        transaction: input.transactions[i]!,
        signers: input.choices.get(TX_KINDS[rows[i]!.request.kind])!.signers,
      })),
      (done, total) => input.onProgress({ phase: 'dry-run', done: done + (rows.length - total), total: rows.length }),
    );
    for (const [i, verdict] of ran) verdicts.set(i, verdict);
    return verdicts;
  }
  const balances = await startingBalances(chain, input.owner, input.state, rows);
  for (const i of runnable) {
    const row = rows[i]!;
    const key = assetKey(row.asset);
    const trxNeeded = input.costed[i]!.cost.burnedSun + (row.asset.type === 'trx' ? row.amount : 0n);
    const trxLeft = balances.get('TRX')!;
    const tokenLeft = row.asset.type === 'trx' ? null : balances.get(key)!;
    let reason: string | null = null;
    if (trxLeft < trxNeeded)
      reason =
        `The TRX runs out at this row: it needs ${trx(trxNeeded)} with its fees, ` +
        `and ${trx(trxLeft)} would be left.`;
    else if (tokenLeft !== null && tokenLeft < row.amount)
      reason =
        `The ${row.asset.symbol} runs out at this row: it pays ${units(row.amount, row.asset.decimals)} ` +
        `and ${units(tokenLeft, row.asset.decimals)} would be left.`;
    if (reason) {
      verdicts.set(i, { status: 'fails', reason, feeSun: 0n, energyUsed: null });
      continue;
    }
    balances.set('TRX', trxLeft - trxNeeded);
    if (tokenLeft !== null) balances.set(key, tokenLeft - row.amount);
    verdicts.set(i, { status: 'ok', reason: null, feeSun: input.costed[i]!.cost.burnedSun, energyUsed: null });
  }
  input.onProgress({ phase: 'dry-run', done: rows.length, total: rows.length });
  return verdicts;
}

const trx = (sun: bigint) => `${formatUnits(sun, 6, { group: true })} TRX`;
const units = (amount: bigint, decimals: number) => formatUnits(amount, decimals, { group: true });

/** The account's balance of every asset the run pays, keyed as `assetKey`. */
async function startingBalances(
  chain: PlanChain,
  owner: string,
  state: OwnerState,
  rows: readonly PayoutRow[],
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>([['TRX', state.account?.balance ?? 0n]]);
  for (const row of rows) {
    const key = assetKey(row.asset);
    if (balances.has(key)) continue;
    if (row.asset.type === 'trc10') {
      const id = row.asset.tokenId;
      balances.set(key, state.account?.assetV2.find((a) => a.key === id)?.value ?? 0n);
    } else if (row.asset.type === 'trc20') {
      balances.set(key, await chain.reads.trc20Balance(chain.client, row.asset.contract, owner));
    }
  }
  return balances;
}

async function coverageOf(input: {
  chain: PlanChain;
  owner: string;
  state: OwnerState;
  rows: readonly PayoutRow[];
  burnedSun: bigint;
}): Promise<PlanCoverage[]> {
  const balances = await startingBalances(input.chain, toHexAddress(input.owner), input.state, input.rows);
  const totals = assetTotals(input.rows);
  const trxTotal = totals.find((t) => t.key === 'TRX')?.total ?? 0n;
  const lines: PlanCoverage[] = [
    line('TRX', 'TRX', 6, trxTotal + input.burnedSun, balances.get('TRX') ?? 0n),
    ...totals
      .filter((t) => t.key !== 'TRX')
      .map((t) => line(t.key, t.asset.symbol, t.asset.decimals, t.total, balances.get(t.key) ?? 0n)),
  ];
  return lines;
}

function line(assetKey: string, symbol: string, decimals: number, needed: bigint, available: bigint): PlanCoverage {
  return { assetKey, symbol, decimals, needed, available, shortfall: needed > available ? needed - available : 0n };
}
