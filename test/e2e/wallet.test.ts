import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../src-core/address/address';
import { hexToBytes } from '../../src-core/bytes/hex';
import { addressFromPrivateKey } from '../../src-core/keys/keys';
import { createNode, type TronNode } from '../../src-main/node';
import { startEmbeddedWalletHarness, type EmbeddedWalletHarness, VAULT_PASSWORD } from './harness/wallet';

const PASSWORD = VAULT_PASSWORD;
const BLOCK_MS = 200;
/** An address outside the dev mnemonic, to watch. */
const WATCHED = toBase58Address(addressFromPrivateKey(hexToBytes('5e'.repeat(32))));

/**
 * The wallet in Chromium with real services: an empty profile in a temp folder, the real vault and
 * stores, and the real embedded node on a random loopback port with a fast block time.
 */
describe('wallet scenarios in Chromium', () => {
  let setup: EmbeddedWalletHarness;
  let remote: TronNode | null = null;

  const page = () => setup.harness.page;
  const number = async (testId: string): Promise<number> => Number(await page().getByTestId(testId).textContent());

  beforeAll(async () => {
    setup = await startEmbeddedWalletHarness(BLOCK_MS);
    await setup.wallet.ready;
  });
  afterAll(async () => {
    await setup?.close();
    await remote?.stop();
  });

  it('starts with an empty profile on the first-run screen and creates a vault', async () => {
    await setup.harness.goto('/');
    await page().getByRole('heading', { name: 'Create your vault' }).waitFor();
    expect(new URL(page().url()).hash).toBe('#/welcome');
    await page().getByLabel('Password', { exact: true }).fill('short');
    await expect(page().getByTestId('password-strength').textContent()).resolves.toContain('Too short');
    await page().getByLabel('Password', { exact: true }).fill('Password1!');
    await expect(page().getByTestId('password-strength').textContent()).resolves.toContain('Weak');
    await page().getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(page().getByTestId('password-strength').textContent()).resolves.toContain('Strong');
    await page().getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await page().getByRole('button', { name: 'Create vault' }).click();
    await page().getByText('The two passwords are not the same.').waitFor();
    await setup.harness.screenshot('welcome-create-vault');
    expect(setup.wallet.vault.status().initialized).toBe(false);
    await page().getByLabel('Confirm password').fill(PASSWORD);
    await page().getByRole('button', { name: 'Create vault' }).click();
    await page().getByRole('heading', { name: 'Add accounts' }).waitFor();
    expect(setup.wallet.vault.status()).toMatchObject({ initialized: true, locked: false });
  });

  it('offers the dev accounts of the embedded node and imports them by mnemonic', async () => {
    const how = page().getByLabel('How');
    await expect(how.inputValue()).resolves.toBe('dev');
    await expect(how.locator('option').first().textContent()).resolves.toContain('Import the 10 funded dev accounts');
    await setup.harness.screenshot('welcome-add-accounts');
    await page().getByRole('button', { name: 'Import dev accounts' }).click();
    await page().getByTestId('welcome-added').getByText('10 accounts added.').waitFor();
    await page().getByRole('button', { name: 'Go to accounts' }).click();
    const table = page().getByTestId('accounts-table');
    await table.getByText('Dev 10').waitFor();
    const node = setup.nodes[0]!;
    const first = table.locator('tbody tr').first();
    await expect(first.getByTestId('address').getAttribute('data-address')).resolves.toBe(node.accounts[0]!.address);
    await first.getByText('1,000,000 TRX').waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(10);
    await expect(first.textContent()).resolves.toContain('600 / 600');
    await setup.harness.screenshot('home-accounts');
  });

  it('shows head and solidified numbers moving on the Node screen, with blocks, representatives, log and URL', async () => {
    await setup.harness.goto('/node');
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
    await page().getByTestId('head-number').filter({ hasText: /^\d+$/ }).waitFor();
    const head = await number('head-number');
    const solid = await number('solid-number');
    await expect.poll(() => number('head-number'), { timeout: 90_000 }).toBeGreaterThan(head + 1);
    await expect.poll(() => number('solid-number'), { timeout: 90_000 }).toBeGreaterThan(solid);
    const blocks = page().getByTestId('recent-blocks');
    await expect.poll(() => blocks.locator('tbody tr').count()).toBe(10);
    // The producer's address, shortened in the middle on screen, in full in its attribute.
    await expect(
      blocks.locator('tbody tr').first().getByTestId('address').getAttribute('data-address'),
    ).resolves.toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    // The dev chain's genesis has 27 super representatives.
    await expect.poll(() => page().getByTestId('representatives').locator('tbody tr').count()).toBe(27);
    await expect.poll(() => page().getByTestId('node-log').textContent()).toContain('listening on');
    const url = await page().getByTestId('node-url').textContent();
    expect(url).toBe(setup.nodes[0]!.url);
    await page().getByRole('button', { name: 'Copy URL' }).click();
    await page().getByText(`Copied ${url} to the clipboard.`).waitFor();
    expect(setup.clipboard).toEqual([url]);
    await setup.harness.screenshot('node');
  });

  it('locks and unlocks', async () => {
    await setup.harness.goto('/');
    await page().getByRole('button', { name: 'Lock' }).click();
    await page().getByRole('heading', { name: 'Unlock the vault' }).waitFor();
    expect(setup.wallet.vault.status().locked).toBe(true);
    await page().getByLabel('Password').fill('wrong password');
    await page().getByRole('button', { name: 'Unlock', exact: true }).click();
    const error = page().locator('[data-error-name="VaultError"]');
    await error.waitFor();
    await expect(error.getAttribute('data-error-code')).resolves.toBe('VAULT_WRONG_PASSWORD');
    await page().getByText('1 wrong attempt(s) so far.').waitFor();
    await setup.harness.screenshot('unlock');
    // Only the home screen needs the vault: it stays behind the lock.
    await setup.harness.goto('/');
    expect(new URL(page().url()).hash).toBe('#/unlock');
    await page().getByLabel('Password').fill(PASSWORD);
    await page().getByRole('button', { name: 'Unlock', exact: true }).click();
    await page().getByTestId('accounts-table').getByText('Dev 1', { exact: true }).waitFor();
    expect(setup.wallet.vault.status().locked).toBe(false);
  });

  it('goes to the unlock screen when main locks the vault', async () => {
    await setup.harness.goto('/');
    setup.wallet.vault.lock('idle');
    await page().getByRole('heading', { name: 'Unlock the vault' }).waitFor();
    await page().getByText('The vault locked itself after a period without activity.').first().waitFor();
    await page().getByLabel('Password').fill(PASSWORD);
    await page().getByRole('button', { name: 'Unlock', exact: true }).click();
    await page().getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
  });

  it('saves node settings with a restart, and resets the chain only after the typed confirmation', async () => {
    await setup.harness.goto('/node');
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
    const before = setup.nodes.length;
    await page().getByLabel('Block time (ms)').fill('50');
    await page().getByRole('button', { name: 'Save and restart' }).click();
    await page().getByText('Must be at least 100 ms.').waitFor();
    await page().getByLabel('Block time (ms)').fill('300');
    await page().getByRole('button', { name: 'Save and restart' }).click();
    await page().getByText('Settings saved; the node restarted with them.').waitFor();
    expect(setup.nodes).toHaveLength(before + 1);
    expect(setup.wallet.settings.get().embeddedNode.blockTimeMs).toBe(300);

    await page().getByRole('button', { name: 'Reset chain…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Delete the embedded chain?' });
    await setup.harness.screenshot('node-reset-dialog');
    // The word is typed in main's window, never on the page: a wrong word three times deletes nothing.
    setup.consent.decide = () => ({ approve: true, typed: 'reset' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page().getByText('Nothing was done: the confirmation was refused 3 times.').waitFor();
    expect(setup.nodes).toHaveLength(before + 1);
    expect(setup.consent.last()!.text).toContain('Type RESET to approve');
    await page().getByRole('button', { name: 'Reset chain…' }).click();
    setup.consent.decide = () => ({ approve: true, typed: 'RESET' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page().getByText('The embedded chain was deleted and started again.').waitFor();
    expect(setup.nodes).toHaveLength(before + 2);
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
  });

  it('keeps the running node when the new network does not answer, and asks before switching to mainnet', async () => {
    await setup.harness.goto('/node');
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
    await page().getByLabel('Use').selectOption('custom');
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    await page().getByLabel('Full node URL').fill('http://127.0.0.1:1');
    await page().getByRole('button', { name: 'Switch network' }).click();
    await page()
      .getByText(/The node at http:\/\/127\.0\.0\.1:1 did not answer.*The wallet stays on Embedded dev node/)
      .waitFor();
    await expect(page().getByTestId('network-name').textContent()).resolves.toBe('Embedded dev node');
    await expect(page().locator('[data-testid="node-state"]').getAttribute('data-state')).resolves.toBe('running');
    await setup.harness.screenshot('node-switch-refused');

    await page().getByLabel('Use').selectOption('mainnet');
    await page().getByRole('button', { name: 'Switch to Mainnet…' }).click();
    await page().getByTestId('mainnet-warning').waitFor();
    await setup.harness.screenshot('node-switch-mainnet-confirm');
    await page().getByRole('button', { name: 'Stay on Embedded dev node' }).click();
    await expect(page().getByTestId('mainnet-warning').isVisible()).resolves.toBe(false);
    await expect(page().getByTestId('network-name').textContent()).resolves.toBe('Embedded dev node');
  });

  it('switches to a custom remote URL (a second local node) and back, without mixing their data', async () => {
    // A second node: another chain (its own genesis) from the same mnemonic, with two funded accounts.
    remote = await createNode({ port: 0, blockTimeMs: BLOCK_MS, accounts: 2, signatureWorkers: 0 });
    await setup.harness.goto('/node');
    // The form takes the current network once the page has read it; a choice made before that is reset.
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
    await page().getByLabel('Use').selectOption('custom');
    await page().getByLabel('Full node URL').fill(remote.url);
    await page().getByRole('button', { name: 'Switch network' }).click();
    const host = new URL(remote.url).host;
    await page().getByTestId('network-name').getByText(`Custom node (${host})`).waitFor();
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
    await expect(page().getByTestId('node-url').textContent()).resolves.toBe(remote.url);
    const head = await number('head-number');
    await expect.poll(() => number('head-number'), { timeout: 90_000 }).toBeGreaterThan(head);
    // The embedded node is stopped while the wallet uses another network.
    await expect(page().getByRole('button', { name: 'Stop node' }).count()).resolves.toBe(0);
    await setup.harness.screenshot('node-custom-url');

    await setup.harness.goto('/');
    const table = page().getByTestId('accounts-table');
    await expect.poll(() => table.getByText('Not on this network yet').count(), { timeout: 90_000 }).toBe(8);
    await table.locator('tbody tr').first().getByText('1,000,000 TRX').waitFor();
    await page().getByTestId('home-network').getByText(`Custom node (${host})`).waitFor();
    await setup.harness.screenshot('home-custom-url');

    await setup.harness.goto('/node');
    await page().getByLabel('Use').selectOption('embedded');
    await page().getByRole('button', { name: 'Switch network' }).click();
    await page().getByTestId('network-name').getByText('Embedded dev node').waitFor();
    await page().locator('[data-testid="node-state"][data-state="running"]').waitFor();
    await expect(page().getByTestId('node-url').textContent()).resolves.toBe(setup.nodes.at(-1)!.url);
    await setup.harness.goto('/');
    await expect
      .poll(() => page().getByTestId('accounts-table').getByText('1,000,000 TRX').count(), { timeout: 90_000 })
      .toBe(10);
  });

  it("backs up a new recovery phrase in main's own window: the page never gets a word of it", async () => {
    await setup.harness.goto('/');
    await page().getByLabel('How').selectOption('create');
    await page().getByLabel('Label (optional)').fill('Backup test');
    await page().getByRole('button', { name: 'Create recovery phrase' }).click();
    await page()
      .getByText(/^Created Backup test/)
      .waitFor();
    await page().getByRole('button', { name: 'Show recovery phrase…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Back up the recovery phrase' });
    await dialog.getByText('The app shows the phrase in a separate window of its own, never on this page.').waitFor();

    await dialog.getByLabel('Vault password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Show phrase' }).click();
    const error = dialog.locator('[data-error-name="VaultError"]');
    await error.waitFor();
    await expect(error.getAttribute('data-error-code')).resolves.toBe('VAULT_WRONG_PASSWORD');
    expect(setup.recoveryPhrases).toEqual([]);

    await dialog.getByLabel('Vault password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Show phrase' }).click();
    await dialog
      .getByTestId('backup-shown')
      .getByText('The app showed the 24-word recovery phrase in a separate window.', { exact: false })
      .waitFor();
    expect(setup.recoveryPhrases).toHaveLength(1);
    const shown = setup.recoveryPhrases[0]!;
    expect(shown).toMatchObject({ accountLabel: 'Backup test', hasPassphrase: false });
    expect(shown.words).toHaveLength(24);
    // Any three words in a row would be on the page if the phrase had reached it.
    const text = await page().locator('body').innerText();
    for (let i = 0; i + 3 <= shown.words.length; i++) expect(text).not.toContain(shown.words.slice(i, i + 3).join(' '));
    await setup.harness.screenshot('backup-recovery-phrase');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Main asks for three words on its own window; typed there from what was written down, the mark goes.
    const table = page().getByTestId('accounts-table');
    await table.getByTestId('phrase-unchecked').getByText('Phrase not checked').waitFor();
    const answer = setup.consent.decide;
    setup.consent.decide = (request) => ({
      approve: true,
      words: (request.wordPrompts ?? []).map((prompt) => shown.words[Number(prompt.replace('word ', '')) - 1]!),
    });
    try {
      await table.getByRole('button', { name: 'Check the recovery phrase of Backup test now' }).click();
      await page().getByText('The recovery phrase of Backup test is checked.').waitFor();
    } finally {
      setup.consent.decide = answer;
    }
    await expect(table.getByTestId('phrase-unchecked').count()).resolves.toBe(0);
    const asked = setup.consent.last()!;
    expect(asked.request.wordPrompts).toHaveLength(3);
    for (const prompt of asked.request.wordPrompts!) expect(asked.text).toContain(prompt);
    expect(setup.wallet.vault.listAccounts().find((a) => a.label === 'Backup test')?.backupChecked).toBe(true);
  });

  it('renames an account in place, and removes a keyed one only with the password and a watch-only one with a confirmation', async () => {
    await setup.harness.goto('/');
    const table = page().getByTestId('accounts-table');
    const filesIn = async (folder: 'keystores' | 'removed') =>
      (await readdir(join(setup.userDataDir, 'vault', folder), { recursive: true, withFileTypes: true })).filter((e) =>
        e.isFile(),
      ).length;
    const keystores = () => filesIn('keystores');
    // The dev accounts' phrase and the phrase created by the backup scenario.
    expect(await keystores()).toBe(2);

    await table.getByRole('button', { name: 'Rename Backup test', exact: true }).click();
    const rename = table.getByTestId('rename-account');
    await rename.getByLabel('New label').fill('x'.repeat(65));
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename
      .getByRole('alert')
      .getByText('An account label has at most 64 characters and no control characters.')
      .waitFor();
    await rename.getByLabel('New label').fill('  Cold storage ');
    await rename.getByLabel('New label').press('Enter');
    await table.getByText('Cold storage', { exact: true }).waitFor();
    await expect(rename.count()).resolves.toBe(0);
    const cold = setup.wallet.vault.listAccounts().find((a) => a.label === 'Cold storage')!;
    expect(cold).toMatchObject({ kind: 'mnemonic' });

    await table.getByRole('button', { name: 'Remove Cold storage', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Remove Cold storage?' });
    await dialog
      .getByText(
        `The key of ${cold.address} moves to the vault's removed keys, and is deleted from this computer only when you empty them on the Security page. Make sure you have its recovery phrase or private key elsewhere; funds stay on chain.`,
      )
      .waitFor();
    await dialog.getByLabel('Vault password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Remove account' }).click();
    const error = dialog.locator('[data-error-name="VaultError"]');
    await error.waitFor();
    await expect(error.getAttribute('data-error-code')).resolves.toBe('VAULT_WRONG_PASSWORD');
    expect(setup.wallet.vault.listAccounts().map((a) => a.id)).toContain(cold.id);
    expect(await keystores()).toBe(2);
    await setup.harness.screenshot('remove-account-wrong-password');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await table.getByText('Cold storage', { exact: true }).waitFor();

    await table.getByRole('button', { name: 'Remove Cold storage', exact: true }).click();
    await dialog.getByLabel('Vault password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove account' }).click();
    await page().getByText('Removed Cold storage.').waitFor();
    await expect.poll(() => table.getByText('Cold storage', { exact: true }).count()).toBe(0);
    await expect(dialog.isVisible()).resolves.toBe(false);
    expect(setup.wallet.vault.listAccounts().map((a) => a.id)).not.toContain(cold.id);
    expect(setup.wallet.vault.status().failedAttempts).toBe(0);
    expect(await keystores()).toBe(1);
    // The key is kept aside until the person empties the removed keys with the password.
    expect(await filesIn('removed')).toBe(1);

    await page().getByLabel('How').selectOption('watch');
    await page().getByLabel('Address', { exact: true }).fill(WATCHED);
    await page().getByLabel('Label (optional)').fill('Watched');
    await page().getByRole('button', { name: 'Add watch-only address' }).click();
    await table.getByText('Watched', { exact: true }).waitFor();
    await table.getByRole('button', { name: 'Remove Watched', exact: true }).click();
    const watchDialog = page().getByRole('dialog', { name: 'Remove Watched?' });
    await watchDialog.getByText('The vault holds no key for it', { exact: false }).waitFor();
    await expect(watchDialog.getByLabel('Vault password').count()).resolves.toBe(0);
    await watchDialog.getByRole('button', { name: 'Remove account' }).click();
    await expect.poll(() => table.getByText('Watched', { exact: true }).count()).toBe(0);
    expect(setup.wallet.vault.listAccounts().some((a) => a.address === WATCHED)).toBe(false);
    await expect(table.locator('tbody tr').count()).resolves.toBe(10);
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
