import { EnvelopeError } from '../../../src-core/errors';

export const CosignErrorCode = {
  unknown: 'COSIGN_UNKNOWN_ENVELOPE',
  noDialog: 'COSIGN_NO_DIALOG',
  expired: 'COSIGN_EXPIRED',
  notExpired: 'COSIGN_NOT_EXPIRED',
  belowThreshold: 'COSIGN_BELOW_THRESHOLD',
  notAKey: 'COSIGN_NOT_A_KEY',
  alreadySigned: 'COSIGN_ALREADY_SIGNED',
  cannotSign: 'COSIGN_ACCOUNT_CANNOT_SIGN',
  alreadyBroadcast: 'COSIGN_ALREADY_BROADCAST',
  noteFixed: 'COSIGN_NOTE_FIXED',
  notProposer: 'COSIGN_NOT_PROPOSER',
} as const;

/** Refuses with an EnvelopeError: the co-signing inbox's errors are all about an envelope. */
export function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new EnvelopeError(code, message, details);
}

/** The stored entry of an envelope id in this network's inbox, or COSIGN_UNKNOWN_ENVELOPE. */
export function requireEntry<T>(found: T | undefined, id: string): T {
  if (found === undefined)
    fail(
      CosignErrorCode.unknown,
      'There is no such envelope in this network’s inbox; it may have been removed, or it belongs to another network.',
      { id },
    );
  return found;
}
