import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import {
  appendAuditEntry,
  createAuditBundle,
  serializeAuditBundle,
  verifyAuditBundle,
  type AuditBundle,
} from '@core/audit';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import type { FetchLike } from '@core/client/fetch';
import { parseEnvelope } from '@core/envelope';
import { TxRequestSchema } from '@core/ipc/channels/tx';
import { privateKeyFromHex, signDigest } from '@core/keys/keys';
import type { TronNode } from '@main/node';
import { createWalletServices, type WalletServices } from '@main/wallet';
import { runAuditCommand } from '@main/wallet/audit-cli/commands';
import { shownHash } from '@main/wallet/consent/consent-gate';
import { freshAddress } from '../../../fixtures/addresses';
import { attachTo, makeTreasury, type Treasury } from '../../../fixtures/cosign-network';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { realNodeFactory } from '../../../fixtures/real-node';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { noKeychain, quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

const PASSWORD = 'Treasury-Desk-2024!';

interface Desk {
  readonly wallet: WalletServices;
  readonly events: RecordedEvents;
  readonly consent: ScriptedConsent;
  readonly dir: string;
}

async function openDesk(createEmbeddedNode: Parameters<typeof createWalletServices>[0]['createEmbeddedNode']) {
  const dir = await tempDir('audit-flow-');
  const events = recordEvents();
  const consent = ScriptedConsent.approve(PASSWORD);
  const wallet = await createWalletServices({
    userDataDir: dir,
    emit: events.emit,
    log: quietLog,
    createEmbeddedNode,
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText() {} },
    secretStore: noKeychain(),
    scrypt: CHEAP_SCRYPT,
    consentSurface: consent,
    embeddedPollMs: 25,
    appVersion: '9.8.7-test',
    settingsDefaults: { embeddedNode: { port: 0, blockTimeMs: 100 } },
  });
  await wallet.ready;
  await wallet.vault.initialize(PASSWORD);
  return { wallet, events, consent, dir } satisfies Desk;
}

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runAuditCommand(args, {
    stdout: (t) => (out += t),
    stderr: (t) => (out += t),
    fetch: globalThis.fetch as unknown as FetchLike,
  });
  return { code, out };
}

const kinds = (bundle: AuditBundle, desk: string) =>
  bundle.entries.filter((e) => e.desk === desk).map((e) => `${e.seq}:${e.body.kind}`);

/**
 * Two desks on one embedded chain and a 2-of-3 treasury: desk A proposes a payment signed with
 * key 1, desk B imports it, simulates, signs with key 2 and broadcasts; the payment confirms.
 */
