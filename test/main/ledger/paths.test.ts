import { describe, expect, it } from 'vitest';
import { LedgerError, LedgerErrorCode } from '@core/errors';
import { expectWalletError } from '../../fixtures/expect-error';
import {
  HARDENED_OFFSET,
  LedgerPathScheme,
  ledgerLivePath,
  ledgerPathFor,
  ledgerPathFromIndices,
  ledgerPathIndices,
  legacyPath,
  parseLedgerPath,
} from '@main/ledger/paths';

describe('Ledger derivation paths', () => {
  it('puts Ledger Live accounts on the hardened account level and legacy indices last', () => {
    expect(ledgerLivePath(0)).toBe("44'/195'/0'/0/0");
    expect(ledgerLivePath(7)).toBe("44'/195'/7'/0/0");
    expect(legacyPath(7)).toBe("44'/195'/0'/0/7");
    expect(ledgerPathFor(LedgerPathScheme.ledgerLive, 3)).toBe(ledgerLivePath(3));
    expect(ledgerPathFor(LedgerPathScheme.legacy, 3)).toBe(legacyPath(3));
  });

  it('turns a path into the numbers the device reads, hardened levels with 2^31 added', () => {
    expect(ledgerPathIndices("44'/195'/1'/0/2")).toEqual([
      44 + HARDENED_OFFSET,
      195 + HARDENED_OFFSET,
      1 + HARDENED_OFFSET,
      0,
      2,
    ]);
    expect(
      ledgerPathFromIndices([44 + HARDENED_OFFSET, 195 + HARDENED_OFFSET, 0x7fffffff + HARDENED_OFFSET, 0, 0]),
    ).toBe("44'/195'/2147483647'/0/0");
  });

  it('accepts m/ and h or H as the hardened mark, and writes the canonical form', () => {
    expect(parseLedgerPath("m/44h/195H/0'/0/5")).toBe("44'/195'/0'/0/5");
  });

  it('refuses levels hw-app-trx would silently skip, indices out of range and paths too deep', () => {
    for (const bad of [
      "44'/195'/x/0/0",
      "44'/195'//0/0",
      '',
      "44'/195'/0'/0/2147483648",
      '1/2/3/4/5/6/7/8/9/10/11',
      "44''/195'",
    ]) {
      expectWalletError(() => parseLedgerPath(bad), LedgerError, LedgerErrorCode.INVALID_REQUEST);
    }
    expectWalletError(() => legacyPath(-1), LedgerError, LedgerErrorCode.INVALID_REQUEST);
    expectWalletError(() => ledgerLivePath(1.5), LedgerError, LedgerErrorCode.INVALID_REQUEST);
    expectWalletError(() => ledgerPathFromIndices([]), LedgerError, LedgerErrorCode.INVALID_REQUEST);
    expectWalletError(() => ledgerPathFor('other' as never, 0), LedgerError, LedgerErrorCode.INVALID_REQUEST);
  });
});
