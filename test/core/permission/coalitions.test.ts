import { describe, expect, it } from 'vitest';
import { PermissionError } from '../../../src-core/errors';
import { toHexAddress } from '../../../src-core/address/address';
import { canReach, minimalKeySets, totalWeight, type Permission } from '../../../src-core/permission';
import { expectWalletError } from '../../fixtures/expect-error';
import { K } from '../../fixtures/permissions';

const A = K.K1.hex as never;
const B = K.K2.hex as never;
const C = K.K3.hex as never;
const D = K.K_ONE.hex as never;
const addr = (n: number) => toHexAddress(`41${n.toString(16).padStart(40, '0')}`);

function owner(threshold: bigint, keys: [string, bigint][]): Permission {
  return {
    type: 'Owner',
    id: 0,
    name: 'owner',
    threshold,
    parentId: 0,
    keys: keys.map(([address, weight]) => ({ address: address as never, weight })),
  };
}

describe('minimalKeySets', () => {
  it('finds the three pairs of a 2-of-3', () => {
    const sets = minimalKeySets(
      owner(2n, [
        [A, 1n],
        [B, 1n],
        [C, 1n],
      ]),
    );
    expect(sets.map((s) => s.addresses)).toEqual([
      [A, B],
      [A, C],
      [B, C],
    ]);
    expect(sets.every((s) => s.weight === 2n)).toBe(true);
  });

  it('finds {A,B} and {A,C} for threshold 3 with weights 2, 1, 1', () => {
    const sets = minimalKeySets(
      owner(3n, [
        [A, 2n],
        [B, 1n],
        [C, 1n],
      ]),
    );
    expect(sets.map((s) => s.addresses)).toEqual([
      [A, B],
      [A, C],
    ]);
  });

  it('keeps only minimal sets when weights differ a lot', () => {
    const sets = minimalKeySets(
      owner(5n, [
        [A, 5n],
        [B, 3n],
        [C, 2n],
        [D, 1n],
      ]),
    );
    expect(sets.map((s) => s.addresses)).toEqual([[A], [B, C]]);
  });

  it('returns nothing for an unreachable threshold', () => {
    const p = owner(4n, [
      [A, 1n],
      [B, 1n],
      [C, 1n],
    ]);
    expect(minimalKeySets(p)).toEqual([]);
    expect(totalWeight(p)).toBe(3n);
  });

  it('ignores zero weights and repeated addresses as java-tron does', () => {
    expect(
      minimalKeySets(
        owner(1n, [
          [A, 0n],
          [B, 1n],
          [B, 5n],
        ]),
      ).map((s) => s.addresses),
    ).toEqual([[B]]);
  });

  it('answers whether a set of addresses reaches the threshold', () => {
    const p = owner(3n, [
      [A, 2n],
      [B, 1n],
      [C, 1n],
    ]);
    expect(canReach(p, [B, C])).toBe(false);
    expect(canReach(p, [K.K1.hex.toUpperCase(), C])).toBe(true);
  });

  it('refuses to enumerate absurdly large permissions', () => {
    const keys = Array.from({ length: 17 }, (_, i) => [addr(i + 1), 1n] as [string, bigint]);
    expectWalletError(() => minimalKeySets(owner(2n, keys)), PermissionError, 'PERM_TOO_MANY_KEYS_TO_ANALYSE');
  });
});
