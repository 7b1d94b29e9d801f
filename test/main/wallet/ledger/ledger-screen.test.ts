import { describe, expect, it } from 'vitest';
import type { EnvelopeSummary } from '../../../../src-core/envelope';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { ledgerScreenNote, settingWarning } from '../../../../src-main/wallet/ledger/ledger-screen';

const OWNER = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';
const TO = 'TVjsyZ7fYF3qLF6BQgPmTEZy1xrNNyVAAA';
const names = new Names([], null);
const TXID = 'ab'.repeat(32);

function summary(extra: Partial<EnvelopeSummary>): EnvelopeSummary {
  return {
    contractType: 'TransferContract',
    owner: OWNER,
    permissionId: 2,
    expiration: '0',
    amounts: [{ role: 'amount', asset: 'TRX', sun: '12500000' }] as unknown as EnvelopeSummary['amounts'],
    recipients: [TO],
    details: {},
    ...extra,
  };
}

describe('ledgerScreenNote', () => {
  it('tells the person what the device should show for a transfer under a permission', () => {
    const note = ledgerScreenNote(summary({}), TXID, names, new Map());
    expect(note.confirm).toBe(
      `Confirm on your Ledger; it should show TransferContract, 12.5 TRX, to ${TO}, from ${OWNER}, signed under permission 2. If it shows anything else, decline on the device.`,
    );
    expect(note.setting).toBeUndefined();
    expect(settingWarning(note)).toBeNull();
  });

  it('names "Transactions data" for a memo', () => {
    const note = ledgerScreenNote(summary({ memo: { hex: '6869', text: 'hi' } }), TXID, names, new Map());
    expect(note.setting).toBe('Transactions data');
    expect(note.confirm).toContain('a "Data present" warning for the memo');
    expect(settingWarning(note)).toBe(
      'This transaction carries a memo (extra data). Enable "Transactions data" in the Tron app\'s settings on the Ledger before you confirm, or the device will refuse it.',
    );
  });

  it('names "Custom contracts" for a call that is not a token transfer or approval', () => {
    const call = {
      selector: 'deadbeef',
      data: 'deadbeef',
      callValueSun: '0',
      contract: TO,
    } as unknown as EnvelopeSummary['call'];
    const note = ledgerScreenNote(
      summary({ contractType: 'TriggerSmartContract', amounts: [], call }),
      TXID,
      names,
      new Map(),
    );
    expect(note.setting).toBe('Custom contracts');
  });

  it('shows only the hash for a permission change and names "Sign by Hash"', () => {
    const note = ledgerScreenNote(
      summary({ contractType: 'AccountPermissionUpdateContract', amounts: [], recipients: [], permissionId: 0 }),
      TXID,
      names,
      new Map(),
    );
    expect(note.setting).toBe('Sign by Hash');
    expect(note.confirm).toBe(
      `Confirm on your Ledger; it should show the transaction hash ${TXID}. If it shows anything else, decline on the device.`,
    );
  });
});
