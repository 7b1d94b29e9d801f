import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleProgress, SignerMemo } from '../../../../src-core/envelope';
import { UnavailableSecretStore } from '../../../../src-main/vault/secret-store';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { ConsentedBundleSigning } from '../../../../src-main/wallet/consent/consented-bundle-signing';
import { signBundle } from '../../../../src-main/wallet/payouts/bundle-signing';
import type * as keys from '../../../../src-core/keys/keys';
import { WalletVault } from '../../../../src-main/wallet/vault-service';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { K } from '../../../fixtures/permissions';
import { active } from '../../../core/envelope/helpers';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { quietLog, removeDir, tempDir } from '../helpers';
import { proposedBundle } from './helpers';

// Every signer recovery and key-to-address derivation in the process goes through these counters.
const counts = vi.hoisted(() => ({ derived: 0, recovered: 0 }));
vi.mock('../../../../src-core/keys/keys', async (importOriginal) => {
  const real = await importOriginal<typeof keys>();
  return {
    ...real,
    addressFromPrivateKey: (privateKey: Uint8Array) => {
      counts.derived += 1;
      return real.addressFromPrivateKey(privateKey);
    },
    recoverAddress: (digest: Uint8Array, signature: Uint8Array) => {
      counts.recovered += 1;
      return real.recoverAddress(digest, signature);
    },
  };
});

const PASSWORD = 'correct horse battery';
const ROWS = 5;

describe('a bundle signed by vault keys, counted in curve work', () => {
  let dir: string;
  let vault: WalletVault;
  let signing: ConsentedBundleSigning;
  let ids: { k1: string; k2: string };

  beforeEach(async () => {
    dir = await tempDir('bundle-recoveries-');
    vault = await WalletVault.open({
      dataDir: join(dir, 'vault'),
      secretStore: new UnavailableSecretStore('test', {
        available: false,
        backend: 'test',
        reason: 'NO_SERVICE',
        message: 'No keychain here.',
      }),
      scrypt: CHEAP_SCRYPT,
      emit: () => undefined,
      log: quietLog,
      devAccounts: () => null,
      consentSurface: ScriptedConsent.approve(PASSWORD),
    });
    await vault.initialize(PASSWORD);
    ids = {
      k1: (await vault.importPrivateKey(K.K1.private_key, { label: 'Desk A' })).id,
      k2: (await vault.importPrivateKey(K.K2.private_key, { label: 'Desk B' })).id,
    };
    signing = new ConsentedBundleSigning({
      vault,
      ledger: {
        sign: async () => {
          throw new Error('no Ledger here');
        },
      },
      wording: async () => ({ names: new Names(vault.listAccounts(), null), tokens: new Map() }),
    });
  });
  afterEach(async () => {
    vault.dispose();
    await removeDir(dir);
  });

  const reset = () => {
    counts.derived = 0;
    counts.recovered = 0;
  };

  it("derives each key's address once per bundle and recovers every signature once, the new ones included", async () => {
    reset();
    const first = await signBundle(vault, signing, {
      bundle: proposedBundle(ROWS, active),
      permission: active,
      accountId: ids.k1,
    });
    expect(first).toMatchObject({ signed: ROWS, ready: 0 });
    // Nothing was on the rows; each new signature is recovered once, to check it against its row.
    expect(counts).toEqual({ derived: 1, recovered: ROWS });

    reset();
    const second = await signBundle(vault, signing, { bundle: first.bundle, permission: active, accountId: ids.k2 });
    expect(second).toMatchObject({ signed: ROWS, ready: ROWS });
    // The first key's signatures once (the progress, then remembered), and the second key's once:
    // checking them as they are added and counting the rows ready afterwards recover nothing again.
    expect(counts).toEqual({ derived: 1, recovered: 2 * ROWS });
    expect(bundleProgress(second.bundle)).toMatchObject({ ready: ROWS, thresholdMet: true });
  });

  it('still refuses, with the recoveries shared, a key signing a row it signed already', async () => {
    const first = await signBundle(vault, signing, {
      bundle: proposedBundle(ROWS, active),
      permission: active,
      accountId: ids.k1,
    });
    const signers = new SignerMemo();
    bundleProgress(first.bundle, { permission: active, signers });
    const refused = await vault
      .signBundle({
        bundle: first.bundle,
        names: new Names(vault.listAccounts(), null),
        tokens: new Map(),
        accountId: ids.k1,
        signers,
      })
      .then(
        () => null,
        (error: { code?: string }) => error,
      );
    expect(refused?.code).toBe('VAULT_ALREADY_SIGNED');
  });
});
