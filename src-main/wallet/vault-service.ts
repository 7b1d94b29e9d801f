import { VaultError } from '../../src-core/errors';
import type { RecoveryPhraseShown, VaultAccount, VaultLocked, VaultStatus } from '../../src-core/ipc/channels/vault';
import type { SignerMemo } from '../../src-core/envelope';
import type { TransactionJson } from '../../src-core/tx/types';
import { Vault, type VaultOptions, type VaultStatus as VaultServiceStatus } from '../vault';
import type { SigningPolicy } from '../../src-core/ipc/channels/vault';
import { ConsentGate } from './consent/consent-gate';
import type { ConsentSurface } from './consent/consent-request';
import type { AuditSink } from './chain-knowledge/audit-sink';
import { bundleConsent, type BundleConsentInput } from './consent/bundle-consent';
import { messageConsent } from './consent/message-consent';
import { transactionConsent, type TransactionConsentInput } from './consent/transaction-consent';
import { importKeyConsent, phraseCheckConsent, purgeRemovedConsent, repairConsent } from './consent/vault-key-consent';
import { autoLockConsent, rememberDeviceConsent, signingPolicyConsent } from './consent/vault-setting-consent';
import { toBase58Address } from '../../src-core/address/address';
import type { EmitEvent, RecoveryPhraseDisplay, ShutdownOrders, ShutdownRegistrar, WalletLog } from './context';

export interface WalletVaultOptions extends VaultOptions {
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  /** The dev node's mnemonic while the embedded dev node is the current network, else null. */
  readonly devAccounts: () => { mnemonic: string; count: number } | null;
  readonly shutdown?: ShutdownRegistrar;
  readonly shutdownOrders?: ShutdownOrders;
  /** Main's own surface for a recovery phrase; without one the phrase is never shown. */
  readonly recoveryPhraseDisplay?: RecoveryPhraseDisplay;
  /** Main's own confirmation surface; without one nothing can be signed or loosened. */
  readonly consentSurface?: ConsentSurface;
  /** This desk's audit log, where the gate writes each transaction signature's consent. */
  readonly audit?: AuditSink;
}

const PHRASE_WORD_COUNTS: readonly RecoveryPhraseShown['words'][] = [12, 15, 18, 21, 24];

/**
 * The vault as the IPC layer and the accounts service see it. Adds to `Vault`: the `vault:locked`
 * event with its reason, importing the dev node's accounts without the mnemonic crossing IPC,
 * showing a recovery phrase on main's own display instead of returning it, and a vault that failed
 * to open (damaged vault.json) answering every call with that error instead of stopping the app.
 */
export class WalletVault {
  private wasLocked = true;
  /** Every signature and every vault setting that keeps keys in reach passes this gate. */
  readonly consent: ConsentGate;
  private readonly accountListeners = new Set<() => void>();
  private accountsSignature = '';

  private constructor(
    private readonly vault: Vault | null,
    private readonly openError: unknown,
    private readonly options: WalletVaultOptions,
  ) {
    this.consent = new ConsentGate({
      ...(options.consentSurface ? { surface: options.consentSurface } : {}),
      vault: { verifyPassword: (password) => this.v.verifyPassword(password) },
      log: options.log,
      ...(options.audit ? { audit: options.audit } : {}),
    });
    if (vault) {
      this.accountsSignature = signature(vault.listAccounts());
      vault.onChange((status) => this.onVaultChange(status));
    }
    options.shutdown?.register({
      name: 'lock the vault',
      ...(options.shutdownOrders ? { order: options.shutdownOrders.services } : {}),
      run: () => void this.lock('shutdown'),
    });
  }

  static async open(options: WalletVaultOptions): Promise<WalletVault> {
    try {
      return new WalletVault(await Vault.open(options), null, options);
    } catch (error) {
      options.log.error('The vault did not open', { code: error instanceof VaultError ? error.code : undefined });
      return new WalletVault(null, error, options);
    }
  }

  private get v(): Vault {
    if (!this.vault) throw this.openError;
    return this.vault;
  }

  status(): VaultStatus {
    const { keychain, problems, ...rest } = this.v.status();
    // `detail` (the backend's own error text) stays in main.
    return {
      ...rest,
      problems: problems.map((p) => ({ ...p })),
      keychain: keychain.available
        ? keychain
        : { available: false, backend: keychain.backend, reason: keychain.reason, message: keychain.message },
    };
  }

