import { describe, expect, it } from 'vitest';
import { EnvelopeError } from '../../../src-core/errors';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import {
  ENVELOPE_FORMAT,
  addEnvelopeSignature,
  createEnvelope,
  envelopeFingerprint,
  expiryStatus,
  parseEnvelope,
  serializeEnvelope,
  signingProgress,
} from '../../../src-core/envelope';
import { expectWalletError } from '../../fixtures/expect-error';
import { K } from '../../fixtures/permissions';
import { NILE, active, multisig, mutable, proposal, sign, unsignedOf } from './helpers';

const [sigK2, sigK3] = multisig.signatures_lowercase as string[];

describe('createEnvelope and parseEnvelope', () => {
  it('wraps the multisig vector with its network, permission, summary and times', () => {
    const envelope = proposal();
    expect(envelope.format).toBe(ENVELOPE_FORMAT);
    expect(envelope.version).toBe(1);
    expect(envelope.transaction.txID).toBe(multisig.txID);
    expect(envelope.expiresAt).toBe(multisig.raw_data.expiration);
    expect(envelope.permission).toEqual({
      id: 2,
      type: 'Active',
      name: 'active0',
      threshold: '2',
      operations: active.operations,
      keys: [K.K1, K.K2, K.K3].map((k) => ({ address: k.hex, weight: '1' })),
    });
    expect(envelope.summary).toEqual({
      contractType: 'TransferContract',
      owner: K.K1.hex,
      permissionId: 2,
      expiration: '1700000060000',
      amounts: [{ role: 'send', asset: 'TRX', sun: '2500000', trx: '2.5' }],
      recipients: [K.K3.hex],
      details: {},
    });
  });

  it('reads back exactly what it writes, as canonical text', () => {
    const text = serializeEnvelope(addEnvelopeSignature(proposal(), sigK2!));
    const parsed = parseEnvelope(text);
    expect(serializeEnvelope(parsed)).toBe(text);
    expect(parseEnvelope(JSON.parse(text))).toEqual(parsed);
  });

  it('takes the TronWeb transaction JSON with its uppercase signature and normalises it', () => {
    const envelope = createEnvelope({
      transaction: { ...multisig.tronweb_transaction_json, ret: [{}] },
      network: NILE,
      permission: active,
      createdAt: 1,
    });
    // Lowercase, and in canonical order: by signer address (K3 41 33… before K2 41 50…).
    expect(envelope.transaction.signature).toEqual([sigK3, sigK2]);
    expect('ret' in envelope.transaction).toBe(false);
    expect(signingProgress(envelope).thresholdMet).toBe(true);
  });

  it('keeps int64 amounts beyond 2^53 exact through text', () => {
    const raw = structuredClone(multisig.raw_data);
    raw.contract[0].parameter.value.amount = 2n ** 62n + 1n;
    const envelope = createEnvelope({ transaction: transactionFromRawData(raw), network: NILE, createdAt: 1 });
    const text = serializeEnvelope(envelope);
    expect(text).toContain('"amount":4611686018427387905');
    const parsed = parseEnvelope(text);
    expect(parsed.summary.amounts[0]).toMatchObject({ sun: '4611686018427387905' });
    expect(parsed.transaction.txID).toBe(envelope.transaction.txID);
  });

  it('describes a memo as text when it is UTF-8', () => {
    const raw = { ...multisig.raw_data, data: bytesToHex(new TextEncoder().encode('Invoice #42')) };
    expect(
      createEnvelope({ transaction: transactionFromRawData(raw), network: NILE, createdAt: 1 }).summary.memo,
    ).toEqual({ hex: raw.data, text: 'Invoice #42' });
    const binary = { ...multisig.raw_data, data: 'ff00' };
    expect(
      createEnvelope({ transaction: transactionFromRawData(binary), network: NILE, createdAt: 1 }).summary.memo,
    ).toEqual({ hex: 'ff00' });
  });
});

