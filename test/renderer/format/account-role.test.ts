import { describe, expect, it } from 'vitest';
import type { AccountView, PermissionView } from '../../../src-core/ipc/channels/accounts';
import { accountRole } from '../../../src-renderer/format/account-role';

const ALICE = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';
const BOB = 'TB7mhtkvfhsRBRhe5FuRa4tFXSEyGDe4eA';
const CAROL = 'TU76opY118ssbdHfD4J85YeCCay1WTaxJd';
const TREASURY = 'TNWtoufpsNepTJdNzbcimHrPEUSHLDCJE1';

function permission(type: PermissionView['type'], id: number, keys: string[]): PermissionView {
  return {
    type,
    id,
    name: type.toLowerCase(),
    threshold: 2n,
    operations: '',
    keys: keys.map((address) => ({ address, weight: 1n })),
  };
}

function watched(actives: PermissionView[]): AccountView {
  return {
    id: 'acc_0000000000000009',
    kind: 'watch',
    label: 'Treasury',
    address: TREASURY,
    addressHex: '41',
    canSign: false,
    createdAt: 0,
    chain: {
      exists: true,
      balanceSun: 0n,
      bandwidth: { freeUsed: 0, freeLimit: 0, used: 0, limit: 0 },
      energy: { used: 0, limit: 0 },
      owner: permission('Owner', 0, [TREASURY]),
      witness: null,
      actives,
    },
  } as AccountView;
}

describe('what this profile is to an account', () => {
  it('calls a watched account whose permission holds one of its keys a co-signer, with the count', () => {
    const account = watched([permission('Active', 2, [ALICE, BOB, CAROL])]);
    expect(accountRole(account, new Set([ALICE]))).toBe('Co-signer (1 of 3 keys)');
    expect(accountRole(account, new Set([ALICE, CAROL]))).toBe('Co-signer (2 of 3 keys)');
  });

  it('keeps "Watch-only" when none of its keys is in any permission, or the chain was not read', () => {
    expect(accountRole(watched([permission('Active', 2, [BOB, CAROL])]), new Set([ALICE]))).toBe('Watch-only');
    expect(accountRole({ ...watched([]), chain: null }, new Set([ALICE]))).toBe('Watch-only');
  });

  it('names the kind of key for an account the vault holds', () => {
    expect(accountRole({ ...watched([]), kind: 'privateKey', canSign: true }, new Set())).toBe('Private key');
  });
});

describe('accountRole for keys held elsewhere', () => {
  it('says a Ledger account is on the Ledger at its path, and an offline signer is offline', () => {
    const base = {
      id: 'acc_0000000000000009',
      kind: 'watch' as const,
      label: 'x',
      address: 'TX',
      addressHex: '41',
      canSign: false,
      createdAt: 0,
      chain: null,
    };
    expect(
      accountRole(
        { ...base, custody: 'ledger', ledger: { path: "44'/195'/1'/0/0", scheme: 'ledger-live' } },
        new Set(),
      ),
    ).toBe("Ledger (m/44'/195'/1'/0/0)");
    expect(accountRole({ ...base, custody: 'offline' }, new Set())).toBe('Offline signer');
  });
});
