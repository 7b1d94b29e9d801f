import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { accountRules, rulesView } from '@main/wallet/watchtower/watchtower-service';
import { defaultRules } from '@main/watchtower/watch-list';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { recordEvents, type RecordedEvents } from '../helpers';

describe('the rules as the form edits them', () => {
  const token = toBase58Address(`41${'ef'.repeat(20)}`);
  const tt = { address: token, symbol: 'TT', decimals: 6 };

  it('offers a threshold per watched token, reporting any amount until one is set', () => {
    expect(rulesView(defaultRules(), [tt]).outgoingTokens).toEqual([{ token, symbol: 'TT', decimals: 6, above: 0n }]);
  });

  it('gives the scanner the token threshold a person set, by the contract’s hex address', () => {
    const view = { ...rulesView(defaultRules(), [tt]), outgoingTrxSun: 100_000n * 1_000_000n };
    const set = { ...view, outgoingTokens: [{ ...view.outgoingTokens[0]!, above: 300_000_000_000n }] };
    const rules = accountRules(set);
    expect(rules.outgoingValue.tokens).toEqual(new Map([[toHexAddress(token), 300_000_000_000n]]));
    expect(rulesView(rules, [tt]).outgoingTokens[0]!.above).toBe(300_000_000_000n);
  });
});

/**
 * The wallet's watchtower on a real embedded node: vault accounts watched automatically, the
 * inbox and its unread count, desktop notifications through the notifier seam, added addresses
 * and rules.
 */
