import { describe, expect, it } from 'vitest';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { Names } from '@main/wallet/chain-knowledge/names';
import { amountText, headline, type TokenFacts } from '@main/wallet/chain-knowledge/describe';
import { statedFactsOf, withStatedTokens } from '@main/wallet/chain-knowledge/stated-facts';
import type { AddressBook } from '@main/wallet/stores/address-book';
import { K } from '../../../fixtures/permissions';
import { proposal } from '../../../core/envelope/helpers';

const TOKEN = '41' + 'cd'.repeat(20);
const line = { role: 'send', asset: 'TRC20', contract: TOKEN, amount: '250000000000', to: K.K3.hex } as const;
const vault = (label: string, address: string): VaultAccount => ({
  id: 'acc_0000000000000001',
  kind: 'privateKey',
  label,
  address,
  addressHex: '',
  canSign: true,
  createdAt: 0,
});
const book = (entries: [string, string][]) =>
  ({ list: () => entries.map(([name, address]) => ({ name, address })) }) as unknown as AddressBook;

describe("the proposer's stated facts", () => {
  it('states the names this wallet knows for the owner, receiver and keys, and leaves out what a reader would refuse', () => {
    const names = new Names(
      [vault('Treasury', K.K1.base58)],
      book([
        ['Carol', K.K3.base58],
        ['=cmd|calc', K.K2.base58],
      ]),
    );
    const stated = statedFactsOf(proposal(), names, new Map());
    expect(stated).toEqual({
      names: [
        { address: K.K1.hex, name: 'Treasury' },
        { address: K.K3.hex, name: 'Carol' },
      ],
    });
    expect(statedFactsOf(proposal(), new Names([], null), new Map())).toBeUndefined();
  });

  it('never passes on a token fact or a name that was itself only stated', () => {
    const tokens: TokenFacts = new Map([[TOKEN, { symbol: 'TT', decimals: 6, stated: true }]]);
    const names = new Names([], null).withStated([{ address: K.K1.hex, name: 'Someone said' }]);
    expect(statedFactsOf(proposal(), names, tokens)).toBeUndefined();
  });

  it('fills an unknown token from the statement and marks it', () => {
    const tokens = withStatedTokens(new Map(), {
      tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'TT', decimals: 6 }],
    });
    expect(amountText(line, tokens)).toBe('250,000 TT (stated by the proposer)');
    expect(amountText(line, new Map())).toContain('250000000000 base units (unknown decimals)');
  });

  it("shows this wallet's own token facts when the proposer stated others, and says so", () => {
    const own: TokenFacts = new Map([[TOKEN, { symbol: 'TT', decimals: 8 }]]);
    const tokens = withStatedTokens(own, { tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'TT', decimals: 6 }] });
    expect(amountText(line, tokens)).toBe('2,500 TT (the proposer stated TT with 6 decimals)');
    const same = withStatedTokens(own, { tokens: [{ asset: 'TRC20', contract: TOKEN, symbol: 'TT', decimals: 8 }] });
    expect(amountText(line, same)).toBe('2,500 TT');
  });

  it("names an address by this wallet's own name first, and by the proposer's only with the mark", () => {
    const names = new Names([vault('Bob', K.K2.base58)], null).withStated([
      { address: K.K2.hex, name: 'Robert' },
      { address: K.K3.hex, name: 'Carol' },
    ]);
    expect(names.label(K.K2.hex)).toBe(`Bob (the proposer stated “Robert”) (${K.K2.base58})`);
    expect(names.label(K.K3.hex)).toBe(`Carol (stated by the proposer) (${K.K3.base58})`);
    expect(names.get(K.K3.hex)).toBeUndefined();
    expect(headline(proposal().summary, names, new Map())).toBe('Send 2.5 TRX to Carol (stated by the proposer)');
  });
});
