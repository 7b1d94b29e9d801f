import { EnvelopeError } from '../errors';
import { parseJsonLossless } from '../json/lossless';

/**
 * Text received from another desk (or already-parsed JSON, returned as it is), read with exact
 * integers. Text longer than any genuine file of its kind is refused before it is parsed, so a huge
 * paste cannot hold main's thread.
 */
export function readReceivedJson(input: string | unknown, noun: 'envelope' | 'bundle', maxLength: number): unknown {
  if (typeof input !== 'string') return input;
  const code = noun.toUpperCase();
  if (input.length > maxLength)
    throw new EnvelopeError(
      `${code}_TOO_LARGE`,
      `The ${noun} is ${input.length} characters long; no genuine ${noun} exceeds ${maxLength}.`,
    );
  try {
    return parseJsonLossless(input);
  } catch (error) {
    throw new EnvelopeError(`${code}_NOT_JSON`, `The ${noun} is not valid JSON: ${(error as Error).message}`);
  }
}
