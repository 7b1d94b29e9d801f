import { describe, expect, it } from 'vitest';
import { BoundedCache } from '@main/node/state/cache';

describe('BoundedCache', () => {
  it('keeps its summed weight within the bound by evicting the oldest entries', () => {
    const cache = new BoundedCache<number>(100);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i, 30);
    expect(cache.weight).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(3);
    expect(['k7', 'k8', 'k9'].map((k) => cache.get(k))).toEqual([7, 8, 9]);
    expect(cache.has('k0')).toBe(false);
  });

  it('gives an entry read since it was stored a second chance', () => {
    const cache = new BoundedCache<string>(90);
    cache.set('a', 'A', 30);
    cache.set('b', 'B', 30);
    cache.set('c', 'C', 30);
    expect(cache.get('a')).toBe('A');
    cache.set('d', 'D', 30);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
  });

  it('answers a peek without giving the entry a second chance', () => {
    const cache = new BoundedCache<string>(90);
    cache.set('a', 'A', 30);
    cache.set('b', 'B', 30);
    cache.set('c', 'C', 30);
    expect([cache.peek('a'), cache.peek('z')]).toEqual(['A', undefined]);
    cache.set('d', 'D', 30);
    expect(cache.has('a')).toBe(false);
  });

  it('counts a replaced or deleted entry once', () => {
    const cache = new BoundedCache<string>(1000);
    cache.set('a', 'one', 10);
    cache.set('a', 'two', 25);
    expect([cache.get('a'), cache.weight, cache.size]).toEqual(['two', 25, 1]);
    cache.delete('a');
    expect([cache.get('a'), cache.weight, cache.size]).toEqual([undefined, 0, 0]);
  });

  it('evicts nothing while held, and catches up when released', () => {
    const cache = new BoundedCache<number>(50);
    cache.hold();
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, i, 20);
    expect(cache.size).toBe(5);
    cache.release();
    expect(cache.weight).toBeLessThanOrEqual(50);
    expect(cache.get('k4')).toBe(4);
  });

  it('keeps a single entry larger than the bound rather than nothing', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('big', 'x', 500);
    expect(cache.get('big')).toBe('x');
  });

  it('refuses a bound with no room', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});
