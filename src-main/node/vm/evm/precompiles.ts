import { EVMError, type ExecResult, getActivePrecompiles } from '@ethereumjs/evm';
import type { Common } from '@ethereumjs/common';
import { Address } from '@ethereumjs/util';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { HexAddress } from '../../../../src-core/brand';
import { bytesToBigint, bigintToBytes, concatBytes } from '../../../../src-core/bytes/bytes';
import { addressBytesFromPublicKey } from '../../../../src-core/keys/keys';
import type { VmFlags } from '../flags';
import { hexAddressOfWord } from './addresses';
import type { AddPrecompile, CustomPrecompile, PrecompileFunction, PrecompileInput } from './evm-types';
import { currentFrame } from './frames';
import type { TronEvm } from './tron-evm';

/**
 * TRON's precompile map (java-tron `PrecompiledContracts`). Each returns java-tron's
 * energy and output; when the required energy exceeds what the call forwards, or the contract
 * reports failure, all forwarded energy is consumed and the call pushes 0
 * (`Program.callToPrecompiledAddress`). Shielded-TRC20 proof verification (0x01000001–0x01000004,
 * only registered with allowShieldedTRC20Transaction) is not supported: those calls always fail.
 */

const WORD = 32;
const EMPTY = new Uint8Array(0);
const FALSE_WORD = new Uint8Array(WORD);
const SECP256K1_N = secp256k1.Point.CURVE().n;

interface Outcome {
  readonly ok: boolean;
  readonly output: Uint8Array;
}

function failed(gasLimit: bigint): ExecResult {
  return {
    returnValue: EMPTY,
    executionGasUsed: gasLimit,
    exceptionError: new EVMError(EVMError.errorMessages.OUT_OF_GAS),
  };
}

function precompile(
  energy: (data: Uint8Array) => bigint,
  execute: (data: Uint8Array, input: PrecompileInput) => Outcome,
): PrecompileFunction {
  return (input: PrecompileInput): ExecResult => {
    const required = energy(input.data);
    if (required > input.gasLimit) return failed(input.gasLimit);
    const outcome = execute(input.data, input);
    if (!outcome.ok) return failed(input.gasLimit);
    return { returnValue: outcome.output, executionGasUsed: required };
  };
}

function tronOf(input: PrecompileInput): TronEvm {
  return input._EVM as unknown as TronEvm;
}

function words(data: Uint8Array): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i + WORD <= data.length; i += WORD) out.push(bytesToBigint(data.subarray(i, i + WORD)));
  return out;
}

function word(value: bigint): Uint8Array {
  return bigintToBytes(BigInt.asUintN(256, value), WORD);
}

function intSafe(value: bigint): number {
  return value > 0x7fffffffn ? 0x7fffffff : Number(value);
}

function longSafe(value: bigint): bigint {
  return value > 0x7fffffffffffffffn ? 0x7fffffffffffffffn : value;
}

function wordCount(length: number): bigint {
  return BigInt(Math.floor((length + 31) / 32));
}

/** Recovers a 21-byte signer from r ‖ s ‖ v (v 0/1/27/28) the way `SignUtils` validates components. */
function recoverSigner(hash: Uint8Array, r: Uint8Array, s: Uint8Array, v: number): Uint8Array | undefined {
  const header = v < 27 ? v + 27 : v;
  if (header !== 27 && header !== 28) return undefined;
  const rValue = bytesToBigint(r);
  const sValue = bytesToBigint(s);
  if (rValue <= 0n || rValue >= SECP256K1_N || sValue <= 0n || sValue >= SECP256K1_N) return undefined;
  try {
    const signature = secp256k1.Signature.fromBytes(concatBytes(r, s), 'compact').addRecoveryBit(header - 27);
    return addressBytesFromPublicKey(signature.recoverPublicKey(hash).toBytes(false));
  } catch {
    return undefined;
  }
}

