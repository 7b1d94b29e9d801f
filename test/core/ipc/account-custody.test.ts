import { describe, expect, it } from 'vitest';
import { custodyOf, custodyText, ownsKey, signsHere } from '../../../src-core/ipc/account-custody';

describe('account custody', () => {
  it('reads a record without custody as the vault key when it holds one, else as watch-only', () => {
    expect(custodyOf({ kind: 'mnemonic', canSign: true })).toBe('vault');
    expect(custodyOf({ kind: 'privateKey', canSign: true })).toBe('vault');
    expect(custodyOf({ kind: 'watch', canSign: false })).toBe('watch');
  });

  it('signs here with vault keys and Ledger accounts, not with offline or watched ones', () => {
    expect(signsHere({ kind: 'mnemonic', canSign: true, custody: 'vault' })).toBe(true);
    expect(signsHere({ kind: 'watch', canSign: false, custody: 'ledger' })).toBe(true);
    expect(signsHere({ kind: 'watch', canSign: false, custody: 'offline' })).toBe(false);
    expect(signsHere({ kind: 'watch', canSign: false })).toBe(false);
  });

  it("counts vault, Ledger and offline keys as the person's own, not watched addresses", () => {
    expect(ownsKey({ kind: 'watch', canSign: false, custody: 'offline' })).toBe(true);
    expect(ownsKey({ kind: 'watch', canSign: false })).toBe(false);
  });

  it('words each kind', () => {
    expect(custodyText({ kind: 'mnemonic', canSign: true })).toBe('vault key');
    expect(
      custodyText({
        kind: 'watch',
        canSign: false,
        custody: 'ledger',
        ledger: { path: "44'/195'/1'/0/0", scheme: 'ledger-live' },
      }),
    ).toBe("Ledger (m/44'/195'/1'/0/0)");
    expect(custodyText({ kind: 'watch', canSign: false, custody: 'offline' })).toBe('offline signer');
    expect(custodyText({ kind: 'watch', canSign: false })).toBe('watch-only');
  });
});
