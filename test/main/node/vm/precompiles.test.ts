import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import { bigintToBytes, concatBytes } from '@core/bytes/bytes';
import { addressFromPrivateKey, privateKeyFromHex, signDigest } from '@core/keys/keys';
import { AccountType } from '@main/node/vm/index';
import {
  OWNER,
  TRX,
  addWitness,
  asm,
  bytesToHex,
  hexToBytes,
  install,
  nextTxId,
  setActivePermission,
  setup,
  wordAt,
  type Setup,
} from './helpers';

const KEY_1 = privateKeyFromHex('1111111111111111111111111111111111111111111111111111111111111111');
const KEY_2 = privateKeyFromHex('2222222222222222222222222222222222222222222222222222222222222222');
const SIGNER_1 = addressFromPrivateKey(KEY_1);
const SIGNER_2 = addressFromPrivateKey(KEY_2);

/** Copies call data to memory, STATICCALLs `precompile`, returns success ‖ output. */
function callerOf(precompile: number): string {
  return asm(
    'CALLDATASIZE',
    'PUSH0',
    'PUSH0',
    'CALLDATACOPY',
    'PUSH0',
    'PUSH0',
    'CALLDATASIZE',
    'PUSH0',
    precompile,
    'GAS',
    'STATICCALL',
    'PUSH0',
    'MSTORE',
    'RETURNDATASIZE',
    'PUSH0',
    32,
    'RETURNDATACOPY',
    'RETURNDATASIZE',
    32,
    'ADD',
    'PUSH0',
    'RETURN',
  );
}

let index = 0;
async function callPrecompile(
  s: Setup,
  precompile: number,
  input: Uint8Array,
): Promise<{ ok: boolean; output: Uint8Array; energy: bigint }> {
  index += 1;
  const address = `41${index.toString(16).padStart(40, 'e')}` as HexAddress;
  install(s.world, address, callerOf(precompile));
  const result = await s.vm.runTrigger({
    world: s.world,
    block: s.block,
    txId: nextTxId(),
    owner: OWNER,
    contractAddress: address,
    data: input,
    feeLimit: 100n * TRX,
  });
  expect(result.result).toBe('SUCCESS');
  return { ok: wordAt(result.returnData, 0) === 1n, output: result.returnData.subarray(32), energy: result.energyUsed };
}

const u256 = (value: bigint | number) => bigintToBytes(BigInt(value), 32);
const addressWord = (address: HexAddress) => concatBytes(new Uint8Array(12), hexToBytes(address.slice(2)));
const rightPad = (bytes: Uint8Array) => concatBytes(bytes, new Uint8Array((32 - (bytes.length % 32)) % 32));

/** ABI tail of a `bytes[]`: length, offsets relative to the first offset word, then each item. */
function bytesArray(items: Uint8Array[]): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let offset = items.length * 32;
  for (const item of items) {
    heads.push(u256(offset));
    const encoded = concatBytes(u256(item.length), rightPad(item));
    tails.push(encoded);
    offset += encoded.length;
  }
  return concatBytes(u256(items.length), ...heads, ...tails);
}

function sign(digest: Uint8Array, key: Uint8Array): Uint8Array {
  return signDigest(digest, key);
}

