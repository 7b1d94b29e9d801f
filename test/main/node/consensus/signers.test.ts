import { describe, expect, it } from 'vitest';
import { configuredSigners, SignerBook } from '@main/node/consensus/signers';
import { resolveConfig } from '@main/node/config';
import { deriveKeys, FUNDED_PATH } from '@main/node/genesis';
import { defaultWitnessPermission, newAccount, type AccountRecord } from '@main/node/state/account';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { newKey, type Key } from '../helpers';

/** Which key produces for which representative (java-tron's Miner list), and when it may sign. */
const funded = deriveKeys('test test test test test test test test test test test junk', FUNDED_PATH, 2);

/** A representative account whose witness permission names `signer` (its own address when omitted). */
function representative(owner: Key, signer: Key = owner): AccountRecord {
  return {
    ...newAccount(hexToBytes(owner.hex), { createTime: 0, activeOperations: new Uint8Array(32) }),
    isWitness: true,
    witnessPermission: defaultWitnessPermission(hexToBytes(signer.hex)),
  };
}

describe('block signers', () => {
  it('one localwitness key produces for localWitnessAccountAddress; without it, each key for its own account; dev funded keys for their own', () => {
    const [k1, k2, operator] = [newKey(), newKey(), newKey()];
    const withAddress = configuredSigners(
      resolveConfig({ dev: false, localWitness: [bytesToHex(k1.key)], localWitnessAccountAddress: operator.hex }),
      funded,
    );
    expect(withAddress.map((s) => [s.witnessHex, s.source])).toEqual([[operator.hex, 'localwitness']]);
    const several = configuredSigners(
      resolveConfig({ dev: false, localWitness: [bytesToHex(k1.key), bytesToHex(k2.key)] }),
      funded,
    );
    expect(several.map((s) => s.witnessHex)).toEqual([k1.hex, k2.hex]);
    const dev = configuredSigners(resolveConfig({ dev: true }), funded);
    expect(dev.map((s) => [s.witnessHex, s.source])).toEqual(funded.map((k) => [k.hex, 'dev funded account']));
  });

  it('signs only with the key the witness permission names, or the own key when getAllowMultiSign is 0', () => {
    const [operator, witnessKey] = [newKey(), newKey()];
    const lines: string[] = [];
    const book = new SignerBook({ localWitnessAccountAddress: operator.hex, log: (l) => lines.push(l) }, [
      { privateKey: witnessKey.key, witnessHex: operator.hex, source: 'localwitness' },
    ]);
    expect(book.keyFor(operator.hex, representative(operator, witnessKey), true)).toEqual(witnessKey.key);
    // Without multi-sign only the account's own key may sign its blocks.
    expect(book.keyFor(operator.hex, representative(operator, witnessKey), false)).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('getAllowMultiSign is 0, so only its own key signs');
    // An account without a witness permission is signed for by its own key.
    const { witnessPermission: _, ...bare } = representative(operator);
    expect(book.keyFor(operator.hex, bare as AccountRecord, true)).toBeUndefined();
    const own = new SignerBook({ log: () => {} }, [
      { privateKey: operator.key, witnessHex: operator.hex, source: 'localwitness' },
    ]);
    expect(own.keyFor(operator.hex, bare as AccountRecord, true)).toEqual(operator.key);
  });

  it('logs nothing for a representative whose key it does not hold, and each reason only once', () => {
    const [operator, stranger, witnessKey] = [newKey(), newKey(), newKey()];
    const lines: string[] = [];
    const book = new SignerBook({ log: (l) => lines.push(l) }, [
      { privateKey: witnessKey.key, witnessHex: witnessKey.hex, source: 'localwitness' },
    ]);
    expect(book.keyFor(stranger.hex, representative(stranger), true)).toBeUndefined();
    expect(lines).toEqual([]);
    for (let i = 0; i < 3; i++)
      expect(book.keyFor(operator.hex, representative(operator, witnessKey), true)).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('localWitnessAccountAddress is empty');
  });
});
