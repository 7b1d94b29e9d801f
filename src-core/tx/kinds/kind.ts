import type { z } from 'zod';
import type { Abi } from '../../abi/fragments';
import { toBase58Address } from '../../address/address';
import { AbiError, ValidationError, WalletError } from '../../errors';
import type { SummaryLine } from './summary-line';
import { formatTrx, formatUnits } from '../../units/amount';
import type { ContractSpec } from '../builders';
import type { ContractTypeName } from '../contract-types';
import type { KindForm } from './form';

/**
 * What one transaction kind is: its request schema, the contract it builds, the summary a person
 * checks before signing, and its form. `registry.ts` lists every kind; the IPC schema, the
 * wallet's planning and the renderer's builder form all read from there.
 */
export interface KindPlan {
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

/** ABI text as parsed for planning: the fragments and the entries as JSON objects. */
export interface ParsedAbi {
  readonly abi: Abi;
  readonly entries: Record<string, unknown>[];
}

/** What a kind's planning is given: chain reads, and the host's reading of pasted ABI text. */
export interface PlanContext {
  readonly reads: PlanReads;
  parseAbiText(text: string, what?: string): ParsedAbi;
}

export interface KindDescriptor<K extends string, C extends ContractTypeName, S extends z.ZodType> {
  readonly kind: K;
  readonly contractType: C;
  /** Runs contract code: takes a fee_limit and has an energy estimate. */
  readonly runsCode: boolean;
  readonly schema: S;
  readonly form: KindForm;
  plan(request: z.output<S>, context: PlanContext): KindPlan | Promise<KindPlan>;
}

export function defineKind<K extends string, C extends ContractTypeName, S extends z.ZodType>(
  descriptor: KindDescriptor<K, C, S>,
): KindDescriptor<K, C, S> {
  return descriptor;
}

/** Turns the builders' TransactionError (bad address, amount, percent) into a form-level message. */
export function built(make: () => ContractSpec): ContractSpec {
  try {
    return make();
  } catch (error) {
    if (error instanceof WalletError && !(error instanceof ValidationError)) {
      throw new ValidationError('TX_BAD_REQUEST', error.message, { cause: error.code });
    }
    throw error;
  }
}

export function abiProblem(error: unknown, what: string): never {
  if (error instanceof AbiError)
    throw new ValidationError('TX_BAD_ARGUMENTS', `${what}: ${error.message}`, { cause: error.code });
  throw error;
}

export const trx = (sun: bigint): string => formatTrx(sun, { group: true, withUnit: true });
export const b58 = (address: string): string => toBase58Address(address);
export const RESOURCE_WORD = { BANDWIDTH: 'bandwidth', ENERGY: 'energy' } as const;
export const fromLine = (owner: string): SummaryLine => ({ label: 'From', value: b58(owner) });

/** A token amount as the chain holds it, for the small type beside the amount in its units. */
export function baseUnits(amount: bigint): string {
  return `${formatUnits(amount, 0, { group: true })} base units`;
}