describe('integrity checks', () => {
  const good = () => mutable(addEnvelopeSignature(proposal(), sigK2!));

  it('refuses JSON that no longer matches raw_data_hex', () => {
    const e = good();
    e.transaction.raw_data.contract[0].parameter.value.amount = 25_000_000;
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_JSON_HEX_MISMATCH');
  });

  it('refuses a raw_data_hex swapped for other bytes even when the txID is made to match it', () => {
    const other = unsignedOf({ ...multisig, raw_data: { ...multisig.raw_data, expiration: 1_700_000_070_000 } });
    const e = good();
    e.transaction.raw_data_hex = other.raw_data_hex;
    e.transaction.txID = other.txID;
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_JSON_HEX_MISMATCH');
  });

  it('refuses a txID that is not the hash of the transaction', () => {
    const e = good();
    e.transaction.txID = '00'.repeat(32);
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_TXID_MISMATCH');
  });

  it('refuses a tampered summary: it is recomputed from the transaction', () => {
    const e = good();
    e.summary.amounts[0].trx = '0.25';
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_SUMMARY_MISMATCH');
    const f = good();
    f.summary.recipients = [K.K2.hex];
    expectWalletError(() => parseEnvelope(f), EnvelopeError, 'ENVELOPE_SUMMARY_MISMATCH');
  });

  it('refuses a consistently re-hashed transaction that its summary does not describe', () => {
    const raw = structuredClone(multisig.raw_data);
    raw.contract[0].parameter.value.amount = 250_000_000;
    const rebuilt = transactionFromRawData(raw);
    const e = mutable(proposal());
    e.transaction = {
      ...e.transaction,
      raw_data: rebuilt.raw_data,
      raw_data_hex: rebuilt.raw_data_hex,
      txID: rebuilt.txID,
    };
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_SUMMARY_MISMATCH');
  });

  it('refuses expiresAt that is not raw_data.expiration, and creation after expiry', () => {
    const e = good();
    e.expiresAt += 1000;
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_EXPIRY_MISMATCH');
    const f = good();
    f.createdAt = f.expiresAt + 1;
    expectWalletError(() => parseEnvelope(f), EnvelopeError, 'ENVELOPE_BAD_TIME');
  });

  it('refuses a permission snapshot for another Permission_id', () => {
    expectWalletError(
      () => proposal({ permission: { ...active, id: 3 } }),
      EnvelopeError,
      'ENVELOPE_PERMISSION_MISMATCH',
    );
  });

  it('refuses a permission snapshot that contradicts the account structure it travels with', () => {
    const account = { address: K.K1.hex as never, actives: [{ ...active, threshold: 1n }] };
    expectWalletError(() => proposal({ accountPermissions: account }), EnvelopeError, 'ENVELOPE_PERMISSION_MISMATCH');
    expect(
      proposal({ accountPermissions: { address: K.K1.hex as never, actives: [active] } }).accountPermissions?.actives,
    ).toHaveLength(1);
  });

  it('refuses a signature from a key outside the permission', () => {
    const e = mutable(proposal());
    e.transaction.signature = [sign(multisig.txID, K.K_ONE.private_key)];
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_FOREIGN_SIGNATURE');
  });

  it('refuses the same signer twice', () => {
    const e = mutable(proposal());
    e.transaction.signature = [sigK2, sigK2!.toUpperCase()];
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_DUPLICATE_SIGNER');
  });

  it('refuses a signature from which no signer can be recovered', () => {
    const e = mutable(proposal());
    e.transaction.signature = ['00'.repeat(64) + '1b'];
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_BAD_SIGNATURE');
  });

  it('refuses a transaction the codec cannot encode', () => {
    const e = mutable(proposal());
    e.transaction.raw_data.contract[0].type = 'NoSuchContract';
    expectWalletError(() => parseEnvelope(e), EnvelopeError, 'ENVELOPE_BAD_TRANSACTION');
    expectWalletError(
      () => createEnvelope({ transaction: null as never, network: NILE, createdAt: 1 }),
      EnvelopeError,
      'ENVELOPE_BAD_TRANSACTION',
    );
  });
});

