import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src-core/errors';
import { startHarness, type Harness } from './harness';

const TXID = 'a'.repeat(8) + '0123456789abcdef'.repeat(3) + 'b'.repeat(8);

describe('application frame in Chromium', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows app:info answered by the main-side handler on the About page', async () => {
    await harness.goto('/about');
    const table = harness.page.getByTestId('app-info');
    await table.waitFor();
    await expect(table.locator('tr', { hasText: 'Version' }).locator('td').nth(1).textContent()).resolves.toBe(
      process.env.npm_package_version ?? '0.0.0-test',
    );
    await expect(table.locator('tr', { hasText: 'Node.js' }).locator('td').nth(1).textContent()).resolves.toBe(
      process.versions.node,
    );
    await harness.screenshot('about');
  });

  it('moves between Home and About through the layout navigation', async () => {
    await harness.goto('/about');
    await harness.page.getByRole('link', { name: 'Home' }).click();
    await harness.page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    expect(new URL(harness.page.url()).hash).toBe('#/');
    await expect(harness.page.title()).resolves.toBe('Accounts · TRON Multisig Wallet');
    await expect(harness.page.getByTestId('app-version').textContent()).resolves.toContain(process.platform);
  });

  it('shows the contract rule next to a malformed transaction id and sends nothing', async () => {
    await harness.goto('/');
    const before = harness.openedUrls.length;
    await harness.page.getByLabel('Transaction id').fill('not-a-txid');
    await harness.page.getByRole('button', { name: 'Open in browser…' }).click();
    const field = harness.page.getByLabel('Transaction id');
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(harness.page.locator('.field__error').textContent()).resolves.toBe(
      'Must be a transaction id of 64 hex characters.',
    );
    expect(harness.openedUrls.length).toBe(before);
    await harness.screenshot('home-validation');
  });

  it('opens the tronscan link that main built, after the person confirms', async () => {
    await harness.goto('/');
    await harness.page.getByLabel('Network').selectOption('nile');
    await harness.page.getByLabel('Transaction id').fill(TXID.toUpperCase());
    await harness.page.getByRole('button', { name: 'Open in browser…' }).click();
    const dialog = harness.page.getByRole('dialog', { name: 'Leave the app?' });
    await dialog.waitFor();
    await harness.screenshot('home-confirm-dialog');
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    await harness.page.getByText(`Opened https://nile.tronscan.org/#/transaction/${TXID} in your browser.`).waitFor();
    expect(harness.openedUrls.at(-1)).toBe(`https://nile.tronscan.org/#/transaction/${TXID}`);
    await expect(dialog.isVisible()).resolves.toBe(false);
  });

  it('updates the node badge when main emits node:status and node:block', async () => {
    await harness.goto('/');
    const badge = harness.page.getByTestId('node-status');
    // The doubles report a stopped embedded node until main emits otherwise.
    await badge.getByText('Embedded dev node: stopped').waitFor();
    harness.events.emit('node:status', {
      state: 'running',
      source: 'embedded',
      network: 'Embedded dev node',
      endpoint: 'http://127.0.0.1:8090',
    });
    await badge.getByText('Embedded dev node: running').waitFor();
    const block = { number: 42, id: 'c'.repeat(64), timestamp: 1_700_000_000_000, transactionCount: 3 };
    harness.events.emit('node:block', block);
    await harness.page.getByText('Embedded dev node · block 42').waitFor();
    harness.events.emit('node:block', { ...block, number: 61_240_112 });
    // The badge names the network, and the block number is grouped.
    await harness.page.getByText('Embedded dev node · block 61,240,112').waitFor();
    await harness.screenshot('home-node-running');
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(harness.pageProblems).toEqual([]);
  });
});

describe('typed errors from main in Chromium', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      handlers: {
        'app:openExplorer': () => {
          throw new NetworkError('NETWORK_UNREACHABLE', 'The node at 127.0.0.1:8090 did not answer.');
        },
      },
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows a handler error with its class, code and sentence', async () => {
    await harness.goto('/');
    await harness.page.getByLabel('What').selectOption('block');
    await harness.page.getByLabel('Block number').fill('12345');
    await harness.page.getByRole('button', { name: 'Open in browser…' }).click();
    await harness.page.getByRole('dialog').getByRole('button', { name: 'Open', exact: true }).click();
    const notice = harness.page.locator('[data-error-name="NetworkError"]');
    await notice.waitFor();
    await expect(notice.getAttribute('data-error-code')).resolves.toBe('NETWORK_UNREACHABLE');
    await expect(notice.textContent()).resolves.toContain('The node at 127.0.0.1:8090 did not answer.');
    await expect(notice.textContent()).resolves.toContain('The node could not be reached');
    await harness.screenshot('home-network-error');
    expect(harness.pageProblems).toEqual([]);
  });
});
