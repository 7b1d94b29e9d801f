import type { vaultChannels } from '../../../src-core/ipc/channels/vault';
import { namedByPage } from '../../wallet/consent/page-names';
import type { WalletVault } from '../../wallet/vault-service';
import type { HandlerMap } from '../registry';

/** The vault as the handlers use it (`WalletVault` in the app and the harness). */
export type VaultService = Pick<
  WalletVault,
  | 'status'
  | 'initialize'
  | 'unlock'
  | 'unlockWithDevice'
  | 'lock'
  | 'touch'
  | 'rememberOnDevice'
  | 'forgetDevice'
  | 'setAutoLock'
  | 'setSigningPolicy'
  | 'changePassword'
  | 'adopt'
  | 'purgeRemoved'
  | 'listAccounts'
  | 'createMnemonicAccount'
  | 'importMnemonic'
  | 'importDevAccounts'
  | 'importPrivateKey'
  | 'addWatchOnly'
  | 'renameAccount'
  | 'removeAccount'
  | 'signMessage'
  | 'showRecoveryPhrase'
  | 'checkRecoveryPhrase'
>;

/**
 * Vault channels. Arguments arrive parsed by the registry; the vault does its own checks (password
 * rules, lockout, transaction integrity) and throws VaultError with a code, which crosses IPC as is.
 */
export function createVaultHandlers(vault: VaultService): HandlerMap<typeof vaultChannels> {
  return {
    'vault:status': () => vault.status(),
    'vault:initialize': ({ password }) => vault.initialize(password),
    'vault:unlock': ({ password }) => vault.unlock(password),
    'vault:unlockWithDevice': () => vault.unlockWithDevice(),
    'vault:lock': () => {
      vault.lock('user');
      return vault.status();
    },
    'vault:touch': () => vault.touch(),
    'vault:rememberOnDevice': () => vault.rememberOnDevice(),
    'vault:forgetDevice': () => vault.forgetDevice(),
    'vault:setAutoLock': ({ ms }) => vault.setAutoLock(ms),
    'vault:setSigningPolicy': ({ policy }) => vault.setSigningPolicy(policy),
    'vault:changePassword': ({ currentPassword, newPassword }) => vault.changePassword(currentPassword, newPassword),
    'vault:adopt': () => vault.adopt(),
    'vault:purgeRemoved': () => vault.purgeRemoved(),
    'vault:listAccounts': () => vault.listAccounts(),
    'vault:createMnemonicAccount': async (options) =>
      labelledByPage(options, await vault.createMnemonicAccount(options)),
    'vault:importMnemonic': async ({ phrase, ...options }) =>
      labelledByPage(options, await vault.importMnemonic(phrase, options)),
    'vault:importDevAccounts': ({ count }) => vault.importDevAccounts(count),
    'vault:importPrivateKey': async ({ privateKey, ...options }) =>
      labelledByPage(options, await vault.importPrivateKey(privateKey, options)),
    'vault:addWatchOnly': async ({ address, ...options }) => namedByPage(await vault.addWatchOnly(address, options)),
    'vault:renameAccount': async ({ accountId, label }) => namedByPage(await vault.renameAccount(accountId, label)),
    // The vault asks for the password itself when the account holds a key (it moves the key to removed/).
    'vault:removeAccount': ({ accountId, password }) => vault.removeAccount(accountId, password),
    'vault:signMessage': ({ accountId, message }) => vault.signMessage(message, accountId),
    // Main shows the phrase on its own display; the answer is a word count, never a word.
    'vault:showRecoveryPhrase': ({ accountId, password }) => vault.showRecoveryPhrase(accountId, password),
    // Main asks for the words on its own window; the page sends an account id and gets the account back.
    'vault:checkRecoveryPhrase': ({ accountId }) => vault.checkRecoveryPhrase(accountId),
  };
}

/** Accounts the page labelled: their names are the page's, and main's window marks them so. */
function labelledByPage<A extends { readonly address: string; readonly label?: string }, R extends A | readonly A[]>(
  options: { readonly label?: string },
  accounts: R,
): R {
  if (options.label === undefined) return accounts;
  const list: readonly A[] = Array.isArray(accounts) ? accounts : [accounts as A];
  for (const account of list) namedByPage(account);
  return accounts;
}
