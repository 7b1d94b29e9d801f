import { describe, expect, it } from 'vitest';
import { chosenToken, NO_TOKEN_CHOSEN, watchedTokenChoices } from '@renderer/forms/token-picker';

const USDT = { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', name: 'Tether USD', symbol: 'USDT', decimals: 6 };
const TT = { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', name: 'Treasury token', symbol: 'TT', decimals: 18 };
const TT2 = { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', name: 'Another TT', symbol: 'TT', decimals: 6 };

describe('watchedTokenChoices', () => {
  it('lists the watched tokens by symbol, then name, each with its contract', () => {
    expect(watchedTokenChoices([USDT, TT, TT2])).toEqual([
      { value: '', label: NO_TOKEN_CHOSEN },
      { value: TT2.address, label: `TT · Another TT · ${TT2.address}` },
      { value: TT.address, label: `TT · Treasury token · ${TT.address}` },
      { value: USDT.address, label: `USDT · Tether USD · ${USDT.address}` },
    ]);
  });

  it('offers only the empty choice when nothing is watched', () => {
    expect(watchedTokenChoices([])).toEqual([{ value: '', label: NO_TOKEN_CHOSEN }]);
  });

  it('names a token whose contract has no name', () => {
    expect(watchedTokenChoices([{ ...TT, name: '' }])[1]!.label).toBe(`TT · unnamed · ${TT.address}`);
  });
});

describe('chosenToken', () => {
  it('is the watched token the contract field holds, spaces aside', () => {
    expect(chosenToken([USDT, TT], ` ${TT.address} `)).toBe(TT.address);
  });

  it('is none for a contract not watched or partly typed', () => {
    expect(chosenToken([USDT], TT.address)).toBe('');
    expect(chosenToken([USDT], USDT.address.slice(0, 10))).toBe('');
  });
});
