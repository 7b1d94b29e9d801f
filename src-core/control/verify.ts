import { toBase58Address } from '../address/address';
import { hexToBytes } from '../bytes/hex';
import { KeyError } from '../errors';
import { hashMessageV2 } from '../keys/message';
import { recoverAddress } from '../keys/keys';
import { weightOf, type Permission } from '../permission/model';
import type { ControlBalances, ProofOfControl } from './document';
import { controlSigningMessage } from './message';
import { controlPermissionHeading, permissionDifferences, permissionOfControl } from './permission';

/** What a node tells about the proof's account and block; gathered by the caller, so this stays pure. */
export interface ControlChainFacts {
  /** The id of this chain's block at the proof's block number; null when the node has no such block. */
  readonly blockId: string | null;
  /** The account's permission with the proof's id, as the node holds it; undefined when there is none. */
  readonly permission: Permission | undefined;
  /** Balances to compare with the proof's (the same tokens); undefined leaves balances unchecked. */
  readonly balances?: ControlBalances;
  /** Where `permission` and `balances` were read, for the sentences ("at block 1,234"). */
  readonly readAt?: string;
}

export const CONTROL_FAILURE = {
  damagedSignature: 'CONTROL_DAMAGED_SIGNATURE',
  outsideKey: 'CONTROL_KEY_OUTSIDE_PERMISSION',
  repeatedSigner: 'CONTROL_REPEATED_SIGNER',
  belowThreshold: 'CONTROL_BELOW_THRESHOLD',
  blockNotOnChain: 'CONTROL_BLOCK_NOT_ON_CHAIN',
  permissionMissing: 'CONTROL_PERMISSION_MISSING',
  permissionChanged: 'CONTROL_PERMISSION_CHANGED',
  balancesDiffer: 'CONTROL_BALANCES_DIFFER',
} as const;
export type ControlFailureCode = (typeof CONTROL_FAILURE)[keyof typeof CONTROL_FAILURE];

export interface ControlSigner {
  /** Base58. */
  readonly address: string;
  readonly weight: bigint;
}

export type ControlVerdict =
  | {
      readonly verified: true;
      readonly message: string;
      readonly signers: readonly ControlSigner[];
      readonly weight: bigint;
      readonly threshold: bigint;
    }
  | { readonly verified: false; readonly code: ControlFailureCode; readonly message: string };

type Failure = Extract<ControlVerdict, { verified: false }>;
const fail = (code: ControlFailureCode, message: string): Failure => ({ verified: false, code, message });

/**
 * Whether the proof holds on the chain the facts come from, or the first reason it does not, in a
 * sentence. The signatures are checked against the permission the proof states first (each must
 * recover to one of its keys, once, and together reach its threshold), then the stated facts
 * against the chain's: the permission (what the proof is about; on another chain it is usually
 * missing or different too), the pinned block (which tells chains apart when the permissions
 * agree), the balances.
 */