describe('the audit trail of a co-signed payment on the embedded node', () => {
  let node: TronNode;
  let a: Desk;
  let b: Desk;
  let treasury: Treasury;
  let txid = '';
  let deskA = '';
  let deskB = '';

  beforeAll(async () => {
    const factory = realNodeFactory();
    a = await openDesk(factory);
    node = factory.started[0]!;
    b = await openDesk(attachTo(node));
    treasury = await makeTreasury(node);
    await a.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    await a.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    const bob = await b.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' });
    await b.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    deskA = a.wallet.audit.deskId;
    deskB = b.wallet.audit.deskId;

    const built = await a.wallet.transactions.build(
      TxRequestSchema.parse({
        kind: 'trx-transfer',
        owner: treasury.address,
        to: freshAddress(0xa0d1),
        amountSun: '1500000',
        expirationMs: 3_600_000,
      }),
    );
    txid = built.txid;
    const handed = await a.wallet.transactions.sign({ txid });
    const fromA = a.wallet.cosign.export({ id: handed.envelopeId! }).text;
    const imported = await b.wallet.cosign.import({ text: fromA, source: 'file' });
    await b.wallet.cosign.simulate({ id: imported.id });
    await b.wallet.cosign.sign({ id: imported.id, accountId: bob.id });
    // Back to A before the broadcast, as a co-signer returns the signed file.
    await a.wallet.cosign.import({ text: b.wallet.cosign.export({ id: imported.id }).text, source: 'file' });
    await b.wallet.cosign.broadcast({ id: imported.id });
    await b.events.waitFor('tx:status', (s) => s.txid === txid && s.state === 'confirmed', 60_000);
  }, 180_000);

  afterAll(async () => {
    for (const desk of [b, a]) {
      await desk?.wallet.close();
      if (desk) await removeDir(desk.dir);
    }
    await node?.stop();
  });

  it('writes each step in order on the desk that took it, and the bundle verifies', async () => {
    const bundle = (await b.wallet.audit.bundleFor(treasury.address))!;
    // A signed with key 1 and then proposed; B checked, signed, broadcast and saw it confirmed.
    expect(kinds(bundle, deskA)).toEqual(['0:consent', '1:signature', '2:proposal']);
    expect(kinds(bundle, deskB)).toEqual(['0:checks', '1:consent', '2:signature', '3:broadcast', '4:confirmation']);
    expect(await verifyAuditBundle(bundle)).toMatchObject({ ok: true, entries: 8, chains: 2 });
    const byKind = (kind: string, desk: string) => bundle.entries.find((e) => e.desk === desk && e.body.kind === kind)!;
    expect(byKind('proposal', deskA)).toMatchObject({
      txId: txid,
      body: { proposer: toHexAddress(treasury.keys[0]).toLowerCase(), appVersion: '9.8.7-test' },
    });
    expect(byKind('consent', deskB)).toMatchObject({
      body: { signer: toHexAddress(treasury.keys[1]).toLowerCase(), keyKind: 'vault' },
    });
    const { id: _id, ...shown } = b.consent.asked.at(-1)!.request;
    expect(byKind('consent', deskB).body).toMatchObject({ shownHash: shownHash(shown) });
    expect(byKind('checks', deskB).body).toMatchObject({ simulation: { ok: true } });
    const info = (await b.wallet.node.client()!.getTransactionInfoById(txid))!;
    const treasuryHex = toHexAddress(treasury.address).toLowerCase();
    expect(byKind('confirmation', deskB).body).toMatchObject({
      block: BigInt(info.blockNumber),
      fee: info.fee,
      balanceChanges: expect.arrayContaining([{ address: treasuryHex, asset: 'TRX', delta: -1_500_000n - info.fee }]),
    });
  });

  it('carries the log in the exported envelope, outside its fingerprint, and every desk ends with the whole story', async () => {
    const entry = b.wallet.node.stores().envelopes.byTxid(txid)!;
    const envelope = parseEnvelope(b.wallet.cosign.export({ id: entry.id }).text);
    expect(envelope.audit?.entries.length).toBeGreaterThanOrEqual(8);
    // A merged B's entries when the signed file came back, and its own node showed the confirmation.
    await expect
      .poll(async () => kinds((await a.wallet.audit.bundleFor(treasury.address))!, deskA).at(-1), { timeout: 20_000 })
      .toBe('3:confirmation');
    const atA = (await a.wallet.audit.bundleFor(treasury.address))!;
    expect(kinds(atA, deskB).slice(0, 3)).toEqual(['0:checks', '1:consent', '2:signature']);
    expect(await verifyAuditBundle(atA)).toMatchObject({ ok: true });
  });

  it('exports the period from the desk’s folder and verifies it against the node; a key outside the permission fails', async () => {
    const out = join(b.dir, 'audit-out');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const exported = await cli([
      'export',
      '--account',
      treasury.address,
      '--from',
      day(-1),
      '--to',
      day(1),
      '--data',
      b.dir,
      '--out',
      out,
    ]);
    expect(exported.code, exported.out).toBe(0);
    const file = join(
      out,
      (await readdir(out)).find((f) => f.endsWith('.json'))!,
    );
    const verified = await cli(['verify', file, '--node', node.url]);
    expect(verified.out).toMatch(/INTACT/);
    expect(verified.out).not.toMatch(/Note:/);
    expect(verified.code).toBe(0);

    // Desk B's chain gains a signature over the same transaction by a funded key the permission never held.
    const bundle = (await b.wallet.audit.bundleFor(treasury.address))!;
    const head = bundle.entries.filter((e) => e.desk === deskB).at(-1)!;
    const outsider = node.accounts[7]!;
    const forged = appendAuditEntry(head, {
      account: bundle.account,
      desk: deskB,
      at: head.at + 1,
      txId: txid,
      body: {
        kind: 'signature',
        signer: outsider.hex.toLowerCase(),
        signature: bytesToHex(signDigest(hexToBytes(txid), privateKeyFromHex(outsider.privateKey))),
      },
    });
    const forgedFile = join(out, 'forged.json');
    await writeFile(forgedFile, serializeAuditBundle(createAuditBundle(bundle.account, [...bundle.entries, forged])));
    // Without the node its signature is sound; against the node its key was never in the permission.
    expect((await cli(['verify', forgedFile])).code).toBe(0);
    const refused = await cli(['verify', forgedFile, '--node', node.url]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(
      new RegExp(`AUDIT_SIGNER_NOT_PERMITTED\\) at entry \\d+ of the file, entry 5 of desk ${deskB}`),
    );
  });
});