describe('malformed envelopes', () => {
  const base = () => mutable(proposal());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const cases: [string, (e: any) => unknown, string][] = [
    ['an array', () => [], 'ENVELOPE_NOT_OBJECT'],
    ['null', () => null, 'ENVELOPE_NOT_OBJECT'],
    ['another format', (e) => ({ ...e, format: 'psbt' }), 'ENVELOPE_WRONG_FORMAT'],
    ['a newer version', (e) => ({ ...e, version: 2 }), 'ENVELOPE_UNSUPPORTED_VERSION'],
    ['a version as text', (e) => ({ ...e, version: '1' }), 'ENVELOPE_UNSUPPORTED_VERSION'],
    ['an unknown top-level field', (e) => ({ ...e, extra: true }), 'ENVELOPE_UNKNOWN_FIELD'],
    [
      'an unknown transaction field',
      (e) => ({ ...e, transaction: { ...e.transaction, ret: [{}] } }),
      'ENVELOPE_UNKNOWN_FIELD',
    ],
    ['a missing network', (e) => ({ ...e, network: undefined }), 'ENVELOPE_BAD_NETWORK'],
    [
      'a short genesis block id',
      (e) => ({ ...e, network: { ...e.network, genesisBlockId: 'abcd' } }),
      'ENVELOPE_BAD_NETWORK',
    ],
    ['an empty network name', (e) => ({ ...e, network: { ...e.network, name: '' } }), 'ENVELOPE_BAD_NETWORK'],
    [
      'a txID that is not hex',
      (e) => ({ ...e, transaction: { ...e.transaction, txID: 'zz'.repeat(32) } }),
      'ENVELOPE_BAD_TRANSACTION',
    ],
    [
      'a missing raw_data',
      (e) => ({ ...e, transaction: { ...e.transaction, raw_data: undefined } }),
      'ENVELOPE_BAD_TRANSACTION',
    ],
    [
      'two contracts',
      (e) => ({ ...e, transaction: { ...e.transaction, raw_data: { ...e.transaction.raw_data, contract: [1, 2] } } }),
      'ENVELOPE_BAD_TRANSACTION',
    ],
    [
      'odd raw_data_hex',
      (e) => ({ ...e, transaction: { ...e.transaction, raw_data_hex: 'abc' } }),
      'ENVELOPE_BAD_TRANSACTION',
    ],
    [
      'a 64-byte signature',
      (e) => ({ ...e, transaction: { ...e.transaction, signature: ['00'.repeat(64)] } }),
      'ENVELOPE_BAD_SIGNATURE',
    ],
    [
      'signatures that are not a list',
      (e) => ({ ...e, transaction: { ...e.transaction, signature: 'ab' } }),
      'ENVELOPE_BAD_SIGNATURE',
    ],
    [
      'a weight that is not a decimal',
      (e) => ({ ...e, permission: { ...e.permission, keys: [{ address: K.K1.hex, weight: 1 }] } }),
      'ENVELOPE_BAD_PERMISSION',
    ],
    [
      'a permission key that is base58',
      (e) => ({ ...e, permission: { ...e.permission, keys: [{ address: K.K1.base58, weight: '1' }] } }),
      'ENVELOPE_BAD_PERMISSION',
    ],
    [
      'an unknown permission type',
      (e) => ({ ...e, permission: { ...e.permission, type: 'Admin' } }),
      'ENVELOPE_BAD_PERMISSION',
    ],
    [
      'short operations',
      (e) => ({ ...e, permission: { ...e.permission, operations: '00' } }),
      'ENVELOPE_BAD_PERMISSION',
    ],
    [
      'account permissions without actives',
      (e) => ({ ...e, accountPermissions: { address: K.K1.hex } }),
      'ENVELOPE_BAD_ACCOUNT_PERMISSIONS',
    ],
    ['an ABI that is not a list', (e) => ({ ...e, abi: { entrys: [] } }), 'ENVELOPE_BAD_ABI'],
    ['a summary that is a list', (e) => ({ ...e, summary: [] }), 'ENVELOPE_BAD_SUMMARY'],
    ['a note that is a number', (e) => ({ ...e, note: 7 }), 'ENVELOPE_BAD_NOTE'],
    ['a fractional creation time', (e) => ({ ...e, createdAt: 1.5 }), 'ENVELOPE_BAD_TIME'],
    ['a negative expiry', (e) => ({ ...e, expiresAt: -1 }), 'ENVELOPE_BAD_TIME'],
  ];

  for (const [what, mutate, code] of cases) {
    it(`refuses ${what} with ${code}`, () => {
      const error = expectWalletError(() => parseEnvelope(mutate(base())), EnvelopeError, code);
      expect(error.message).toMatch(/\.$/);
    });
  }

  it('names the bad field in the message', () => {
    const error = expectWalletError(
      () => parseEnvelope({ ...base(), network: { name: 'nile', genesisBlockId: 'abcd' } }),
      EnvelopeError,
      'ENVELOPE_BAD_NETWORK',
    );
    expect(error.details?.path).toBe('network.genesisBlockId');
  });

  it('refuses text that is not JSON, and absurdly large text', () => {
    expectWalletError(() => parseEnvelope('{"format": '), EnvelopeError, 'ENVELOPE_NOT_JSON');
    expectWalletError(() => parseEnvelope(' '.repeat(4_000_001)), EnvelopeError, 'ENVELOPE_TOO_LARGE');
  });

  it('refuses to create an envelope with a bad network, note or time', () => {
    expectWalletError(
      () => proposal({ network: { name: 'nile', genesisBlockId: '' } }),
      EnvelopeError,
      'ENVELOPE_BAD_NETWORK',
    );
    expectWalletError(() => proposal({ note: 'x'.repeat(4001) }), EnvelopeError, 'ENVELOPE_BAD_NOTE');
    expectWalletError(() => proposal({ createdAt: Number.NaN }), EnvelopeError, 'ENVELOPE_BAD_TIME');
  });
});