describe('WatchtowerService', () => {
  let setup: EmbeddedWallet;
  let events: RecordedEvents;
  let dev: string[];
  const notifications: { title: string; body: string }[] = [];

  beforeAll(async () => {
    events = recordEvents();
    setup = await startEmbeddedWallet({
      prefix: 'watchtower-service-',
      events,
      blockTimeMs: 100,
      watchPollMs: 100,
      alertNotifier: { notify: (n) => void notifications.push(n) },
    });
    await setup.wallet.vault.initialize('correct horse battery');
    dev = (await setup.wallet.vault.importDevAccounts(2)).map((a) => a.address);
    await events.waitFor('watch:progress', (s) => s.state === 'watching' && s.watching === 2, 20_000);
  });
  afterAll(async () => setup?.close());

  it('watches every vault account: a transfer raises an alert, pending then confirmed, with a notification and an unread count', async () => {
    const { built } = await setup.confirm(
      { kind: 'trx-transfer', owner: dev[0]!, to: dev[1]!, amountSun: '3000000' },
      { until: 'packed' },
    );
    const raised = await events.waitFor('watch:alert', (e) => e.change === 'raised' && e.txid === built.txid, 20_000);
    expect(raised.unread).toBe(1);
    const [alert] = setup.wallet.watchtower.inbox().items;
    expect(alert).toMatchObject({
      rule: 'outgoing-value',
      account: dev[0],
      txid: built.txid,
      readAt: null,
      details: { outflows: [{ asset: 'TRX', amount: '3000000', to: toHexAddress(dev[1]!) }] },
    });
    expect(notifications).toContainEqual({ title: expect.stringContaining('Value sent'), body: alert!.title });

    await events.waitFor('watch:alert', (e) => e.change === 'confirmed' && e.id === alert!.id, 30_000);
    expect(setup.wallet.watchtower.inbox().items.find((a) => a.id === alert!.id)!.status).toBe('confirmed');

    // A call that names no alert marks none; the named ones are marked.
    const unread = setup.wallet.watchtower.inbox().unread;
    expect(await setup.wallet.watchtower.markRead({})).toEqual({ unread });
    const ids = setup.wallet.watchtower.inbox().items.map((a) => a.id);
    expect(await setup.wallet.watchtower.markRead({ ids })).toEqual({ unread: 0 });
    expect(setup.wallet.watchtower.inbox().items.every((a) => a.readAt !== null)).toBe(true);
  });

  it('watches an added address with the default rules, and refuses to remove a vault account', async () => {
    const added = toBase58Address(`41${'ab'.repeat(20)}`);
    const view = await setup.wallet.watchtower.add({ address: added, label: 'Exchange' });
    expect(view).toMatchObject({ address: added, label: 'Exchange', origin: 'added', rules: { outgoingTrxSun: 0n } });
    await expect(setup.wallet.watchtower.add({ address: added, label: 'Again' })).rejects.toMatchObject({
      code: 'WATCH_ALREADY_WATCHED',
    });
    expect(setup.wallet.watchtower.watched().map((a) => [a.address, a.origin])).toEqual([
      [dev[0], 'vault'],
      [dev[1], 'vault'],
      [added, 'added'],
    ]);
    await expect(setup.wallet.watchtower.remove({ address: dev[0]! })).rejects.toMatchObject({
      code: 'WATCH_NOT_REMOVABLE',
    });
    expect(await setup.wallet.watchtower.remove({ address: added })).toEqual({ address: added });
    expect(setup.wallet.watchtower.watched()).toHaveLength(2);
  });

  it('applies changed rules: with outgoing value off, a transfer raises nothing', async () => {
    const before = setup.wallet.watchtower.watched().find((a) => a.address === dev[1])!;
    const view = await setup.wallet.watchtower.setRules({
      address: dev[1]!,
      rules: { ...before.rules, outgoingValue: false },
    });
    expect(view.rules.outgoingValue).toBe(false);
    const { built } = await setup.confirm(
      { kind: 'trx-transfer', owner: dev[1]!, to: dev[0]!, amountSun: '1000000' },
      { until: 'packed' },
    );
    // A later transfer by the other account proves the scanner went past the first one.
    const { built: later } = await setup.confirm(
      { kind: 'trx-transfer', owner: dev[0]!, to: dev[1]!, amountSun: '1000000' },
      { until: 'packed' },
    );
    await events.waitFor('watch:alert', (e) => e.change === 'raised' && e.txid === later.txid, 20_000);
    expect(setup.wallet.watchtower.inbox().items.some((a) => a.txid === built.txid)).toBe(false);
  });

  it('writes alerts with the vault’s labels, the address book’s names and TRX in TRX', async () => {
    const supplier = toBase58Address(`41${'cd'.repeat(20)}`);
    await setup.wallet.addressBook.save({ name: 'Acme Supplies', address: supplier });
    const { built } = await setup.confirm(
      { kind: 'trx-transfer', owner: dev[0]!, to: supplier, amountSun: '2500000' },
      { until: 'packed' },
    );
    await events.waitFor('watch:alert', (e) => e.change === 'raised' && e.txid === built.txid, 20_000);
    const alert = setup.wallet.watchtower.inbox().items.find((a) => a.txid === built.txid)!;
    const label = setup.wallet.vault.listAccounts().find((a) => a.address === dev[0])!.label;
    expect(alert.title).toBe(`Value left ${label}: 2.5 TRX to Acme Supplies.`);
  });

  it('sets no balance floor nobody chose: a brand-new key with no TRX raises no alert', async () => {
    const fresh = toBase58Address(`41${'ef'.repeat(20)}`);
    const view = await setup.wallet.watchtower.add({ address: fresh, label: 'New signer key' });
    expect(view.rules).toMatchObject({ balanceFloor: true, floorTrxSun: 0n });
    // Two transfers after the add: the first one's poll checks the new key's floor, and the inbox
    // takes events in order, so once the second one's alert is in, any floor alert would be too.
    for (let i = 0; i < 2; i++) {
      const { built } = await setup.confirm(
        { kind: 'trx-transfer', owner: dev[0]!, to: dev[1]!, amountSun: '1000000' },
        { until: 'packed' },
      );
      await events.waitFor('watch:alert', (e) => e.change === 'raised' && e.txid === built.txid, 20_000);
    }
    expect(setup.wallet.watchtower.watched().map((a) => a.address)).toContain(fresh);
    expect(setup.wallet.watchtower.inbox().items.filter((a) => a.rule === 'balance-floor')).toEqual([]);
  });
});
