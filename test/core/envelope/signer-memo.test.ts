import { describe, expect, it } from 'vitest';
import type { HexAddress } from '../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { SignerMemo } from '../../../src-core/envelope';
import { KeyError } from '../../../src-core/errors';
import { recoverAddress } from '../../../src-core/keys/keys';
import { K } from '../../fixtures/permissions';
import { sign } from './helpers';

const DIGEST_A = 'aa'.repeat(32);
const DIGEST_B = 'bb'.repeat(32);

/** A memo over the real recovery that records each recovery it asks for. */
function countingMemo() {
  const asked: string[] = [];
  const memo = new SignerMemo((digest, signature) => {
    asked.push(`${bytesToHex(digest)}:${bytesToHex(signature)}`);
    return recoverAddress(digest, signature);
  });
  return { memo, asked };
}

describe('signer memo', () => {
  it('recovers a signature once, however often its signer is asked for, and gives the recovered signer', () => {
    const { memo, asked } = countingMemo();
    const signature = hexToBytes(sign(DIGEST_A, K.K2.private_key));
    const answers = [1, 2, 3].map(() => memo.recover(hexToBytes(DIGEST_A), signature));
    expect(answers).toEqual([K.K2.hex, K.K2.hex, K.K2.hex]);
    expect(asked).toHaveLength(1);
  });

  it('recovers again for another digest or another signature, so an answer never serves other bytes', () => {
    const { memo, asked } = countingMemo();
    const byK2 = sign(DIGEST_A, K.K2.private_key);
    const byK3 = sign(DIGEST_A, K.K3.private_key);
    expect(memo.recover(hexToBytes(DIGEST_A), hexToBytes(byK2))).toBe(K.K2.hex);
    expect(memo.recover(hexToBytes(DIGEST_A), hexToBytes(byK3))).toBe(K.K3.hex);
    // K2's signature of A checked against B recovers someone else, never K2.
    expect(memo.recover(hexToBytes(DIGEST_B), hexToBytes(byK2))).not.toBe(K.K2.hex);
    expect(asked).toHaveLength(3);
  });

  it('remembers no refusal: a damaged signature is refused every time it is asked for', () => {
    let calls = 0;
    const memo = new SignerMemo((): HexAddress => {
      calls += 1;
      throw new KeyError('SIGNATURE_INVALID', 'not a signature');
    });
    const damaged = new Uint8Array(65);
    expect(() => memo.recover(hexToBytes(DIGEST_A), damaged)).toThrow(KeyError);
    expect(() => memo.recover(hexToBytes(DIGEST_A), damaged)).toThrow(KeyError);
    expect(calls).toBe(2);
  });
});
