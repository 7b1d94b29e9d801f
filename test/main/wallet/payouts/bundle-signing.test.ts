import { describe, expect, it } from 'vitest';
import { bundleFingerprint, bundleProgress, type EnvelopeBundle } from '../../../../src-core/envelope';
import { payoutsEvents } from '../../../../src-core/ipc/channels/payouts';
import type { Permission } from '../../../../src-core/permission/model';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import type { BundleConsentInput } from '../../../../src-main/wallet/consent/bundle-consent';
import { ConsentedBundleSigning } from '../../../../src-main/wallet/consent/consented-bundle-signing';
import { LedgerSigner } from '../../../../src-main/wallet/ledger/ledger-signer';
import { signBundle } from '../../../../src-main/wallet/payouts/bundle-signing';
import { K } from '../../../fixtures/permissions';
import { ledgerAccount, softwareTransports } from '../ledger/software-transports';
import { proposedBundle } from './helpers';

const LIVE_1 = "44'/195'/1'/0/0";

/** A Ledger key beside K2 in a 2-of-2 active permission, and a vault stub that records each approval. */
function setup(options: { emit?: (event: string, payload: unknown) => void } = {}) {
  const { ledger, transports } = softwareTransports();
  const account = ledgerAccount(ledger, LIVE_1);
  const permission: Permission = {
    type: 'Active',
    id: 2,
    name: 'payroll',
    threshold: 2n,
    parentId: 0,
    keys: [
      { address: account.addressHex as never, weight: 1n },
      { address: K.K2.hex as never, weight: 1n },
    ],
  };
  const approvals: Omit<BundleConsentInput, 'policy'>[] = [];
  const vault = {
    listAccounts: () => [account],
    signBundle: async () => {
      throw new Error('a Ledger account is never signed by the vault');
    },
    approveBundle: async (input: Omit<BundleConsentInput, 'policy'>) => {
      approvals.push(input);
    },
  };
  const signing = new ConsentedBundleSigning({
    vault,
    ledger: new LedgerSigner(transports),
    wording: async () => ({ names: new Names([], null), tokens: new Map() }),
    ...(options.emit ? { emit: options.emit as never } : {}),
  });
  return { ledger, account, permission, approvals, vault, signing };
}

describe('a bundle signed by a Ledger, row by row', () => {
  it('asks once on main’s window, then signs each row on the device with a progress count', async () => {
    const { ledger, account, permission, approvals, vault, signing } = setup();
    const bundle = proposedBundle(4, permission);
    const progress: string[] = [];
    const result = await signBundle(vault, signing, {
      bundle,
      permission,
      accountId: account.id,
      onProgress: (p) => progress.push(`${p.signed}/${p.total}`),
    });
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.device?.confirm).toMatch(/^Confirm each of the 4 transactions on the Ledger/);
    expect(progress).toEqual(['0/4', '1/4', '2/4', '3/4', '4/4']);
    expect(ledger.screens.filter((s) => s.kind === 'transaction')).toHaveLength(4);
    expect(result).toMatchObject({ signed: 4, stopped: null });
    expect(bundleProgress(result.bundle, { permission }).rows.map((r) => r.currentWeight)).toEqual([1n, 1n, 1n, 1n]);
  });

  it('sends the count to the page as payouts:signing, by bundle id, up to where the device stopped', async () => {
    const events: { event: string; payload: unknown }[] = [];
    const { ledger, account, permission, vault, signing } = setup({
      emit: (event, payload) => events.push({ event, payload }),
    });
    const bundle = proposedBundle(3, permission);
    const id = bundleFingerprint(bundle).digest;
    const first = await signBundle(vault, signing, {
      bundle,
      permission,
      accountId: account.id,
      onProgress: (p) => {
        if (p.signed === 1) ledger.setBehaviour({ answer: 'decline' });
      },
    });
    expect(first.stopped?.row).toBe(1);
    ledger.setBehaviour({ answer: 'approve' });
    await signBundle(vault, signing, { bundle: first.bundle, permission, accountId: account.id });
    expect(events.every((e) => e.event === 'payouts:signing')).toBe(true);
    // The second pass counts only the two rows this Ledger had not signed; the id stays the bundle's.
    expect(events.map((e) => e.payload)).toEqual([
      { id, signed: 0, total: 3 },
      { id, signed: 1, total: 3 },
      { id, signed: 0, total: 2 },
      { id, signed: 1, total: 2 },
      { id, signed: 2, total: 2 },
    ]);
    for (const { payload } of events) expect(payoutsEvents['payouts:signing'].payload.parse(payload)).toEqual(payload);
  });

  it('keeps the rows signed before the person declined on the device, and signs only the rest next time', async () => {
    const { ledger, account, permission, vault, signing } = setup();
    const bundle: EnvelopeBundle = proposedBundle(4, permission);
    const first = await signBundle(vault, signing, {
      bundle,
      permission,
      accountId: account.id,
      onProgress: (p) => {
        if (p.signed === 2) ledger.setBehaviour({ answer: 'decline' });
      },
    });
    expect(first.signed).toBe(2);
    expect(first.stopped?.row).toBe(2);
    expect(first.bundle.rows.map((r) => r.transaction.signature?.length ?? 0)).toEqual([1, 1, 0, 0]);

    ledger.setBehaviour({ answer: 'approve' });
    const screens = ledger.screens.length;
    const second = await signBundle(vault, signing, { bundle: first.bundle, permission, accountId: account.id });
    expect(second).toMatchObject({ signed: 2, stopped: null });
    expect(ledger.screens.length - screens).toBe(2);
    expect(second.bundle.rows.map((r) => r.transaction.signature?.length)).toEqual([1, 1, 1, 1]);
  });

  it('refuses an account that holds no key of the permission before anyone is asked', async () => {
    const { account, approvals, vault, signing } = setup();
    const other: Permission = {
      type: 'Active',
      id: 2,
      name: 'other',
      threshold: 1n,
      parentId: 0,
      keys: [{ address: K.K2.hex as never, weight: 1n }],
    };
    await expect(
      signBundle(vault, signing, { bundle: proposedBundle(2, other), permission: other, accountId: account.id }),
    ).rejects.toMatchObject({ code: 'COSIGN_NOT_A_KEY' });
    expect(approvals).toHaveLength(0);
  });
});
