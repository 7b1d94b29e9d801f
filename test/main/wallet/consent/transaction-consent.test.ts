import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import { createEnvelope } from '@core/envelope';
import { envelopeFingerprint } from '@core/envelope';
import { DEFAULT_SIGNING_POLICY } from '@core/ipc/channels/vault';
import { formatTrx, formatUnits } from '@core/units/amount';
import { provePermissionChange } from '@core/permission/lockout';
import { accountPermissionsFromUpdate } from '@core/permission/model';
import { Names } from '@main/wallet/chain-knowledge/names';
import { transactionConsent } from '@main/wallet/consent/transaction-consent';
import { K, byName } from '../../../fixtures/permissions';
import { NILE, active, multisig, proposal, trigger, unsignedOf } from '../../../core/envelope/helpers';

const names = new Names(
  [
    {
      id: 'acc_1',
      kind: 'privateKey',
      label: 'Treasury',
      address: toBase58Address(K.K1.hex),
      addressHex: K.K1.hex,
      canSign: true,
      createdAt: 0,
    },
  ],
  null,
);
const signer = { address: K.K1.hex, device: 'vault key “Treasury”' };
const TRC20_TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
];
const value = (rows: readonly { label: string; value: string }[], label: string) =>
  rows.filter((r) => r.label === label).map((r) => r.value);

describe('transactionConsent', () => {
  it('states the contract, both ends in full Base58, the amount, permission, expiry in the app’s date format, key and fingerprint', () => {
    const envelope = proposal();
    const draft = transactionConsent({ envelope, signer, names, tokens: new Map(), policy: DEFAULT_SIGNING_POLICY });
    const transfer = multisig.raw_data.contract[0].parameter.value;
    const to = toBase58Address(transfer.to_address);
    const amount = formatTrx(BigInt(transfer.amount), { group: true, withUnit: true });
    expect(draft.title).toBe(`Sign: Send ${amount} to ${to}`);
    expect(value(draft.rows, 'Transaction')).toEqual(['TransferContract']);
    expect(value(draft.rows, 'Amount')).toEqual([amount]);
    expect(value(draft.rows, 'To')).toEqual([`${to} (not in your vault or address book)`]);
    // Named as the builder's review names it: type, name and id.
    expect(value(draft.rows, 'Signed under')).toEqual(['Active permission "active0" (id 2), threshold 2']);
    const expires = new Date(envelope.expiresAt);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(value(draft.rows, 'Expires')).toEqual([
      `${expires.getUTCFullYear()}-${pad(expires.getUTCMonth() + 1)}-${pad(expires.getUTCDate())} ` +
        `${pad(expires.getUTCHours())}:${pad(expires.getUTCMinutes())}:${pad(expires.getUTCSeconds())} UTC (chain time)`,
    ]);
    expect(value(draft.rows, 'Signing key')[0]).toContain(`${toBase58Address(K.K1.hex)} (“Treasury” in your vault)`);
    expect(value(draft.rows, 'Transaction id')).toEqual([envelope.transaction.txID]);
    expect(draft.fingerprint).toBe(envelopeFingerprint(envelope).text);
    expect(draft.password.required).toBe(false);
  });

  it('names the treasury policy the transaction passed, or the owner key that overrode it, and none without one', () => {
    const envelope = proposal();
    const base = { envelope, signer, names, tokens: new Map(), policy: DEFAULT_SIGNING_POLICY };
    expect(value(transactionConsent(base).rows, 'Treasury policy')).toEqual([]);
    expect(
      value(
        transactionConsent({ ...base, treasuryPolicy: { version: 7, overriddenBy: null } }).rows,
        'Treasury policy',
      ),
    ).toEqual(['Version 7: every rule passed on this desk.']);
    const overridden = transactionConsent({ ...base, treasuryPolicy: { version: 7, overriddenBy: K.K1.hex } });
    expect(value(overridden.rows, 'Treasury policy')).toEqual([
      `Version 7: breaches overridden by owner key ${toBase58Address(K.K1.hex)} (“Treasury” in your vault).`,
    ]);
  });

  it('shows the TRX main worked out the transaction burns, itemised, as a row of its own', () => {
    const envelope = proposal();
    const cost = {
      expectedSignatures: 2,
      recipientExists: true,
      bandwidth: { bytes: 345n, source: 'burn' as const, stakedBytes: 0n, freeBytes: 0n, burnedSun: 345_000n },
      energy: null,
      fees: [
        { kind: 'contract' as const, label: 'AccountPermissionUpdateContract fee', sun: 100_000_000n },
        { kind: 'multi-signature' as const, label: 'Multi-signature fee', sun: 1_000_000n },
      ],
      feeLimitSun: null,
      burnedSun: 101_345_000n,
      valueSun: 0n,
      totalDebitSun: 101_345_000n,
      notes: [],
    };
    const draft = transactionConsent({
      envelope,
      signer,
      names,
      tokens: new Map(),
      policy: DEFAULT_SIGNING_POLICY,
      cost,
    });
    expect(value(draft.rows, 'Fee')).toEqual([
      '101.345 TRX burned (estimate): bandwidth 0.345 TRX, AccountPermissionUpdateContract fee 100 TRX, Multi-signature fee 1 TRX',
    ]);
  });

  it('leaves out the envelope note: it is text someone typed, not part of what is signed', () => {
    const envelope = proposal({ note: 'Approved by the board, sign quickly' });
    const draft = transactionConsent({ envelope, signer, names, tokens: new Map(), policy: DEFAULT_SIGNING_POLICY });
    expect(JSON.stringify(draft)).not.toContain('Approved by the board');
  });

  it('reads a TRC-20 transfer in the token units main read from the chain, with the contract in full', () => {
    const envelope = createEnvelope({
      transaction: unsignedOf(trigger),
      network: NILE,
      permission: active,
      abi: TRC20_TRANSFER_ABI,
      createdAt: 1,
    });
    const effect = envelope.summary.call!.decoded!.effects[0]! as { contract: string; amount: string };
    const tokens = new Map([[effect.contract, { symbol: 'USDT', decimals: 6 }]]);
    const draft = transactionConsent({ envelope, signer, names, tokens, policy: DEFAULT_SIGNING_POLICY });
    expect(value(draft.rows, 'Token amount')).toEqual([
      `${formatUnits(BigInt(effect.amount), 6, { group: true })} USDT`,
    ]);
    expect(value(draft.rows, 'Token contract')[0]).toContain(toBase58Address(effect.contract));
    expect(value(draft.rows, 'Fee limit')).toHaveLength(1);
    expect(draft.password).toMatchObject({ required: true });
  });

  it('shows a permission change before and after with the prover verdict, and asks for the password', () => {
    const update = byName('account_permission_update');
    const envelope = createEnvelope({ transaction: unsignedOf(update as never), network: NILE, createdAt: 1 });
    const after = accountPermissionsFromUpdate(update.raw_data.contract[0].parameter.value);
    const proof = provePermissionChange(after, after);
    const draft = transactionConsent({
      envelope,
      signer,
      names,
      tokens: new Map(),
      policy: DEFAULT_SIGNING_POLICY,
      proof,
    });
    expect(draft.rows.some((r) => r.label.startsWith('Owner') && r.label.endsWith('after'))).toBe(true);
    expect(value(draft.rows, 'Lockout check')).toHaveLength(1);
    expect(draft.password).toEqual({
      required: true,
      reason: 'Changing who controls an account always needs the vault password.',
    });
  });
});