export function verifyProofOfControl(proof: ProofOfControl, facts: ControlChainFacts): ControlVerdict {
  const checked = checkSignatures(proof);
  if (!checked.verified) return checked;
  const heading = controlPermissionHeading(proof.permission);
  const where = facts.readAt ? ` ${facts.readAt}` : '';
  if (!facts.permission) {
    return fail(
      CONTROL_FAILURE.permissionMissing,
      `${proof.account} has no permission with id ${proof.permission.id} on this node${where}, so ${heading} ` +
        'that signed the proof no longer controls the account.',
    );
  }
  const differences = permissionDifferences(proof.permission, facts.permission);
  if (differences.length > 0) {
    return fail(
      CONTROL_FAILURE.permissionChanged,
      `${heading} of ${proof.account} differs on this node${where} from the one that signed the proof: ` +
        `${differences.join('; ')}.`,
    );
  }
  const { number, id } = proof.block;
  if (facts.blockId !== id) {
    return fail(
      CONTROL_FAILURE.blockNotOnChain,
      facts.blockId === null
        ? `This node has no block ${number}, the block the proof was made at: it is not on the proof's chain ` +
            '(or has not reached that block, or keeps no blocks that old). Verify against a full node of the network the proof names.'
        : `Block ${number} on this node has id ${facts.blockId}, not ${id} as the proof states: the proof was made ` +
            'on another chain, or on blocks this chain replaced.',
    );
  }
  if (facts.balances) {
    const differ = balanceDifferences(proof.balances, facts.balances);
    if (differ.length > 0) {
      return fail(
        CONTROL_FAILURE.balancesDiffer,
        `The balances of ${proof.account} on this node${where} differ from the proof's at block ${number}: ` +
          `${differ.join('; ')}.`,
      );
    }
  }
  return {
    ...checked,
    message:
      `Verified: keys worth ${checked.weight} of the ${checked.threshold} that ${heading} needs signed the ` +
      `challenge for ${proof.account} at block ${number}.`,
  };
}

function checkSignatures(proof: ProofOfControl): ControlVerdict {
  const heading = controlPermissionHeading(proof.permission);
  const permission = permissionOfControl(proof.permission);
  const hash = hashMessageV2(controlSigningMessage(proof));
  const signers: ControlSigner[] = [];
  const seen = new Set<string>();
  let weight = 0n;
  for (const [index, signature] of proof.signatures.entries()) {
    const nth = `Signature ${index + 1}`;
    let address: string;
    try {
      address = recoverAddress(hash, hexToBytes(signature, 'signature'));
    } catch (error) {
      if (!(error instanceof KeyError)) throw error;
      return fail(CONTROL_FAILURE.damagedSignature, `${nth} is damaged: it recovers to no key.`);
    }
    const base58 = toBase58Address(address);
    const keyWeight = weightOf(permission, address);
    if (keyWeight === 0n) {
      return fail(
        CONTROL_FAILURE.outsideKey,
        `${nth} was made by ${base58}, which is not a key of ${heading} (or signed other text than this ` +
          'proof states).',
      );
    }
    if (seen.has(address)) {
      return fail(CONTROL_FAILURE.repeatedSigner, `${nth} repeats the signer ${base58}; each key counts once.`);
    }
    seen.add(address);
    weight += keyWeight;
    signers.push({ address: base58, weight: keyWeight });
  }
  if (weight < permission.threshold) {
    return fail(
      CONTROL_FAILURE.belowThreshold,
      `The signatures carry weight ${weight}, below the threshold ${permission.threshold} of ${heading}: more ` +
        'of its keys must sign the challenge.',
    );
  }
  return { verified: true, message: '', signers, weight, threshold: permission.threshold };
}

/** Each amount that differs, in base units; a token missing on one side counts as 0 there. */
export function balanceDifferences(proof: ControlBalances, chain: ControlBalances): string[] {
  const out: string[] = [];
  if (proof.trx !== chain.trx) out.push(`TRX ${chain.trx} sun, not ${proof.trx}`);
  const trc10 = new Map(chain.trc10.map((t) => [t.id, t.amount]));
  const ids = new Set([...proof.trc10.map((t) => t.id), ...trc10.keys()]);
  const stated = new Map(proof.trc10.map((t) => [t.id, t.amount]));
  for (const id of ids) {
    const a = stated.get(id) ?? 0n;
    const b = trc10.get(id) ?? 0n;
    if (a !== b) out.push(`TRC-10 ${id}: ${b}, not ${a}`);
  }
  const trc20 = new Map(chain.trc20.map((t) => [t.contract, t.amount]));
  for (const token of proof.trc20) {
    const b = trc20.get(token.contract) ?? 0n;
    if (token.amount !== b) out.push(`TRC-20 ${token.contract}: ${b}, not ${token.amount}`);
  }
  return out;
}
