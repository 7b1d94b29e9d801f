import { describe, expect, it } from 'vitest';
import type { Hex, HexAddress } from '@core/brand';
import type { AccountPermissions } from '@core/permission/model';
import * as b from '@core/tx/builders';
import { unexpectedSigner } from '@main/watchtower/rules/unexpected-signer';
import { defaultRules } from '@main/watchtower/watch-list';
import { signedTx, testKey } from '../fake-chain';
import { context, facts } from './rule-context';

const treasury = testKey();
const cosigner = testKey();
const stranger = testKey();
const other = testKey();
const baseline = { permissionIds: [0, 2], signers: [treasury.hex, cosigner.hex] };
const transfer = b.transferContract({ owner: treasury.hex, to: other.hex, amount: 1n });
const key = (k: { hex: HexAddress }) => ({ address: k.hex, weight: 1n });
// The owner permission now also holds a key that was not there when watching began.
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

  it('names a signer recovered from the signatures that is not on the list', () => {
    const tx = signedTx(transfer, [treasury, stranger]);
    const [alert] = unexpectedSigner(facts(tx), watched());
    expect(alert).toMatchObject({
      rule: 'unexpected-signer',
      txid: tx.txID,
      details: { signers: [treasury.hex, stranger.hex], unexpectedSigners: [stranger.hex], permissionId: 0 },
    });
  });

  it('reports a permission id outside the allowlist even with expected signers', () => {
    const tx = signedTx(transfer, [treasury], { permissionId: 3 });
    const [alert] = unexpectedSigner(facts(tx), watched());
    expect(alert!.title).toContain('permission id 3 is not one of 0, 2');
    expect(alert!.details).toMatchObject({ unexpectedSigners: [] });
  });

  it("uses the rule's own lists instead of the baseline when given", () => {
    const rules = defaultRules();
    const ctx = watched({
      rules: { unexpectedSigner: { ...rules.unexpectedSigner, permissionIds: [2], signers: [cosigner.hex] } },
    });
    const byTreasury = signedTx(transfer, [treasury], { permissionId: 2 });
    expect(unexpectedSigner(facts(byTreasury), ctx)[0]!.details).toMatchObject({ unexpectedSigners: [treasury.hex] });
    expect(unexpectedSigner(facts(signedTx(transfer, [cosigner], { permissionId: 2 })), ctx)).toEqual([]);
  });

  it('counts a signature no key can be recovered from', () => {
    const tx = signedTx(transfer, [treasury]);
    const broken = { ...tx, signature: [tx.signature![0]!.slice(0, 128) + '99'] };
    expect(unexpectedSigner(facts(broken), watched())[0]!.details).toMatchObject({
      unreadableSignatures: 1,
    });
  });

  it('trusts the chain when every key of the signing permission is allowed: nobody else can have signed', () => {
    // Under the active permission (treasury and cosigner, both allowed) the chain refuses any other
    // signer, so the rule does not recover signers there; a broken signature shows it did not look.
    const tx = signedTx(transfer, [treasury], { permissionId: 2 });
    const broken = { ...tx, signature: [tx.signature![0]!.slice(0, 128) + '99'] };
    expect(unexpectedSigner(facts(broken), watched())).toEqual([]);
  });

  it('only looks at transactions of the watched account', () => {
    const theirs = signedTx(b.transferContract({ owner: other.hex, to: treasury.hex, amount: 1n }), [stranger]);
    expect(unexpectedSigner(facts(theirs), watched())).toEqual([]);
  });
});
