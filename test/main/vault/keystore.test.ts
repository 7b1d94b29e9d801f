import { describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import { deriveKey, newKdfRecord } from '../../../src-main/vault/kdf';
import {
  KEYSTORE_FORMAT,
  KEYSTORE_VERSION,
  decodePayload,
  decryptKeystore,
  encodePayload,
  encryptKeystore,
  parseKeystore,
  serializeKeystore,
} from '../../../src-main/vault/keystore';
import { CHEAP_SCRYPT, caught } from './helpers';

const ID = 'sec_0123456789abcdef';
const KEY = new Uint8Array(32).fill(7);

async function sample() {
  const kdf = newKdfRecord(CHEAP_SCRYPT);
  const kek = await deriveKey('keystore test password', kdf);
  const file = encryptKeystore(ID, 'privateKey', encodePayload({ kind: 'privateKey', privateKey: KEY }), kek, kdf);
  return { kdf, kek, file, text: serializeKeystore(file) };
}

describe('keystore', () => {
  it('writes version 1 with the KDF, cipher and nonce in the file and no plaintext key', async () => {
    const { text, kdf } = await sample();
    const json = JSON.parse(text);
    expect(json).toMatchObject({
      format: KEYSTORE_FORMAT,
      version: KEYSTORE_VERSION,
      id: ID,
      kind: 'privateKey',
      kdf,
      cipher: { name: 'aes-256-gcm' },
    });
    expect(json.cipher.nonce).toMatch(/^[0-9a-f]{24}$/);
    expect(json.ciphertext).toHaveLength(2 * (32 + 16));
    expect(text).not.toContain(Buffer.from(KEY).toString('hex'));
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('round-trips a private key and a mnemonic payload', async () => {
    const { file, kek } = await sample();
    const parsed = parseKeystore(serializeKeystore(file), 'k.json');
    const payload = decodePayload('privateKey', decryptKeystore(parsed, kek, 'k.json'), 'k.json');
    expect(payload).toEqual({ kind: 'privateKey', privateKey: KEY });
    const mnemonic = { kind: 'mnemonic' as const, entropy: new Uint8Array(16).fill(3), passphrase: 'pässphrase' };
    expect(decodePayload('mnemonic', encodePayload(mnemonic), 'm.json')).toEqual(mnemonic);
  });

  it('does not decrypt with another key', async () => {
    const { file, kdf } = await sample();
    const wrong = await deriveKey('another password', kdf);
    const error = await caught(() => decryptKeystore(file, wrong, 'k.json'));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_KEYSTORE_TAMPERED');
    expect(error.details?.file).toBe('k.json');
  });

  it.each([
    ['the kind', (f: Record<string, unknown>) => ({ ...f, kind: 'mnemonic' })],
    ['the id', (f: Record<string, unknown>) => ({ ...f, id: 'sec_ffffffffffffffff' })],
    [
      'a ciphertext byte',
      (f: Record<string, unknown>) => ({
        ...f,
        ciphertext: `${(f.ciphertext as string).startsWith('0') ? '1' : '0'}${(f.ciphertext as string).slice(1)}`,
      }),
    ],
  ])('detects a change of %s', async (_what, edit) => {
    const { file, kek } = await sample();
    const edited = parseKeystore(JSON.stringify(edit(file as unknown as Record<string, unknown>)), 'k.json');
    expect((await caught(() => decryptKeystore(edited, kek, 'k.json'))).code).toBe('VAULT_KEYSTORE_TAMPERED');
  });

  it('reports a truncated file by name', async () => {
    const { text } = await sample();
    for (const cut of [0, 1, 40, text.length - 3]) {
      const error = await caught(() => parseKeystore(text.slice(0, cut), '/data/keystores/0/x.json'));
      expect(error).toBeInstanceOf(VaultError);
      expect(error.code).toBe('VAULT_FILE_TRUNCATED');
      expect(error.message).toContain('/data/keystores/0/x.json');
    }
  });

  it('reports a corrupted file by name', async () => {
    const { file } = await sample();
    const cases = [
      '{"format": nope}\n',
      `${JSON.stringify({ ...file, cipher: { name: 'aes-128-cbc', nonce: file.cipher.nonce } })}\n`,
      `${JSON.stringify({ ...file, extra: 1 })}\n`,
      `${JSON.stringify({ ...file, ciphertext: 'xyz' })}\n`,
      '[]\n',
    ];
    for (const text of cases) {
      const error = await caught(() => parseKeystore(text, 'broken.json'));
      expect(error.code).toBe('VAULT_FILE_CORRUPT');
      expect(error.details?.file).toBe('broken.json');
    }
  });

  it('refuses a newer format version with an actionable message', async () => {
    const { file } = await sample();
    const error = await caught(() => parseKeystore(JSON.stringify({ ...file, version: 2 }), 'future.json'));
    expect(error.code).toBe('VAULT_UNSUPPORTED_VERSION');
    expect(error.message).toContain('Update the app');
  });

  it('refuses KDF parameters that would exhaust memory', async () => {
    const { file } = await sample();
    const error = await caught(() =>
      parseKeystore(JSON.stringify({ ...file, kdf: { ...file.kdf, N: 2 ** 30 } }), 'dos.json'),
    );
    expect(error.code).toBe('VAULT_KDF_PARAMS_INVALID');
  });

  it('refuses a payload of the wrong shape', () => {
    expect(() => decodePayload('privateKey', new Uint8Array(31), 'p.json')).toThrow(VaultError);
    expect(() => decodePayload('mnemonic', new Uint8Array([15, ...new Uint8Array(15)]), 'm.json')).toThrow(VaultError);
  });
});
