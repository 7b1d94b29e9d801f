import { describe, expect, it } from 'vitest';
import {
  addBundleSignatures,
  bundleFingerprint,
  bundleProgress,
  createBundle,
  envelopeFingerprint,
  mergeBundles,
  parseBundle,
  reproposeBundle,
  reproposeSet,
  rowEnvelope,
  serializeBundle,
  SignerMemo,
  type EnvelopeBundle,
} from '../../../src-core/envelope';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { recoverAddress } from '../../../src-core/keys/keys';
import { EnvelopeError } from '../../../src-core/errors';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import type { TransactionJson } from '../../../src-core/tx/types';
import { expectWalletError } from '../../fixtures/expect-error';
import { K } from '../../fixtures/permissions';
import { NILE, active, multisig, sign } from './helpers';

const CREATED = 1_700_000_000_000;
const OWNER = multisig.raw_data.contract[0].parameter.value.owner_address as string;
const TO = multisig.raw_data.contract[0].parameter.value.to_address as string;

/** Row i: a payment of (i + 1) TRX from the 2-of-3 treasury, expiring `windowMs` after the proposal. */
function payment(i: number, windowMs = 3_600_000): TransactionJson {
  const contract = multisig.raw_data.contract[0];
  return transactionFromRawData({
    ...multisig.raw_data,
    contract: [
      {
        ...contract,
        parameter: { ...contract.parameter, value: { ...contract.parameter.value, amount: (i + 1) * 1_000_000 } },
      },
    ],
    timestamp: CREATED,
    expiration: CREATED + windowMs,
  });
}

function bundleOf(count: number, windowMs?: number): EnvelopeBundle {
  return createBundle({
    network: NILE,
    permission: active,
    note: 'December payroll',
    createdAt: CREATED,
    rows: Array.from({ length: count }, (_, i) => ({
      transaction: payment(i, windowMs),
      statedPayment: {
        asset: 'TRX' as const,
        recipient: TO,
        amount: String((i + 1) * 1_000_000),
        reference: `inv-${i}`,
      },
    })),
  });
}

