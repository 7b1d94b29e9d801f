import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAIN_PARAMETERS } from '@core/chain/parameters';
import { energyPriceAt, priceHistoriesOf, withApprovedPrices } from '@main/node/governance/price-history';

const parameters = { ...DEFAULT_CHAIN_PARAMETERS, getEnergyFee: 210n, getTransactionFee: 1000n };
const props = { parameters, priceHistories: { energy: '0:100,1000:40,2000:210', bandwidth: '0:10' } };

describe('price history', () => {
  it('prices a time at the last entry strictly before it (Wallet.parseEnergyFee)', () => {
    expect([0, 1, 1000, 1001, 2000, 2001, 9_999_999].map((t) => energyPriceAt(props, t))).toEqual([
      210n, // nothing before time 0: the current price
      100n,
      100n,
      40n,
      40n,
      210n,
      210n,
    ]);
  });

  it('takes the current prices from time 0 for a store that kept no history', () => {
    expect(priceHistoriesOf({ parameters })).toEqual({ energy: '0:210', bandwidth: '0:1000', memo: '0:1000000' });
    expect(priceHistoriesOf(props).memo).toBe('0:1000000');
    expect(energyPriceAt({ parameters }, 5)).toBe(210n);
  });

  it('appends an approved MEMO_FEE (68) to the memo fee history, as ProposalService does', () => {
    const decided = withApprovedPrices(priceHistoriesOf(props), {
      expirationTime: 7000,
      parameters: [[68n, 2_000_000n]],
    });
    expect(decided).toEqual({ energy: '0:100,1000:40,2000:210', bandwidth: '0:10', memo: '0:1000000,7000:2000000' });
  });
});
