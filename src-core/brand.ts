/** Nominal typing for strings whose shape has been checked once, at the boundary. */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Lowercase hex without a 0x prefix, even length. */
export type Hex = Brand<string, 'Hex'>;
/** 21-byte TRON address as lowercase hex, always starting with `41`. */
export type HexAddress = Brand<string, 'HexAddress'>;
/** Base58Check TRON address, starting with `T` on mainnet-style networks. */
export type Base58Address = Brand<string, 'Base58Address'>;
/** Either form of a TRON address. */
export type Address = HexAddress | Base58Address;
/** 32-byte transaction id as lowercase hex. */
export type TxId = Brand<string, 'TxId'>;