/** Parsed JSON of a bundle, to alter as an attacker would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const mutable = (bundle: EnvelopeBundle): any => JSON.parse(serializeBundle(bundle));

function refusal(fn: () => unknown): EnvelopeError {
  try {
    fn();
  } catch (error) {
    if (error instanceof EnvelopeError) return error;
    throw error;
  }
  throw new Error('expected the bundle to be refused');
}

const signedBy = (bundle: EnvelopeBundle, privateKey: string) =>
  addBundleSignatures(
    bundle,
    bundle.rows.map((r) => sign(r.transaction.txID, privateKey)),
  );

describe('envelope bundles', () => {
  it('holds every transaction in order and reads back to the same bytes', () => {
    const bundle = bundleOf(5);
    expect(bundle.rows.map((r) => r.summary.amounts[0])).toMatchObject(
      [1, 2, 3, 4, 5].map((n) => ({ asset: 'TRX', sun: String(n * 1_000_000) })),
    );
    const text = serializeBundle(bundle);
    expect(serializeBundle(parseBundle(text))).toBe(text);
    expect(rowEnvelope(parseBundle(text), 2).transaction.txID).toBe(payment(2).txID);
  });

  it('gives one eight-word fingerprint that moves with any row, its order and the network', () => {
    const bundle = bundleOf(4);
    const words = bundleFingerprint(bundle);
    expect(words.words).toHaveLength(8);
    expect(bundleFingerprint(parseBundle(serializeBundle(bundle))).text).toBe(words.text);
    const swapped = mutable(bundle);
    swapped.rows.reverse();
    expect(bundleFingerprint(parseBundle(swapped)).text).not.toBe(words.text);
    const fewer = mutable(bundle);
    fewer.rows.pop();
    expect(bundleFingerprint(parseBundle(fewer)).text).not.toBe(words.text);
    expect(bundleFingerprint({ ...bundle, network: { ...NILE, genesisBlockId: 'ff'.repeat(32) } }).text).not.toBe(
      words.text,
    );
    // A bundle of one is not mistaken for the envelope of its row.
    expect(bundleFingerprint(bundleOf(1)).text).not.toBe(envelopeFingerprint(rowEnvelope(bundleOf(1), 0)).text);
  });

  it('refuses a bundle with any byte of any row changed, naming the row', () => {
    const bundle = bundleOf(3);
    for (let row = 0; row < 3; row++) {
      const hex = mutable(bundle);
      const text: string = hex.rows[row].transaction.raw_data_hex;
      hex.rows[row].transaction.raw_data_hex = text.slice(0, -2) + (text.endsWith('00') ? '01' : '00');
      const error = refusal(() => parseBundle(hex));
      expect(error.code).toMatch(/^ENVELOPE_(TXID|JSON_HEX)_MISMATCH$/);
      expect(error.details).toMatchObject({ row: row + 1 });
      expect(error.message).toMatch(new RegExp(`^Row ${row + 1}:`));
    }
    const amount = mutable(bundle);
    amount.rows[1].transaction.raw_data.contract[0].parameter.value.amount = 9_000_000;
    expect(refusal(() => parseBundle(amount)).code).toMatch(/^ENVELOPE_(TXID|JSON_HEX)_MISMATCH$/);
    const summary = mutable(bundle);
    summary.rows[2].summary.amounts[0].sun = '1';
    expectWalletError(() => parseBundle(summary), EnvelopeError, 'ENVELOPE_SUMMARY_MISMATCH');
  });

  it('refuses a transaction twice, another account, and a row expiring past the 24 h window', () => {
    const twice = mutable(bundleOf(2));
    twice.rows[1] = twice.rows[0];
    expectWalletError(() => parseBundle(twice), EnvelopeError, 'BUNDLE_DUPLICATE_ROW');
    expectWalletError(() => bundleOf(2, 86_400_000 + 1), EnvelopeError, 'BUNDLE_WINDOW_TOO_LONG');
    expect(bundleOf(2, 86_400_000).rows).toHaveLength(2);
    const unknown = mutable(bundleOf(1));
    unknown.rows[0].extra = 1;
    expectWalletError(() => parseBundle(unknown), EnvelopeError, 'BUNDLE_UNKNOWN_FIELD');
    expectWalletError(() => parseBundle({ ...mutable(bundleOf(1)), rows: [] }), EnvelopeError, 'BUNDLE_MALFORMED');
    const other = mutable(bundleOf(2));
    expect(OWNER).toMatch(/^41/);
    other.format = 'tron-cosign-envelope';
    expectWalletError(() => parseBundle(other), EnvelopeError, 'BUNDLE_WRONG_FORMAT');
  });

  it('refuses a stated payment written as a formula or with an unknown asset', () => {
    const formula = mutable(bundleOf(1));
    formula.rows[0].statedPayment.reference = '=HYPERLINK("x")';
    expectWalletError(() => parseBundle(formula), EnvelopeError, 'BUNDLE_MALFORMED');
    const asset = mutable(bundleOf(1));
    asset.rows[0].statedPayment.asset = 'BTC';
    expectWalletError(() => parseBundle(asset), EnvelopeError, 'BUNDLE_MALFORMED');
  });

  it('adds signatures per row, refuses a signature of another row, and merges copies in any order', () => {
    const bundle = bundleOf(3);
    const k2 = signedBy(bundle, K.K2.private_key);
    expect(bundleProgress(k2)).toMatchObject({ ready: 0, thresholdMet: false });
    const wrong = bundle.rows.map((_, i) => sign(bundle.rows[(i + 1) % 3]!.transaction.txID, K.K3.private_key));
    // A signature over another row's txID recovers to a stranger, never to K3.
    expectWalletError(() => addBundleSignatures(bundle, wrong), EnvelopeError, 'ENVELOPE_FOREIGN_SIGNATURE');
    const k3 = signedBy(bundle, K.K3.private_key);
    const merged = mergeBundles([k2, k3]);
    expect(bundleProgress(merged)).toMatchObject({ ready: 3, thresholdMet: true });
    expect(serializeBundle(mergeBundles([k3, k2, bundle]))).toBe(serializeBundle(merged));
    expect(serializeBundle(parseBundle(serializeBundle(merged)))).toBe(serializeBundle(merged));
    expectWalletError(() => mergeBundles([k2, bundleOf(2)]), EnvelopeError, 'BUNDLE_ROWS_DIFFER');
  });

  it('recovers each signature once between the progress and the signatures added after it', () => {
    const bundle = signedBy(bundleOf(3), K.K2.private_key);
    const recovered: string[] = [];
    const signers = new SignerMemo((digest, signature) => {
      recovered.push(bytesToHex(signature));
      return recoverAddress(digest, signature);
    });
    expect(bundleProgress(bundle, { signers }).ready).toBe(0);
    expect(recovered).toHaveLength(3);
    const k3 = bundle.rows.map((r) => sign(r.transaction.txID, K.K3.private_key));
    const both = addBundleSignatures(bundle, k3, { signers });
    // K2's three, recovered for the progress, are not recovered again; K3's three are, once each.
    expect(recovered).toHaveLength(6);
    expect(new Set(recovered).size).toBe(6);
    expect(bundleProgress(both, { signers })).toMatchObject({ ready: 3, thresholdMet: true });
    expect(recovered).toHaveLength(6);
    expect(serializeBundle(both)).toBe(
      serializeBundle(mergeBundles([bundle, signedBy(bundleOf(3), K.K3.private_key)])),
    );
  });

  it('refuses, with recoveries shared, a signer outside the permission and a second signature by one signer', () => {
    const bundle = signedBy(bundleOf(2), K.K2.private_key);
    const signers = new SignerMemo();
    bundleProgress(bundle, { signers });
    const stranger = bundle.rows.map((r) => sign(r.transaction.txID, K.K_ONE.private_key));
    expectWalletError(
      () => addBundleSignatures(bundle, stranger, { signers }),
      EnvelopeError,
      'ENVELOPE_FOREIGN_SIGNATURE',
    );
    const again = bundle.rows.map((r) => sign(r.transaction.txID, K.K2.private_key));
    expectWalletError(
      () => addBundleSignatures(bundle, again, { signers }),
      EnvelopeError,
      'ENVELOPE_DUPLICATE_SIGNER',
    );
    expect(refusal(() => addBundleSignatures(bundle, [null, again[1]!], { signers })).details).toMatchObject({
      row: 2,
    });
  });

  it('re-proposes only the rows that expired short of their threshold, unsigned, with their stated payments', () => {
    const bundle = bundleOf(3);
    const partly = addBundleSignatures(signedBy(bundle, K.K2.private_key), [
      sign(bundle.rows[0]!.transaction.txID, K.K3.private_key),
      null,
      null,
    ]);
    const afterExpiry = CREATED + 3_600_000;
    expect(reproposeSet(partly, CREATED + 60_000)).toEqual([]);
    expect(reproposeSet(partly, afterExpiry)).toEqual([1, 2]);
    const later = CREATED + 4_000_000;
    const fresh = reproposeBundle(
      partly,
      reproposeSet(partly, afterExpiry),
      (envelope) =>
        transactionFromRawData({ ...envelope.transaction.raw_data, timestamp: later, expiration: later + 3_600_000 }),
      { createdAt: later },
    );
    expect(fresh.rows.map((r) => r.statedPayment?.reference)).toEqual(['inv-1', 'inv-2']);
    expect(fresh.rows.every((r) => r.transaction.signature === undefined)).toBe(true);
    expect(fresh.rows.map((r) => r.transaction.txID)).not.toContain(bundle.rows[1]!.transaction.txID);
    expect(fresh.permission).toEqual(bundle.permission);
  });
});
