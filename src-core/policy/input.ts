import { toHexAddress } from '../address/address';
import type { AssetKey } from './asset';

/** One address-book entry as the desk holds it; `addedAt` starts the cooling-off (ms since epoch). */
export interface PolicyContact {
  readonly address: string;
  readonly tags: readonly string[];
  readonly addedAt: number;
}

/** One outflow of the account already on chain (or carried by the envelope), ms since epoch. */
export interface OutflowRecord {
  readonly time: number;
  readonly asset: AssetKey;
  readonly amount: bigint;
}

/** A change in an address's holdings the simulation saw; fees are left out, they are no payment. */
export interface BalanceChange {
  readonly address: string;
  readonly asset: AssetKey;
  readonly delta: bigint;
}

/** What the desk knows when it evaluates, all decoded: nothing here reads the chain or the clock. */
export interface PolicyInput {
  /** The transaction's owner_address. */
  readonly owner: string;
  readonly permissionId: number;
  /** The permission's name on chain, for the sentences. */
  readonly permissionName?: string;
  /** java-tron's contract type name, e.g. TransferContract or TriggerSmartContract. */
  readonly contractType: string;
  /** The payment the transaction states: a TRX or TRC-10 transfer, or a decoded TRC-20 transfer(to, amount). */
  readonly transfer?: { readonly asset: AssetKey; readonly amount: bigint; readonly recipient: string };
  /** The contract a TriggerSmartContract calls and the call data's first 4 bytes (hex). */
  readonly call?: { readonly contract: string; readonly selector: string };
  /** The simulation's balance changes, so transferFrom, swaps and internal calls count as outflow. */
  readonly balanceChanges: readonly BalanceChange[];
  /** Signers whose signatures the envelope already carries and the permission counts. */
  readonly approvedSigners: readonly string[];
  /** The key this desk is about to sign with. */
  readonly signer: string;
  /** Now, ms since epoch. */
  readonly time: number;
  readonly addressBook: readonly PolicyContact[];
  /** The account's outflows; those in the 24 hours before `time` count toward the daily caps. */
  readonly history: readonly OutflowRecord[];
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function sameAddress(a: string, b: string): boolean {
  return toHexAddress(a) === toHexAddress(b);
}

/**
 * What this transaction sends, per asset: the larger of the stated payment and the owner's
 * decrease in the simulation, so a payment the call data hides still counts and a stated payment
 * is never undercounted by a simulation that missed it.
 */
export function transactionOutflows(input: PolicyInput): Map<AssetKey, bigint> {
  const simulated = new Map<AssetKey, bigint>();
  for (const change of input.balanceChanges) {
    if (change.delta < 0n && sameAddress(change.address, input.owner)) {
      simulated.set(change.asset, (simulated.get(change.asset) ?? 0n) - change.delta);
    }
  }
  const out = new Map(simulated);
  if (input.transfer && input.transfer.amount > 0n) {
    const { asset, amount } = input.transfer;
    if (amount > (out.get(asset) ?? 0n)) out.set(asset, amount);
  }
  return out;
}

/**
 * Who this transaction pays: the stated recipient, and every other address the simulation credits
 * with an asset the owner sends, so a transferFrom or a call that forwards funds meets the allowlist
 * too (a swap's pool or router is then a recipient and needs its tag).
 */
export function transactionRecipients(input: PolicyInput, outflows: ReadonlyMap<AssetKey, bigint>): string[] {
  const found: string[] = [];
  const add = (address: string) => {
    if (!sameAddress(address, input.owner) && !found.some((a) => sameAddress(a, address))) found.push(address);
  };
  if (input.transfer) add(input.transfer.recipient);
  for (const change of input.balanceChanges) if (change.delta > 0n && outflows.has(change.asset)) add(change.address);
  return found;
}
