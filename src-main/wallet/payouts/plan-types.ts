import type { AssetTotal } from '../../../src-core/payouts/totals';
import type { PayoutAsset, PayoutRow } from '../../../src-core/payouts/format';

/** How far planning got, for a progress bar: each phase counts up to its own total. */
export interface PlanProgress {
  readonly phase: 'recipients' | 'energy' | 'dry-run';
  readonly done: number;
  readonly total: number;
}

export type PlanProgressListener = (progress: PlanProgress) => void;

/** One row as planned: what it costs under the account's resources as they will be when its turn comes. */
export interface PlannedRow {
  readonly line: number;
  readonly recipient: string;
  readonly assetKey: string;
  readonly amount: bigint;
  readonly kind: PayoutRow['request']['kind'];
  /** The recipient has no account yet: a TRX or TRC-10 row activates it (the first such row pays). */
  readonly recipientNew: boolean;
  readonly activates: boolean;
  readonly bandwidthBytes: bigint;
  /** Energy a TRC-20 row uses (what the node measured running the call); null for other rows. */
  readonly energy: bigint | null;
  readonly feeLimitSun: bigint | null;
  /** TRX burned under the account's resources, after the rows before it used theirs. */
  readonly burnedSun: bigint;
  /** TRC-20 rows: the energy options side by side. */
  readonly options: RowResourceOptions | null;
  readonly status: 'ok' | 'fails' | 'unchecked';
  /** Why the row would fail (the node's reason in the app's words), or why it was not checked. */
  readonly reason: string | null;
}

export interface RowResourceOptions {
  /** Burn TRX for all of the row's energy. */
  readonly burnSun: bigint;
  /** TRX staked for energy that gives the row's energy (again every 24 h). */
  readonly stakeSun: bigint;
  /** Energy the account has available now (own stake and delegated to it) covers the row, rows before it first. */
  readonly coveredByAvailable: boolean;
}

export interface ResourceOptionsTotal {
  /** Energy of every TRC-20 row. */
  readonly energy: bigint;
  readonly burn: { readonly sun: bigint };
  readonly stake: {
    /** TRX to stake (FreezeBalanceV2 for ENERGY) so the stake's daily energy covers every TRC-20 row. */
    readonly sun: bigint;
    /** Unstaked TRX is withdrawable this many days after the unstake (getUnfreezeDelayDays). */
    readonly unlockDays: number;
    /** The earliest the stake is back, unstaking right after the run: head time + the delay (ms since epoch). */
    readonly unlocksAt: number;
  };
  readonly delegated: {
    /** Energy the account can use now: EnergyLimit − EnergyUsed (its own stake and what others delegated). */
    readonly available: bigint;
    /** Part of the account's energy limit that others delegated to it. */
    readonly delegatedEnergy: bigint;
    /** TRX still burned for the energy the available energy does not cover. */
    readonly burnSun: bigint;
  };
}

/** One asset of the run: its count and total, and what its rows cost. */
export interface PlannedAsset extends AssetTotal {
  readonly symbol: string;
  /** Rows of this asset whose recipient has no account yet. */
  readonly newRecipients: number;
  readonly bandwidthBytes: bigint;
  /** Energy of this asset's rows (TRC-20 only). */
  readonly energy: bigint;
  /** TRX these rows burn under the account's resources, activation included. */
  readonly burnedSun: bigint;
}

export interface PlanCoverage {
  readonly assetKey: string;
  readonly symbol: string;
  readonly decimals: number;
  /** TRX: every TRX row plus every fee burned; tokens: the rows' total. */
  readonly needed: bigint;
  readonly available: bigint;
  readonly shortfall: bigint;
}

export interface PayoutPlan {
  readonly owner: string;
  readonly headBlock: number;
  readonly headTime: number;
  /** Per contract type the run uses: the permission that signs and how many signatures it takes. */
  readonly signing: readonly {
    readonly contractType: string;
    readonly permissionId: number;
    readonly expectedSignatures: number;
  }[];
  readonly totals: readonly PlannedAsset[];
  /** Recipients with no account on chain yet, each once. */
  readonly newRecipients: readonly string[];
  /** TRX burned to activate new recipients (fee and its bandwidth). */
  readonly activationSun: bigint;
  readonly bandwidthBytes: bigint;
  readonly energy: bigint;
  /** TRX burned by every row under the account's current resources. */
  readonly burnedSun: bigint;
  readonly resourceOptions: ResourceOptionsTotal;
  readonly coverage: readonly PlanCoverage[];
  readonly covered: boolean;
  /**
   * `node`: every row run in order on a copy of the embedded node's state; `checks`: the node's
   * constant calls and the balances counted down row by row.
   */
  readonly dryRun: { readonly method: 'node' | 'checks'; readonly feeSun: bigint | null };
  readonly rows: readonly PlannedRow[];
  readonly failing: readonly { readonly line: number; readonly reason: string }[];
}

export type { PayoutAsset };