  async initialize(password: string): Promise<VaultStatus> {
    await this.v.initialize(password);
    return this.status();
  }

  /** The password came from the page: wrong ones slow the page down but never lock the person out. */
  async unlock(password: string): Promise<VaultStatus> {
    await this.v.unlock(password, 'page');
    return this.status();
  }

  async unlockWithDevice(): Promise<VaultStatus> {
    await this.v.unlockWithDevice();
    return this.status();
  }

  /** Locks; `vault:locked` says why (the person, a timer, the system sleeping or the shutdown). */
  lock(reason: VaultLocked['reason'] = 'user'): VaultStatus | undefined {
    if (!this.vault) return undefined;
    this.vault.lock(reason);
    return this.status();
  }

  touch(): { locked: boolean } {
    this.v.touch();
    return { locked: this.v.status().locked };
  }

  /** Approved, with the password, on main's confirmation window; the renderer only asks. */
  async rememberOnDevice(): Promise<VaultStatus> {
    const keychain = this.v.status().keychain;
    // Said before the person types a password that could not be used anyway.
    if (!keychain.available) throw new VaultError('VAULT_KEYCHAIN_UNAVAILABLE', keychain.message);
    const { password } = await this.consent.approve(rememberDeviceConsent());
    await this.v.rememberOnDevice(password ?? '');
    return this.status();
  }

  async forgetDevice(): Promise<VaultStatus> {
    await this.v.forgetDevice();
    return this.status();
  }

  async setAutoLock(ms: number): Promise<VaultStatus> {
    const { password } = await this.consent.approve(autoLockConsent(this.v.status().autoLockMs, ms));
    await this.v.setAutoLock(ms, password ?? '');
    return this.status();
  }

