import { toBase58Address } from '@core/address/address';
import { addressFromPrivateKey, privateKeyFromHex } from '@core/keys/keys';
import type { Permission } from '@core/permission/model';
import { definePolicy } from '@core/policy/canonical';
import type { PolicyDocument, PolicyDocumentInput } from '@core/policy/document';
import type { PolicyInput } from '@core/policy/input';

/** Fixed test keys: one digit repeated 64 times, never used anywhere real. */
export const keys = [1, 2, 3, 4, 5, 6, 7].map((n) => privateKeyFromHex(String(n).repeat(64)));
const addressOf = (index: number): string => toBase58Address(addressFromPrivateKey(keys[index]!));
export const [OWNER_A, OWNER_B, OWNER_C, OUTSIDER, ACCOUNT, PARTNER, STRANGER] = [0, 1, 2, 3, 4, 5, 6].map(addressOf);
/** The USDT contract on mainnet, a well-known valid address. */
export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export const TRX = 1_000_000n;
export const HOUR = 3_600_000;
/** Wednesday 2026-12-02 12:00 UTC. */
export const NOON_WEDNESDAY = Date.UTC(2026, 11, 2, 12, 0);

export const ownerPermission: Permission = {
  type: 'Owner',
  id: 0,
  name: 'owner',
  threshold: 2n,
  parentId: 0,
  keys: [0, 1, 2].map((index) => ({ address: addressFromPrivateKey(keys[index]!), weight: 1n })),
};

export function policyWith(overrides: Partial<PolicyDocumentInput['permissions'][number]> = {}): PolicyDocument {
  return definePolicy({
    format: 'tron-treasury-policy/1',
    version: 3,
    account: ACCOUNT,
    permissions: [
      {
        permissionId: 2,
        assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6 }],
        unlistedAssets: 'allow',
        tiers: [],
        ...overrides,
      },
    ],
  });
}

export function paymentOf(amount: bigint, overrides: Partial<PolicyInput> = {}): PolicyInput {
  return {
    owner: ACCOUNT,
    permissionId: 2,
    permissionName: 'payments',
    contractType: 'TransferContract',
    transfer: { asset: 'TRX', amount, recipient: PARTNER },
    balanceChanges: [],
    approvedSigners: [],
    signer: OWNER_A,
    time: NOON_WEDNESDAY,
    addressBook: [],
    history: [],
    ...overrides,
  };
}
