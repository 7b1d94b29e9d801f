import type { Hex, HexAddress } from '../brand';

/**
 * The seam between the envelope summary and an ABI decoder: `summary.ts` calls a decoder through
 * these types and `abi-decoder.ts` provides the default one, so neither imports the other.
 */

/** What an ABI decoder (src-core/abi, injected) makes of call data. Values must be JSON. */
export interface DecodedCall {
  /** Canonical signature, e.g. `transfer(address,uint256)`. */
  readonly signature: string;
  readonly args: readonly { readonly name: string; readonly type: string; readonly value: unknown }[];
}

export type CallDecoder = (call: {
  readonly contract: HexAddress;
  readonly data: Hex;
  readonly abi: unknown;
}) => DecodedCall | undefined;