describe('signatures and progress', () => {
  it('adds signatures one by one and reports who is still missing', () => {
    let envelope = proposal();
    expect(signingProgress(envelope)).toMatchObject({
      threshold: 2n,
      currentWeight: 0n,
      remainingWeight: 2n,
      thresholdMet: false,
      signed: [],
    });
    envelope = addEnvelopeSignature(envelope, sigK3!);
    const half = signingProgress(envelope);
    expect(half.signed).toEqual([{ address: K.K3.hex, weight: 1n }]);
    expect(half.missing.map((k) => k.address)).toEqual([K.K1.hex, K.K2.hex]);
    envelope = addEnvelopeSignature(envelope, sigK2!);
    expect(signingProgress(envelope)).toMatchObject({ currentWeight: 2n, thresholdMet: true, problems: [] });
    expect(envelope.transaction.signature).toEqual([sigK3, sigK2]);
  });

  it('refuses to add a foreign or repeated signature', () => {
    expectWalletError(
      () => addEnvelopeSignature(proposal(), sign(multisig.txID, K.K_ONE.private_key)),
      EnvelopeError,
      'ENVELOPE_FOREIGN_SIGNATURE',
    );
    expectWalletError(
      () => addEnvelopeSignature(addEnvelopeSignature(proposal(), sigK2!), sigK2!),
      EnvelopeError,
      'ENVELOPE_DUPLICATE_SIGNER',
    );
    expectWalletError(() => addEnvelopeSignature(proposal(), 'abcd'), EnvelopeError, 'ENVELOPE_BAD_SIGNATURE');
  });

  it('needs a permission to measure progress against', () => {
    const bare = proposal({ permission: undefined });
    expectWalletError(() => signingProgress(bare), EnvelopeError, 'ENVELOPE_NO_PERMISSION');
    expect(signingProgress(bare, { permission: active }).threshold).toBe(2n);
  });
});

