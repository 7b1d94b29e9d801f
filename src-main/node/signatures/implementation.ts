import { createRequire } from 'node:module';
import { loadLibsecp256k1, type Libsecp256k1Loader } from './native';
import { noblePublicKeyRecoverer, type PublicKeyRecoverer } from './recover';

/**
 * Which secp256k1 recovers signers: libsecp256k1 (native, several times faster) when its binary
 * loads on this platform, otherwise @noble/curves. Both give the same answers (the property test
 * in test/main/node/signatures holds them to it).
 */
export const RECOVERY_IMPLEMENTATION = { libsecp256k1: 'libsecp256k1', noble: 'noble' } as const;
export type RecoveryImplementationName = (typeof RECOVERY_IMPLEMENTATION)[keyof typeof RECOVERY_IMPLEMENTATION];

/** Absolute module paths a worker thread imports (see worker-source.ts). */
export interface WorkerModules {
  readonly sha3: string;
  /** libsecp256k1's binding; absent when noble recovers. */
  readonly native?: string;
  readonly curves?: string;
}

export interface RecoveryImplementation {
  readonly name: RecoveryImplementationName;
  /** For the node's log: which library recovers. */
  readonly label: string;
  /** Why libsecp256k1 is not the one (its load error); absent when it is. */
  readonly fallbackReason?: string;
  readonly recoverPublicKey: PublicKeyRecoverer;
  readonly workerModules: WorkerModules;
}

function resolveModule(specifier: string): string {
  return createRequire(import.meta.url).resolve(specifier);
}

/** libsecp256k1 when `loadNative` succeeds, noble (with the reason) when it throws. */
export function chooseImplementation(loadNative: Libsecp256k1Loader = loadLibsecp256k1): RecoveryImplementation {
  const sha3 = resolveModule('@noble/hashes/sha3.js');
  try {
    const native = loadNative();
    return {
      name: RECOVERY_IMPLEMENTATION.libsecp256k1,
      label: `libsecp256k1 (secp256k1 ${native.version}, N-API)`,
      recoverPublicKey: (compact, recoveryId, digest) => native.ecdsaRecover(compact, recoveryId, digest, false),
      workerModules: { sha3, native: native.modulePath },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return {
      name: RECOVERY_IMPLEMENTATION.noble,
      label: 'noble (@noble/curves, JavaScript)',
      fallbackReason: reason,
      recoverPublicKey: noblePublicKeyRecoverer,
      workerModules: { sha3, curves: resolveModule('@noble/curves/secp256k1.js') },
    };
  }
}