/** 0x01: ecrecover with a 21-byte result (0x41 at byte 11); empty output on bad input. */
const ecrecover = precompile(
  () => 3000n,
  (data) => {
    if (data.length < 96) return { ok: true, output: EMPTY };
    const padded = new Uint8Array(128);
    padded.set(data.subarray(0, 128));
    const v = padded.subarray(32, 64);
    for (let i = 0; i < 31; i++) if (v[i] !== 0) return { ok: true, output: EMPTY };
    const signer = recoverSigner(padded.subarray(0, 32), padded.subarray(64, 96), padded.subarray(96, 128), v[31]!);
    if (signer === undefined) return { ok: true, output: EMPTY };
    const out = new Uint8Array(WORD);
    out.set(signer, WORD - signer.length);
    return { ok: true, output: out };
  },
);

/** 0x03: not RIPEMD-160 but sha256(sha256(data)[0:20]) at RIPEMD's price. */
const tronRipemd = precompile(
  (data) => 600n + wordCount(data.length) * 120n,
  (data) => ({ ok: true, output: sha256(sha256(data).subarray(0, 20)) }),
);

function multComplexity(x: bigint): bigint {
  if (x <= 64n) return x * x;
  if (x <= 1024n) return (x * x) / 4n + 96n * x - 3072n;
  return (x * x) / 16n + 480n * x - 199680n;
}

function slice(data: Uint8Array, offset: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  if (offset < data.length) out.set(data.subarray(offset, Math.min(data.length, offset + length)));
  return out;
}

/** 0x05: modexp with EIP-198 pricing (divisor 20) and java-tron's empty output for a zero modulus. */
const modexp = precompile(
  (data) => {
    const baseLen = intSafe(bytesToBigint(slice(data, 0, 32)));
    const expLen = intSafe(bytesToBigint(slice(data, 32, 32)));
    const modLen = intSafe(bytesToBigint(slice(data, 64, 32)));
    const expHead = bytesToBigint(slice(data, Math.min(96 + baseLen, 0x7fffffff), Math.min(expLen, 32)));
    let highestBit = expHead === 0n ? 0 : expHead.toString(2).length;
    if (highestBit > 0) highestBit -= 1;
    const adjusted = expLen <= 32 ? BigInt(highestBit) : 8n * BigInt(expLen - 32) + BigInt(highestBit);
    const energy = (multComplexity(BigInt(Math.max(baseLen, modLen))) * (adjusted > 1n ? adjusted : 1n)) / 20n;
    return longSafe(energy);
  },
  (data) => {
    const baseLen = intSafe(bytesToBigint(slice(data, 0, 32)));
    const expLen = intSafe(bytesToBigint(slice(data, 32, 32)));
    const modLen = intSafe(bytesToBigint(slice(data, 64, 32)));
    const base = bytesToBigint(slice(data, 96, baseLen));
    const exponent = bytesToBigint(slice(data, 96 + baseLen, expLen));
    const modulus = bytesToBigint(slice(data, 96 + baseLen + expLen, modLen));
    if (modulus === 0n) return { ok: true, output: EMPTY };
    let result = 1n;
    let b = base % modulus;
    let e = exponent;
    while (e > 0n) {
      if (e & 1n) result = (result * b) % modulus;
      b = (b * b) % modulus;
      e >>= 1n;
    }
    return { ok: true, output: bigintToBytes(result % modulus, modLen) };
  },
);

/** `extractBytesArray`: a dynamic `bytes[]` whose head sits at word `offset`. */
function bytesArray(all: bigint[], offset: number, data: Uint8Array): Uint8Array[] | undefined {
  if (offset > all.length - 1) return [];
  const length = intSafe(all[offset]!);
  const out: Uint8Array[] = [];
  for (let i = 0; i < length; i++) {
    const head = all[offset + i + 1];
    if (head === undefined) return undefined;
    const itemOffset = Math.floor(intSafe(head) / WORD);
    const itemLength = all[offset + itemOffset + 1];
    if (itemLength === undefined) return undefined;
    const start = (itemOffset + offset + 2) * WORD;
    const end = start + intSafe(itemLength);
    if (end > data.length) return undefined;
    out.push(data.subarray(start, end));
  }
  return out;
}