describe('TRON precompiles', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });

  it('0x01 ecrecover returns the signer as a 21-byte word (0x41 at byte 11)', async () => {
    const digest = sha256(new TextEncoder().encode('hello tron'));
    const signature = sign(digest, KEY_1);
    const input = concatBytes(digest, u256(signature[64]!), signature.subarray(0, 32), signature.subarray(32, 64));
    const { ok, output } = await callPrecompile(s, 0x01, input);
    expect(ok).toBe(true);
    expect(bytesToHex(output)).toBe(`0000000000000000000000${SIGNER_1}`);
    // a v other than 27/28 recovers nothing (empty output, call still succeeds)
    const bad = await callPrecompile(s, 0x01, concatBytes(digest, u256(29), signature.subarray(0, 64)));
    expect([bad.ok, bad.output.length]).toEqual([true, 0]);
  });

  it('0x03 is sha256(sha256(data)[0:20]) while 0x020003 is real RIPEMD-160', async () => {
    const data = new TextEncoder().encode('abc');
    expect(bytesToHex((await callPrecompile(s, 0x03, data)).output)).toBe(
      bytesToHex(sha256(sha256(data).subarray(0, 20))),
    );
    expect(bytesToHex((await callPrecompile(s, 0x020003, data)).output)).toBe(
      `000000000000000000000000${bytesToHex(ripemd160(data))}`,
    );
    expect(bytesToHex((await callPrecompile(s, 0x02, data)).output)).toBe(bytesToHex(sha256(data)));
  });

  it('0x05 modexp answers base^exp mod m in m’s length and nothing for a zero modulus', async () => {
    const input = concatBytes(u256(1), u256(1), u256(1), Uint8Array.of(3, 2, 5));
    expect(bytesToHex((await callPrecompile(s, 0x05, input)).output)).toBe('04');
    const zero = await callPrecompile(s, 0x05, concatBytes(u256(1), u256(1), u256(1), Uint8Array.of(3, 2, 0)));
    expect([zero.ok, zero.output.length]).toEqual([true, 0]);
  });

  it('0x09 batchvalidatesign marks which signatures match their addresses', async () => {
    const digest = sha256(new TextEncoder().encode('batch'));
    const signatures = [sign(digest, KEY_1), sign(digest, KEY_2)];
    const signaturesTail = bytesArray(signatures);
    const addresses = concatBytes(u256(2), addressWord(SIGNER_1), addressWord(SIGNER_1));
    const input = concatBytes(digest, u256(96), u256(96 + signaturesTail.length), signaturesTail, addresses);
    const { ok, output, energy } = await callPrecompile(s, 0x09, input);
    expect(ok).toBe(true);
    expect(bytesToHex(output)).toBe(`01${'00'.repeat(31)}`);
    // 1 500 per signature: (words − 5)/6 = 2 signatures
    expect(energy).toBeGreaterThan(3_000n);
  });

  it('0x0a validatemultisign checks signer weights against an account permission', async () => {
    const owner = `41${'0f'.repeat(20)}` as HexAddress;
    s.world.putAccount(owner, { type: AccountType.Normal, balance: 0n });
    setActivePermission(s, owner, 2, 2n, [
      { address: SIGNER_1, weight: 1n },
      { address: SIGNER_2, weight: 1n },
    ]);
    const data = u256(0xabcdef);
    const hash = sha256(concatBytes(hexToBytes(owner), bigintToBytes(2n, 4), data));
    const both = bytesArray([sign(hash, KEY_1), sign(hash, KEY_2)]);
    const input = (tail: Uint8Array) => concatBytes(addressWord(owner), u256(2), data, u256(128), tail);
    expect(wordAt((await callPrecompile(s, 0x0a, input(both))).output, 0)).toBe(1n);
    expect(wordAt((await callPrecompile(s, 0x0a, input(bytesArray([sign(hash, KEY_1)])))).output, 0)).toBe(0n);
    expect(
      wordAt((await callPrecompile(s, 0x0a, input(bytesArray([sign(hash, KEY_1), sign(hash, KEY_1)])))).output, 0),
    ).toBe(0n);
  });

  it('answers the vote and Stake 2.0 queries from the staking hooks', async () => {
    const witness = `41${'5f'.repeat(20)}` as HexAddress;
    addWitness(s, witness);
    expect(wordAt((await callPrecompile(s, 0x01000006, addressWord(witness))).output, 0)).toBe(1n);
    expect(wordAt((await callPrecompile(s, 0x01000006, addressWord(OWNER))).output, 0)).toBe(0n);
    const staker = `41${'3a'.repeat(20)}` as HexAddress;
    install(s.world, staker, asm(5n * TRX, 1, 'FREEZEBALANCEV2', 'STOP'), 10n * TRX);
    const frozen = await s.vm.runTrigger({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      contractAddress: staker,
      data: new Uint8Array(0),
      feeLimit: 10n * TRX,
    });
    expect(frozen.result).toBe('SUCCESS');
    const query = await callPrecompile(s, 0x0100000d, concatBytes(addressWord(staker), u256(1)));
    expect(wordAt(query.output, 0)).toBe(5n * TRX);
    expect(wordAt((await callPrecompile(s, 0x0100000b, u256(5))).output, 0)).toBe(14n);
  });
});