describe('expiryStatus', () => {
  const envelope = { expiresAt: 1_700_000_060_000 };
  it('judges expiry by the head block time it is given', () => {
    expect(expiryStatus(envelope, 1_700_000_000_000)).toEqual({ state: 'open', remainingMs: 60_000 });
    expect(expiryStatus(envelope, 1_700_000_040_000)).toEqual({ state: 'expiring', remainingMs: 20_000 });
    expect(expiryStatus(envelope, 1_700_000_040_000, { soonMs: 10_000 }).state).toBe('open');
  });

  it('calls it expired once the next slot (head + 3 s) would be too late', () => {
    expect(expiryStatus(envelope, 1_700_000_057_000).state).toBe('expiring');
    expect(expiryStatus(envelope, 1_700_000_057_001).state).toBe('expired');
    expect(expiryStatus(envelope, 1_700_000_070_000)).toEqual({ state: 'expired', remainingMs: -10_000 });
  });

  it('calls it too early while the expiry is more than 24 h after the head block', () => {
    expect(expiryStatus(envelope, 1_700_000_060_000 - 86_400_001).state).toBe('too-early');
    expect(expiryStatus(envelope, 1_700_000_060_000 - 86_400_000).state).toBe('open');
  });

  it('refuses a head block time that is not a positive integer', () => {
    for (const head of [0, -1, 1.5, Number.NaN])
      expectWalletError(() => expiryStatus(envelope, head), EnvelopeError, 'ENVELOPE_BAD_TIME');
  });
});

describe('envelopeFingerprint', () => {
  it('gives eight BIP-39 words and grouped hex, the same for every copy', () => {
    const fp = envelopeFingerprint(proposal());
    expect(fp.words).toHaveLength(8);
    expect(fp.text).toBe(fp.words.join(' '));
    expect(fp.hex).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){4}$/);
    expect(fp.digest.startsWith(fp.hex.replace(/-/g, ''))).toBe(true);
    expect(envelopeFingerprint(parseEnvelope(serializeEnvelope(proposal())))).toEqual(fp);
  });

  it('does not change as signatures are collected', () => {
    expect(envelopeFingerprint(addEnvelopeSignature(proposal(), sigK2!))).toEqual(envelopeFingerprint(proposal()));
  });

  it('changes with the transaction and with the network', () => {
    const other = createEnvelope({
      transaction: unsignedOf({ ...multisig, raw_data: { ...multisig.raw_data, expiration: 1_700_000_061_000 } }),
      network: NILE,
      createdAt: 1,
    });
    expect(envelopeFingerprint(other).text).not.toBe(envelopeFingerprint(proposal()).text);
    const mainnet = proposal({ network: { name: 'nile', genesisBlockId: '11'.repeat(32) } });
    expect(envelopeFingerprint(mainnet).text).not.toBe(envelopeFingerprint(proposal()).text);
  });

  it('ignores the note and the permission snapshot, which do not change what is signed', () => {
    expect(envelopeFingerprint(proposal({ note: 'other', permission: undefined }))).toEqual(
      envelopeFingerprint(proposal()),
    );
  });
});

describe('docs/envelope.md', () => {
  it('holds an example that parses, with the fingerprint it states', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../../docs/envelope.md', import.meta.url), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(text)![1]!;
    const envelope = parseEnvelope(example);
    const fp = envelopeFingerprint(envelope);
    expect(text).toContain(`Fingerprint: \`${fp.words.slice(0, 4).join(' ')}`);
    expect(text).toContain(`(\`${fp.hex}\`)`);
    expect(signingProgress(envelope)).toMatchObject({ currentWeight: 1n, remainingWeight: 1n });
  });
});
