import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { bundleProgress, type EnvelopeBundle } from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission/model';
import { UnavailableSecretStore } from '../../../src-main/vault/secret-store';
import { Names } from '../../../src-main/wallet/chain-knowledge/names';
import type { ConsentAnswer, ConsentRequest } from '../../../src-main/wallet/consent/consent-request';
import { ConsentedBundleSigning } from '../../../src-main/wallet/consent/consented-bundle-signing';
import { signBundle } from '../../../src-main/wallet/payouts/bundle-signing';
import { WalletVault } from '../../../src-main/wallet/vault-service';
import { ScriptedConsent } from '../../fixtures/consent-surface';

const PASSWORD = 'bench password of some length';

/** Main's confirmation answered at once by a stand-in, which notes when it answered. */
class TimedConsent extends ScriptedConsent {
  answeredAt = 0;
  answeredCpu: NodeJS.CpuUsage = { user: 0, system: 0 };

  override async ask(request: ConsentRequest, retry?: { reason: string }): Promise<ConsentAnswer> {
    const answer = await super.ask(request, retry);
    this.answeredAt = performance.now();
    this.answeredCpu = process.cpuUsage();
    return answer;
  }
}

export interface SigningTime {
  /** From the call to every signature checked and added to the bundle. */
  readonly totalSeconds: number;
  /** From the stand-in's approval to every signature checked and added. */
  readonly afterConsentSeconds: number;
  /**
   * This process's CPU time (user + system) over the same span: the machine is shared, so the wall
   * time above also holds waits for other processes, and this does not.
   */
  readonly afterConsentCpuSeconds: number;
  readonly signed: number;
  readonly bundle: EnvelopeBundle;
}

export interface CosignBench {
  /** One key's signatures on every row, through one approval. */
  sign(bundle: EnvelopeBundle, signer: 'first' | 'second'): Promise<SigningTime>;
  close(): Promise<void>;
}

/**
 * A vault in a temp folder holding two keys of `permission`, with the production scrypt cost and
 * no OS keychain. Payments are signed under the "password for permission changes" policy, so the
 * time after approval is the signing alone (the password check is scrypt, which the vault suite
 * measures).
 */
export async function cosignBench(
  permission: Permission,
  privateKeys: readonly [string, string],
): Promise<CosignBench> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-payouts-vault-'));
  const consent = new TimedConsent([{ approved: true, password: PASSWORD }]);
  const vault = await WalletVault.open({
    dataDir: dir,
    secretStore: new UnavailableSecretStore('bench', {
      available: false,
      backend: 'bench',
      reason: 'MODULE_MISSING',
      message: 'No keychain in the bench.',
    }),
    emit: () => undefined,
    log: { info() {}, warn() {}, error() {} },
    devAccounts: () => null,
    consentSurface: consent,
  });
  await vault.initialize(PASSWORD);
  const accounts = [
    await vault.importPrivateKey(privateKeys[0], { label: 'Desk A' }),
    await vault.importPrivateKey(privateKeys[1], { label: 'Desk B' }),
  ];
  await vault.setSigningPolicy({ passwordFor: 'permission-changes' });
  const signing = new ConsentedBundleSigning({
    vault,
    ledger: {
      sign: async () => {
        throw new Error('no Ledger in the bench');
      },
    },
    wording: async () => ({ names: new Names(vault.listAccounts(), null), tokens: new Map() }),
  });
  return {
    async sign(bundle, signer) {
      const started = performance.now();
      const result = await signBundle(vault, signing, {
        bundle,
        permission,
        accountId: accounts[signer === 'first' ? 0 : 1]!.id,
      });
      const ended = performance.now();
      const cpu = process.cpuUsage(consent.answeredCpu);
      return {
        afterConsentCpuSeconds: (cpu.user + cpu.system) / 1e6,
        totalSeconds: (ended - started) / 1000,
        afterConsentSeconds: (ended - consent.answeredAt) / 1000,
        signed: result.signed,
        bundle: result.bundle,
      };
    },
    async close() {
      vault.lock('shutdown');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Bare @noble/curves signing of the same txids with one key: the floor the vault's signing sits on. */
export function rawSigningSeconds(bundle: EnvelopeBundle, privateKey: string): number {
  const key = hexToBytes(privateKey);
  const digests = bundle.rows.map((r) => hexToBytes(r.transaction.txID));
  const started = performance.now();
  for (const digest of digests) secp256k1.sign(digest, key, { prehash: false, format: 'recovered', lowS: true });
  return (performance.now() - started) / 1000;
}

/** Rows at their threshold under the bundle's permission. */
export function readyRows(bundle: EnvelopeBundle): number {
  return bundleProgress(bundle).rows.filter((r) => r.thresholdMet).length;
}
