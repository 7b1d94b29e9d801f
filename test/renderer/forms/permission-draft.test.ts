import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  encodeOperations,
  validatePermissionUpdate,
  updateValueFromStructure,
} from '../../../src-core/permission';
import {
  currentPermissions,
  draftFromSnapshot,
  issuesByPath,
  keyAddresses,
  nameBytes,
  nameOf,
  newKeyDraft,
  readMask,
  structureInput,
  structureOf,
} from '../../../src-renderer/forms/permission-draft';
import { K, snapshotFixture } from '../../fixtures/permission-snapshot';

describe('permission draft', () => {
  it('starts from the structure on chain and sends it back unchanged', () => {
    const snapshot = snapshotFixture();
    const draft = draftFromSnapshot(snapshot);
    expect(draft.owner).toMatchObject({
      name: 'owner',
      threshold: '1',
      keys: [{ address: K.K1.base58, weight: '1' }],
      operations: '',
    });
    expect(draft.actives[0]!.operations).toBe(DEFAULT_ACTIVE_OPERATIONS);
    expect(structureInput(draft)).toEqual({
      owner: { name: 'owner', threshold: 1n, keys: [{ address: K.K1.base58, weight: 1n }] },
      actives: [
        {
          name: 'active',
          threshold: 1n,
          keys: [{ address: K.K1.base58, weight: 1n }],
          operations: DEFAULT_ACTIVE_OPERATIONS,
        },
      ],
    });
    expect(currentPermissions(snapshot).actives[0]).toMatchObject({
      id: 2,
      operations: DEFAULT_ACTIVE_OPERATIONS,
      keys: [{ address: K.K1.hex, weight: 1n }],
    });
  });

  it('keeps typed text for validation, which then names each field', () => {
    const draft = draftFromSnapshot(snapshotFixture());
    draft.owner.threshold = 'two';
    draft.owner.keys.push(newKeyDraft('T-not-an-address', '0'));
    const issues = validatePermissionUpdate(updateValueFromStructure(K.K1.base58, structureOf(draft)));
    const byPath = issuesByPath(issues);
    expect(byPath.get('owner.threshold')).toEqual([
      'The threshold of the owner permission must be a whole number that fits 64 bits.',
    ]);
    expect(byPath.get('owner.keys[1].address')).toEqual([
      'Key 2 of the owner permission is not a valid TRON address; enter a T… or 41… address.',
    ]);
    expect(byPath.get('owner.keys[1].weight')).toEqual([
      'Give key 2 of the owner permission a weight of at least 1, or remove the key.',
    ]);
  });

  it('counts name bytes in UTF-8, as the chain limits them', () => {
    expect(nameBytes('transfers')).toBe(9);
    expect(nameBytes('€'.repeat(11))).toBe(33);
    expect(nameBytes('')).toBe(0);
  });

  it('reads a pasted mask, with or without 0x, and flags bits that are no contract type', () => {
    expect(readMask(`0x${encodeOperations(['TransferContract'])}`)).toEqual({
      ok: true,
      hex: encodeOperations(['TransferContract']),
      unknownBits: [],
    });
    expect(readMask(`82${'00'.repeat(31)}`)).toMatchObject({ ok: true, unknownBits: [7] });
    expect(readMask('zz')).toEqual({ ok: false, message: 'Use hex digits only (0–9, a–f).' });
    expect(readMask('00ff')).toEqual({ ok: false, message: 'The mask must be exactly 64 hex characters; this has 4.' });
  });

  it('names known addresses and lists the distinct valid key addresses', () => {
    const snapshot = snapshotFixture();
    expect(nameOf(K.K3.hex, snapshot.directory)).toBe(`Carol (${K.K3.base58.slice(0, 6)}…${K.K3.base58.slice(-4)})`);
    expect(nameOf(K.K_ONE.base58, snapshot.directory)).toBe(K.K_ONE.base58);
    expect(nameOf('garbage', snapshot.directory)).toBe('garbage');
    const draft = draftFromSnapshot(snapshot);
    draft.owner.keys.push(newKeyDraft(K.K2.hex), newKeyDraft('half-typed'));
    expect(keyAddresses(draft)).toEqual([K.K1.base58, K.K2.base58]);
  });
});
