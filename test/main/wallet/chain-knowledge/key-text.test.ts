import { describe, expect, it } from 'vitest';
import { keyText } from '../../../../src-main/wallet/chain-knowledge/key-text';

describe('keyText', () => {
  it('says an offline signer waits for its envelope', () => {
    expect(
      keyText(
        3,
        { name: 'Cold', source: 'vault', accountId: null, custody: 'offline', custodyText: 'offline signer' },
        false,
      ),
    ).toBe('key 3 — offline signer, waiting for its envelope');
  });

  it('names a Ledger key by its path', () => {
    const ledger = {
      name: 'Desk',
      source: 'vault' as const,
      accountId: 'acc_00000000000000aa',
      custody: 'ledger' as const,
      custodyText: "Ledger (m/44'/195'/1'/0/0)",
    };
    expect(keyText(2, ledger, false)).toBe("key 2 — Ledger (m/44'/195'/1'/0/0)");
    expect(keyText(2, ledger, true)).toBe("key 2 — Ledger (m/44'/195'/1'/0/0), signed");
  });

  it('calls an address-book or unknown key a co-signer', () => {
    expect(keyText(1, { name: 'Carol', source: 'address-book', accountId: null }, false)).toBe(
      'key 1 — co-signer, waiting for its envelope',
    );
    expect(keyText(4, undefined, true)).toBe('key 4 — co-signer, signed');
  });
});