function signerOf(signature: Uint8Array, hash: Uint8Array): Uint8Array | undefined {
  if (signature.length < 65) return undefined;
  return recoverSigner(hash, signature.subarray(0, 32), signature.subarray(32, 64), signature[64]!);
}

function sameAddress(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 1; i <= 20; i++) if (a[a.length - i] !== b[b.length - i]) return false;
  return true;
}

/** 0x09: batchvalidatesign(hash, bytes[] signatures, address[] signers) → bitmap word; 1500 per signature. */
const batchValidateSign = precompile(
  (data) => ((BigInt(Math.trunc(data.length / WORD)) - 5n) / 6n) * 1500n,
  (data) => {
    const all = words(data);
    if (all.length < 3) return { ok: true, output: FALSE_WORD };
    const hash = word(all[0]!);
    const signatures = bytesArray(all, Math.floor(intSafe(all[1]!) / WORD), data);
    const addressOffset = Math.floor(intSafe(all[2]!) / WORD);
    if (signatures === undefined || addressOffset > all.length - 1) return { ok: true, output: FALSE_WORD };
    const count = intSafe(all[addressOffset]!);
    const addresses: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const entry = all[addressOffset + i + 1];
      if (entry === undefined) return { ok: true, output: FALSE_WORD };
      addresses.push(word(entry));
    }
    if (signatures.length === 0 || signatures.length > 16 || signatures.length !== addresses.length)
      return { ok: true, output: FALSE_WORD };
    const result = new Uint8Array(WORD);
    signatures.forEach((signature, i) => {
      const signer = signerOf(signature, hash);
      if (signer !== undefined && sameAddress(signer, addresses[i]!)) result[i] = 1;
    });
    return { ok: true, output: result };
  },
);

/**
 * 0x0a: validatemultisign(address, permissionId, data, bytes[] signatures) → 1 when the signers'
 * weights in that account permission reach its threshold; 1500 per signature, at most 5.
 */
