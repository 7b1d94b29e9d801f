import { randomBytes, scrypt } from 'node:crypto';
import { VaultError } from '../../src-core/errors';

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** What a keystore records: the algorithm, its cost parameters and the salt (hex). */
export interface KdfRecord extends ScryptParams {
  readonly name: 'scrypt';
  readonly dkLen: 32;
  readonly salt: string;
}

/**
 * Measured on the project's 2-core Linux build machine (Node 20, node:crypto scrypt, 3 runs each):
 * N=2^16,r=8,p=1 ≈ 0.10 s · N=2^17 ≈ 0.21 s · N=2^18 ≈ 0.42–0.45 s (256 MiB) · N=2^17,p=2 ≈ 0.40 s.
 * N=2^18 comes closest to the 0.5 s target and spends the budget on memory, which is what makes
 * scrypt costly to attack with GPUs. Every keystore records its own parameters, so they can grow later.
 */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 18, r: 8, p: 1 };

/** Refuse parameters a tampered file could use to exhaust memory or time, or that are too weak. */
const LIMITS = {
  minLogN: 10,
  maxLogN: 22,
  maxR: 32,
  maxP: 16,
  maxMemory: 1024 * 1024 * 1024,
  saltBytes: [16, 64],
} as const;

export const SALT_BYTES = 32;
export const KEY_BYTES = 32;

export function newKdfRecord(params: ScryptParams): KdfRecord {
  assertScryptParams(params);
  return {
    name: 'scrypt',
    N: params.N,
    r: params.r,
    p: params.p,
    dkLen: KEY_BYTES,
    salt: randomBytes(SALT_BYTES).toString('hex'),
  };
}

export function assertScryptParams(params: ScryptParams, file?: string): void {
  const { N, r, p } = params;
  const logN = Math.log2(N);
  const ok =
    Number.isInteger(logN) &&
    logN >= LIMITS.minLogN &&
    logN <= LIMITS.maxLogN &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= LIMITS.maxR &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= LIMITS.maxP &&
    scryptMemory(params) <= LIMITS.maxMemory;
  if (!ok) {
    throw new VaultError(
      'VAULT_KDF_PARAMS_INVALID',
      `The scrypt parameters N=${N}, r=${r}, p=${p}${file ? ` in ${file}` : ''} are outside the accepted ` +
        'range (N a power of two from 2^10 to 2^22, r ≤ 32, p ≤ 16, at most 1 GiB).',
      { N, r, p, ...(file ? { file } : {}) },
    );
  }
}

function scryptMemory({ N, r, p }: ScryptParams): number {
  return 128 * r * (N + p + 2);
}

/**
 * Derives the 32-byte key-encryption key. node:crypto runs scrypt on the libuv thread pool, so
 * the main process keeps answering while it works. The password bytes are zeroed afterwards; the
 * caller's string itself cannot be (see README.md, "Memory").
 */
export async function deriveKey(password: string, kdf: KdfRecord): Promise<Buffer> {
  assertScryptParams(kdf);
  const salt = Buffer.from(kdf.salt, 'hex');
  const secret = passwordBytes(password);
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(
        secret,
        salt,
        kdf.dkLen,
        { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: scryptMemory(kdf) + 32 * 1024 * 1024 },
        (error, key) => (error ? reject(error) : resolve(key)),
      );
    });
  } finally {
    secret.fill(0);
  }
}

/** NFKC so that the same password typed on another keyboard or OS gives the same bytes. */
export function passwordBytes(password: string): Buffer {
  return Buffer.from(password.normalize('NFKC'), 'utf8');
}

export function sameKdf(a: KdfRecord, b: KdfRecord): boolean {
  return a.N === b.N && a.r === b.r && a.p === b.p && a.dkLen === b.dkLen && a.salt === b.salt;
}