  async setSigningPolicy(policy: SigningPolicy): Promise<VaultStatus> {
    const { password } = await this.consent.approve(signingPolicyConsent(this.v.status().signingPolicy, policy));
    await this.v.setSigningPolicy(policy, password ?? '');
    return this.status();
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<VaultStatus> {
    await this.v.changePassword(currentPassword, newPassword, 'page');
    return this.status();
  }

  /**
   * Repairs a read-only vault after the person approves, with the password, on main's window
   * listing what was found; deletes nothing (see `Vault.adopt`).
   */
  async adopt(): Promise<VaultStatus> {
    const problems = this.v.status().problems.map((p) => p.message);
    const { password } = await this.consent.approve(repairConsent(problems));
    await this.v.adopt(password ?? '');
    return this.status();
  }

  /** Deletes the keystores of removed accounts for good, after the password and a typed word in main's window. */
  async purgeRemoved(): Promise<{ purged: number }> {
    const count = this.v.status().removedKeystores;
    if (count === 0) return { purged: 0 };
    const { password } = await this.consent.approve(purgeRemovedConsent(count));
    return { purged: await this.v.purgeRemoved(password ?? '') };
  }

  /** Empty when the vault could not open (the status call reports why). */
  listAccounts(): VaultAccount[] {
    return this.vault ? this.vault.listAccounts().map((a) => ({ ...a })) : [];
  }

  onAccountsChange(listener: () => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  createMnemonicAccount(options: { label?: string; strength?: 128 | 256 }): Promise<VaultAccount> {
    return this.v.createMnemonicAccount(options);
  }

  /** Main shows every address the phrase adds, in full, and the person approves before it is stored. */
  async importMnemonic(
    phrase: string,
    options: { passphrase?: string; from?: number; count?: number; label?: string },
  ): Promise<VaultAccount[]> {
    const preview = await this.v.previewImportMnemonic(phrase, options);
    await this.consent.approve(
      importKeyConsent({
        what: 'recovery phrase',
        addresses: preview.addresses.map(toBase58Address),
        labels: preview.labels,
      }),
    );
    return this.v.importMnemonic(phrase, options);
  }

  /** The funded accounts of the embedded dev node, labelled "Dev 1", "Dev 2", … */
  async importDevAccounts(count?: number): Promise<VaultAccount[]> {
    const dev = this.options.devAccounts();
    if (!dev) {
      throw new VaultError(
        'VAULT_NO_DEV_ACCOUNTS',
        'Dev accounts exist only on the embedded dev node while it runs. Switch to it on the Node screen and start it.',
      );
    }
    return this.v.importMnemonic(dev.mnemonic, { count: Math.min(count ?? dev.count, dev.count), label: 'Dev' });
  }

  /** Main shows the address the key controls, in full, and the person approves before it is stored. */
  async importPrivateKey(privateKey: string, options: { label?: string }): Promise<VaultAccount> {
    const { address, label } = await this.v.previewImportPrivateKey(privateKey, options);
    await this.consent.approve(
      importKeyConsent({ what: 'private key', addresses: [toBase58Address(address)], labels: [label] }),
    );
    return this.v.importPrivateKey(privateKey, options);
  }

  /** With `custody: 'offline'`, the address is a co-signer whose key lives on an offline machine. */
  addWatchOnly(address: string, options: { label?: string; custody?: 'watch' | 'offline' }): Promise<VaultAccount> {
    const { custody, ...rest } = options;
    return this.v.addWatchOnly(address, {
      ...rest,
      ...(custody === 'offline' ? { custody: { kind: 'offline' } } : {}),
    });
  }

  /**
   * An account of a Ledger, read from the device in main (`ledger/ledger-accounts.ts`); the
   * renderer cannot name the path or address of one, only choose among those main listed.
   */
  addLedgerAccount(
    address: string,
    options: { label?: string; ledger: { path: string; scheme: 'ledger-live' | 'legacy'; model?: string } },
  ): Promise<VaultAccount> {
    return this.v.addWatchOnly(address, {
      ...(options.label !== undefined ? { label: options.label } : {}),
      custody: { kind: 'ledger', ...options.ledger },
    });
  }

  renameAccount(accountId: string, label: string): Promise<VaultAccount> {
    return this.v.renameAccount(accountId, label);
  }

  /** A keyed account needs the password (`VAULT_PASSWORD_REQUIRED` without it); watch-only does not. */
  async removeAccount(accountId: string, password?: string): Promise<{ accountId: string }> {
    await this.v.removeAccount(accountId, password, 'page');
    return { accountId };
  }

  /**
   * The only way wallet services get a vault signature: the person approves main's confirmation,
   * built from this very envelope (the bytes signed are its transaction), then the key signs.
   * Declining leaves nothing signed. The envelope is main's: made here or verified on import.
   */
  async signTransaction(
    input: Omit<TransactionConsentInput, 'signer' | 'policy'> & { readonly accountId: string },
  ): Promise<TransactionJson> {
    // Refused before the person is asked: the same errors signing would give.
    const account = this.v.getSigningAccount(input.accountId);
    const { accountId, ...consent } = input;
    await this.approveTransaction({
      ...consent,
      signer: { address: account.address, device: `vault key “${account.label}”` },
    });
    const transaction = input.envelope.transaction;
    return this.v.sign(transaction, accountId, input.envelope.summary.permissionId);
  }

  /**
   * Main's confirmation of one transaction signature under this vault's signing policy, for a key
   * the vault does not hold (a Ledger's): the same window, summary, fingerprint and password rule.
   */
  async approveTransaction(input: Omit<TransactionConsentInput, 'policy'>): Promise<void> {
    await this.consent.approve(transactionConsent({ ...input, policy: this.v.status().signingPolicy }), {
      account: input.envelope.summary.owner,
      txId: input.envelope.transaction.txID,
      signer: input.signer.address,
      // Only a signing device's confirmation names what the device shows.
      keyKind: input.device ? 'ledger' : 'vault',
    });
  }

  /**
   * One confirmation for every row of a bundle, then this vault key signs each row in order; the
   * answer holds each row's new signature. Declining signs nothing. Rows the key already signed
   * are the caller's to leave out (`skip`): the key signs each transaction at most once. `signers`
   * holds what the caller recovered already, so the vault's own already-signed check reuses it.
   */
  async signBundle(
    input: Omit<BundleConsentInput, 'signer' | 'policy'> & {
      readonly accountId: string;
      readonly skip?: ReadonlySet<number>;
      readonly signers?: SignerMemo;
    },
  ): Promise<(string | null)[]> {
    const account = this.v.getSigningAccount(input.accountId);
    const { accountId, skip, signers, ...consent } = input;
    await this.approveBundle({
      ...consent,
      signer: { address: account.address, device: `vault key “${account.label}”` },
    });
    const rows = input.bundle.rows.flatMap((row, index) => (skip?.has(index) ? [] : [{ row, index }]));
    const signed = await this.v.signMany(
      rows.map(({ row }) => ({ transaction: row.transaction, permissionId: row.summary.permissionId })),
      accountId,
      signers ? { recover: signers.recover } : {},
    );
    const signatures: (string | null)[] = input.bundle.rows.map(() => null);
    rows.forEach(({ row, index }, i) => {
      const before = new Set(row.transaction.signature ?? []);
      signatures[index] = (signed[i]!.signature ?? []).find((s) => !before.has(s)) ?? null;
    });
    return signatures;
  }

  /** Main's confirmation of a bundle under this vault's signing policy, for a key held elsewhere (a Ledger's). */
  async approveBundle(input: Omit<BundleConsentInput, 'policy'>): Promise<void> {
    await this.consent.approve(bundleConsent({ ...input, policy: this.v.status().signingPolicy }));
  }

  /** The message is shown verbatim on main's confirmation before the key signs it. */
  async signMessage(message: string, accountId: string): Promise<{ signature: string }> {
    const account = this.v.getSigningAccount(accountId);
    await this.consent.approve(
      messageConsent({
        message,
        signer: { address: account.address, device: 'vault key' },
        policy: this.v.status().signingPolicy,
      }),
    );
    return { signature: await this.v.signMessage(message, accountId) };
  }

  /**
   * Shows a mnemonic account's recovery phrase on main's display once the password is typed again
   * (wrong attempts count toward the lockout), and answers with what the renderer may know: that
   * it was shown, how many words, and whether a BIP39 passphrase is needed too. The phrase stays in
   * this method; `Vault.exportMnemonic` is not reachable over IPC.
   */
  async showRecoveryPhrase(accountId: string, password: string): Promise<RecoveryPhraseShown> {
    const display = this.options.recoveryPhraseDisplay;
    // Refused before anything is decrypted: there is nowhere safe to put the words.
    if (!display) {
      throw new VaultError(
        'VAULT_NO_PHRASE_DISPLAY',
        "This build cannot show the recovery phrase: it has no window of its own to show it in, and the phrase is never sent to the app's pages.",
      );
    }
    const { phrase, hasPassphrase } = await this.v.exportMnemonic(accountId, password, 'page');
    const words = phrase.split(' ');
    const count = PHRASE_WORD_COUNTS.find((n) => n === words.length);
    if (count === undefined) {
      // Cannot happen for a phrase rebuilt from BIP39 entropy; checked so the answer stays honest.
      throw new VaultError(
        'VAULT_KEYSTORE_TAMPERED',
        'The stored recovery phrase does not have a BIP39 length, so it is not shown.',
        { accountId },
      );
    }
    const account = this.v.listAccounts().find((a) => a.id === accountId);
    await display.show({ words, hasPassphrase, accountLabel: account?.label ?? '', address: account?.address ?? '' });
    return { shown: true, words: count, hasPassphrase };
  }

  /**
   * Asks, on main's own window, for three words of the account's recovery phrase at positions main
   * picked at random, and marks the phrase checked when they match. The words go from that window
   * to the vault; the renderer only asks and learns whether it worked. A wrong answer counts toward
   * the password lockout (VAULT_PHRASE_MISMATCH), so the question is no way to guess the phrase.
   */
  async checkRecoveryPhrase(accountId: string): Promise<VaultAccount> {
    const account = this.v.getAccount(accountId);
    const { positions } = await this.v.phraseQuestion(accountId);
    const { words = [] } = await this.consent.approve(
      phraseCheckConsent({ label: account.label, address: account.address, positions }),
    );
    return this.v.checkPhrase(
      accountId,
      positions.map((position, i) => ({ position, word: words[i] ?? '' })),
    );
  }

  dispose(): void {
    this.vault?.dispose();
    this.accountListeners.clear();
  }

  private onVaultChange(status: VaultServiceStatus): void {
    if (status.locked && !this.wasLocked) {
      this.options.emit('vault:locked', { reason: this.vault!.lastLockReason() });
    }
    this.wasLocked = status.locked;
    const next = signature(this.vault!.listAccounts());
    if (next !== this.accountsSignature) {
      this.accountsSignature = next;
      for (const listener of this.accountListeners) listener();
    }
  }
}

function signature(accounts: readonly { id: string; label: string; backupChecked?: boolean }[]): string {
  return accounts.map((a) => `${a.id}:${a.label}:${a.backupChecked === false ? 'unchecked' : ''}`).join('|');
}
