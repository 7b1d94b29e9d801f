import { describe, expect, it } from 'vitest';
import type { Hex, HexAddress } from '@core/brand';
import { toBase58Address } from '@core/address/address';
import type { AccountPermissions } from '@core/permission/model';
import * as b from '@core/tx/builders';
import { unexpectedSigner } from '@main/watchtower/rules/unexpected-signer';
import { defaultRules } from '@main/watchtower/watch-list';
import { signedTx, testKey } from '../fake-chain';
import { context, facts } from './rule-context';

const treasury = testKey();
const cosigner = testKey();
const stranger = testKey();
const mallory = testKey();
const other = testKey();
const baseline = { permissionIds: [0, 2], signers: [treasury.hex, cosigner.hex] };
const transfer = b.transferContract({ owner: treasury.hex, to: other.hex, amount: 1n });
const key = (k: { hex: HexAddress }) => ({ address: k.hex, weight: 1n });
// On chain the owner permission now also holds a key (stranger) that was not there when watching began.
const permissions: AccountPermissions = {
  address: treasury.hex,
  owner: {
    type: 'Owner',
    id: 0,
    name: 'owner',
    threshold: 1n,
    parentId: 0,
    keys: [key(treasury), key(cosigner), key(stranger)],
  },
  actives: [
    {
      type: 'Active',
      id: 2,
      name: 'active',
      threshold: 2n,
      parentId: 0,
      operations: '7f'.padEnd(64, '0') as Hex,
      keys: [key(treasury), key(cosigner)],
    },
  ],
};
const watched = (options: Parameters<typeof context>[1] = {}) =>
  context(treasury.hex, { baseline, permissions, ...options });

describe('signed outside the expected', () => {
  it('says nothing for the expected signers under an expected permission id', () => {
    const tx = signedTx(transfer, [treasury, cosigner], { permissionId: 2 });
    expect(unexpectedSigner(facts(tx), watched())).toEqual([]);
  });

  it('expects a key the chain added after watching began: the signers follow the permissions on chain', () => {
    const tx = signedTx(transfer, [treasury, stranger]);
    expect(unexpectedSigner(facts(tx), watched())).toEqual([]);
  });

  it('names a signer recovered from the signatures that is no key of the account on chain, and what it moved', () => {
    const tx = signedTx(transfer, [treasury, mallory], { permissionId: 2 });
    const [alert] = unexpectedSigner(facts(tx), watched({ names: new Map([[other.hex, 'Acme']]) }));
    expect(alert).toMatchObject({
      rule: 'unexpected-signer',
      txid: tx.txID,
      details: { signers: [treasury.hex, mallory.hex], unexpectedSigners: [mallory.hex], permissionId: 2 },
    });
    expect(alert!.title).toBe(
      `Treasury moved 0.000001 TRX to Acme, signed by ${toBase58Address(mallory.hex)}, not a key of Treasury’s permissions on chain.`,
    );
  });

  it('reports a permission id the account does not have even with expected signers', () => {
    const tx = signedTx(transfer, [treasury], { permissionId: 3 });
    const [alert] = unexpectedSigner(facts(tx), watched());
    expect(alert!.title).toContain('under permission id 3, not one of Treasury’s (0, 2)');
    expect(alert!.details).toMatchObject({ unexpectedSigners: [] });
  });

  it('adds the signers and ids a person listed to the chain’s', () => {
    const rules = defaultRules();
    const ctx = watched({
      rules: { unexpectedSigner: { ...rules.unexpectedSigner, permissionIds: [3], signers: [mallory.hex] } },
    });
    expect(unexpectedSigner(facts(signedTx(transfer, [mallory], { permissionId: 3 })), ctx)).toEqual([]);
  });

  it("with the chain off, uses the rule's own lists, or else what the account had when watching began", () => {
    const rules = defaultRules();
    const listed = watched({
      rules: {
        unexpectedSigner: { ...rules.unexpectedSigner, fromChain: false, permissionIds: [2], signers: [cosigner.hex] },
      },
    });
    const byTreasury = signedTx(transfer, [treasury], { permissionId: 2 });
    expect(unexpectedSigner(facts(byTreasury), listed)[0]!.details).toMatchObject({
      unexpectedSigners: [treasury.hex],
    });
    expect(unexpectedSigner(facts(signedTx(transfer, [cosigner], { permissionId: 2 })), listed)).toEqual([]);
    const fixed = watched({ rules: { unexpectedSigner: { ...rules.unexpectedSigner, fromChain: false } } });
    const [alert] = unexpectedSigner(facts(signedTx(transfer, [treasury, stranger])), fixed);
    expect(alert!.details).toMatchObject({ unexpectedSigners: [stranger.hex], expectedFromChain: false });
  });

  it('counts a signature no key can be recovered from, under any permission', () => {
    for (const permissionId of [0, 2]) {
      const tx = signedTx(transfer, [treasury], { permissionId });
      const broken = { ...tx, signature: [tx.signature![0]!.slice(0, 128) + '99'] };
      expect(unexpectedSigner(facts(broken), watched())[0]!.details).toMatchObject({ unreadableSignatures: 1 });
    }
  });

  it('only looks at transactions of the watched account', () => {
    const theirs = signedTx(b.transferContract({ owner: other.hex, to: treasury.hex, amount: 1n }), [stranger]);
    expect(unexpectedSigner(facts(theirs), watched())).toEqual([]);
  });
});
