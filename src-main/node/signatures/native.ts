import { createRequire } from 'node:module';

/**
 * libsecp256k1 through the `secp256k1` package's N-API binding. Loaded as `secp256k1/bindings`,
 * not `secp256k1`: the package's main entry silently swaps in a pure-JS elliptic build when the
 * binary cannot load, which would hide the fallback this node reports.
 */
export interface Libsecp256k1 {
  /** Absolute path of the binding module, for worker threads to load the same file. */
  readonly modulePath: string;
  readonly version: string;
  /** Throws when the signature does not parse (r or s ≥ n) or recovers no key. */
  ecdsaRecover(signature: Uint8Array, recoveryId: number, digest: Uint8Array, compressed: false): Uint8Array;
}

export type Libsecp256k1Loader = () => Libsecp256k1;

/** Loads libsecp256k1 or throws why it cannot (no binary for this platform, wrong libc, …). */
export const loadLibsecp256k1: Libsecp256k1Loader = () => {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('secp256k1/bindings');
  const binding = require(modulePath) as Pick<Libsecp256k1, 'ecdsaRecover'>;
  const { version } = require('secp256k1/package.json') as { version: string };
  return { modulePath, version, ecdsaRecover: binding.ecdsaRecover.bind(binding) };
};
