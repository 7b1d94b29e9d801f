import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { verifyAuditBundle } from '@core/audit';
import { freshAddress } from '../../../fixtures/addresses';
import { PASSWORD } from '../../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { recordEvents, type RecordedEvents } from '../helpers';

describe('the audit trail of a payment one vault key signs alone', () => {
  let profile: EmbeddedWallet;
  let events: RecordedEvents;
  let payer = '';

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'audit-single-', events, blockTimeMs: 100 });
    await profile.wallet.vault.initialize(PASSWORD);
    payer = (await profile.wallet.vault.importDevAccounts(1))[0]!.address;
  }, 120_000);
  afterAll(() => profile?.close());

  it('records consent, signature, broadcast and confirmation in order on this desk, and the log verifies', async () => {
    const to = freshAddress(0x5a1e);
    const { built, track } = await profile.confirm({
      kind: 'trx-transfer',
      owner: payer,
      to,
      amountSun: '2000000',
      expirationMs: 600_000,
    });
    const bundle = (await profile.wallet.audit.bundleFor(payer))!;
    const desk = profile.wallet.audit.deskId;
    expect(bundle.entries.map((e) => [e.desk, e.seq, e.body.kind, e.txId])).toEqual([
      [desk, 0, 'consent', built.txid],
      [desk, 1, 'signature', built.txid],
      [desk, 2, 'broadcast', built.txid],
      [desk, 3, 'confirmation', built.txid],
    ]);
    const payerHex = toHexAddress(payer).toLowerCase();
    expect(bundle.entries[1]!.body).toMatchObject({ kind: 'signature', signer: payerHex });
    expect(bundle.entries[2]!.body).toMatchObject({ kind: 'broadcast', node: profile.nodes[0]!.url });
    expect(bundle.entries[3]!.body).toMatchObject({
      kind: 'confirmation',
      block: BigInt(track.blockNumber!),
      balanceChanges: expect.arrayContaining([
        { address: toHexAddress(to).toLowerCase(), asset: 'TRX', delta: 2_000_000n },
      ]),
    });
    expect(await verifyAuditBundle(bundle)).toEqual({ ok: true, entries: 4, chains: 1 });
  });
});