const validateMultiSign = precompile(
  (data) => ((BigInt(Math.trunc(data.length / WORD)) - 5n) / 5n) * 1500n,
  (data, input) => {
    const all = words(data);
    if (all.length < 4) return { ok: true, output: FALSE_WORD };
    const owner = hexAddressOfWord(all[0]!);
    const permissionId = intSafe(all[1]!);
    const payload = concatBytes(hexToBytes21(owner), bigintToBytes(BigInt(permissionId), 4), word(all[2]!));
    const hash = sha256(payload);
    const signatures = bytesArray(all, Math.floor(intSafe(all[3]!) / WORD), data);
    if (signatures === undefined || signatures.length === 0 || signatures.length > 5)
      return { ok: true, output: FALSE_WORD };
    const world = tronOf(input).currentTx().world;
    if (world.getAccount(owner) === undefined) return { ok: true, output: FALSE_WORD };
    const permission = world.getPermission(owner, permissionId);
    if (permission === undefined) return { ok: true, output: FALSE_WORD };
    const seen = new Set<string>();
    let total = 0n;
    for (const signature of signatures) {
      const signer = signerOf(signature, hash);
      if (signer === undefined) return { ok: true, output: FALSE_WORD };
      const signerHex = toHex(signer);
      const key = `${signerHex}:${toHex(signature)}`;
      if (seen.has(key)) continue;
      if (seen.has(signerHex)) return { ok: false, output: FALSE_WORD };
      const weight = permission.keys.find((k) => k.address === signerHex)?.weight ?? 0n;
      if (weight === 0n) return { ok: true, output: FALSE_WORD };
      total += weight;
      seen.add(key);
      seen.add(signerHex);
    }
    return { ok: true, output: total >= permission.threshold ? word(1n) : FALSE_WORD };
  },
);

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function hexToBytes21(address: HexAddress): Uint8Array {
  const out = new Uint8Array(21);
  for (let i = 0; i < 21; i++) out[i] = parseInt(address.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const unsupported = precompile(
  () => 0n,
  () => ({ ok: false, output: EMPTY }),
);

/** The staking query precompiles answer from the node's staking hooks. */
function query(
  energy: bigint,
  wordsExpected: number,
  answer: (args: bigint[], evm: TronEvm) => Uint8Array,
  fallback: Uint8Array = FALSE_WORD,
): PrecompileFunction {
  return precompile(
    () => energy,
    (data, input) => {
      if (data.length !== wordsExpected * WORD) return { ok: true, output: fallback };
      return { ok: true, output: answer(words(data), tronOf(input)) };
    },
  );
}

function stakingPrecompiles(): [number, PrecompileFunction][] {
  const ctx = (evm: TronEvm) => evm.currentTx().stakingContext;
  const q = (evm: TronEvm) => evm.currentTx().staking.queries;
  const long = (value: bigint) => word(BigInt.asUintN(64, value));
  return [
    [0x0100000b, query(50n, 1, ([code], evm) => long(q(evm).chainParameter(ctx(evm), longSafe(code!))))],
    [0x0100000c, query(50n, 1, ([a], evm) => long(q(evm).availableUnfreezeV2Size(ctx(evm), hexAddressOfWord(a!))))],
    [
      0x0100000d,
      query(50n, 2, ([a, t], evm) => long(q(evm).unfreezableBalanceV2(ctx(evm), hexAddressOfWord(a!), longSafe(t!)))),
    ],
    [
      0x0100000e,
      query(50n, 2, ([a, t], evm) => {
        const time = BigInt.asIntN(64, longSafe(t!));
        if (time < 0n) return FALSE_WORD;
        const ms = time >= 0x7fffffffffffffffn / 1000n ? 0x7fffffffffffffffn : time * 1000n;
        return long(q(evm).expireUnfreezeBalanceV2(ctx(evm), hexAddressOfWord(a!), ms));
      }),
    ],
    [
      0x0100000f,
      query(50n, 2, ([a, t], evm) => long(q(evm).delegatableResource(ctx(evm), hexAddressOfWord(a!), longSafe(t!)))),
    ],
    [
      0x01000010,
      query(50n, 3, ([target, from, t], evm) => {
        const targetHex = hexAddressOfWord(target!);
        const fromHex = hexAddressOfWord(from!);
        const type = longSafe(t!);
        return long(
          targetHex === fromHex
            ? q(evm).unfreezableBalanceV2(ctx(evm), fromHex, type)
            : q(evm).resourceV2(ctx(evm), targetHex, fromHex, type),
        );
      }),
    ],
    [
      0x01000011,
      query(
        50n,
        3,
        ([target, amount, t], evm) => {
          const values = q(evm).checkUnDelegateResource(
            ctx(evm),
            hexAddressOfWord(target!),
            longSafe(amount!),
            longSafe(t!),
          );
          return values === undefined
            ? new Uint8Array(96)
            : concatBytes(long(values[0]), long(values[1]), long(values[2]));
        },
        new Uint8Array(96),
      ),
    ],
    [
      0x01000012,
      query(
        50n,
        2,
        ([a, t], evm) => {
          const values = q(evm).resourceUsage(ctx(evm), hexAddressOfWord(a!), longSafe(t!));
          return values === undefined ? new Uint8Array(64) : concatBytes(long(values[0]), long(values[1]));
        },
        new Uint8Array(64),
      ),
    ],
    [
      0x01000013,
      query(50n, 2, ([a, t], evm) => long(q(evm).totalResource(ctx(evm), hexAddressOfWord(a!), longSafe(t!)))),
    ],
    [
      0x01000014,
      query(50n, 2, ([a, t], evm) => long(q(evm).totalDelegatedResource(ctx(evm), hexAddressOfWord(a!), longSafe(t!)))),
    ],
    [
      0x01000015,
      query(50n, 2, ([a, t], evm) => long(q(evm).totalAcquiredResource(ctx(evm), hexAddressOfWord(a!), longSafe(t!)))),
    ],
  ];
}

function votePrecompiles(): [number, PrecompileFunction][] {
  const ctx = (evm: TronEvm) => evm.currentTx().stakingContext;
  const q = (evm: TronEvm) => evm.currentTx().staking.queries;
  const long = (value: bigint) => word(BigInt.asUintN(64, value));
  return [
    [
      0x01000005,
      precompile(
        () => 500n,
        (_data, input) => {
          const evm = tronOf(input);
          return { ok: true, output: long(q(evm).rewardBalance(ctx(evm), currentFrame(evm.currentTx()).address)) };
        },
      ),
    ],
    [0x01000006, query(20n, 1, ([a], evm) => word(q(evm).isWitness(ctx(evm), hexAddressOfWord(a!)) ? 1n : 0n))],
    [
      0x01000007,
      query(500n, 2, ([voter, witness], evm) =>
        long(q(evm).voteCount(ctx(evm), hexAddressOfWord(voter!), hexAddressOfWord(witness!))),
      ),
    ],
    [0x01000008, query(20n, 1, ([a], evm) => long(q(evm).usedVoteCount(ctx(evm), hexAddressOfWord(a!))))],
    [0x01000009, query(20n, 1, ([a], evm) => long(q(evm).receivedVoteCount(ctx(evm), hexAddressOfWord(a!))))],
    [0x0100000a, query(20n, 1, ([a], evm) => long(q(evm).totalVoteCount(ctx(evm), hexAddressOfWord(a!))))],
  ];
}

function addressOf(value: number): string {
  return value.toString(16).padStart(40, '0');
}

/**
 * The custom-precompile list for @ethereumjs/evm: overrides 0x01/0x03/0x05/0x09/0x0a, keeps its
 * 0x02, 0x04 and the Istanbul-priced bn254 0x06–0x08, moves real RIPEMD-160 and blake2f to
 * 0x020003/0x020009, and adds the TRON query precompiles gated like java-tron.
 */
export function tvmPrecompiles(common: Common, flags: VmFlags, allowShieldedTrc20: boolean): CustomPrecompile[] {
  const stock = getActivePrecompiles(common);
  const list: [number, PrecompileFunction][] = [
    [0x01, ecrecover],
    [0x03, tronRipemd],
    [0x05, modexp],
  ];
  if (flags.allowTvmSolidity059) list.push([0x09, batchValidateSign], [0x0a, validateMultiSign]);
  if (allowShieldedTrc20)
    for (const address of [0x01000001, 0x01000002, 0x01000003, 0x01000004]) list.push([address, unsupported]);
  if (flags.allowTvmVote) list.push(...votePrecompiles());
  if (flags.allowTvmCompatibleEvm) {
    const ripemd = stock.get(addressOf(0x03));
    const blake2f = stock.get(addressOf(0x09));
    if (ripemd !== undefined) list.push([0x020003, ripemd]);
    if (blake2f !== undefined) list.push([0x020009, blake2f]);
  }
  if (flags.allowTvmFreezeV2) list.push(...stakingPrecompiles());
  const precompiles: CustomPrecompile[] = list.map(([address, fn]): AddPrecompile => ({
    address: addressFromNumber(address),
    function: fn,
  }));
  if (!flags.allowTvmSolidity059) precompiles.push({ address: addressFromNumber(0x09) });
  return precompiles;
}

function addressFromNumber(value: number): Address {
  return new Address(bigintToBytes(BigInt(value), 20));
}
