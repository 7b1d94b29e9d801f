import { freshAddress } from '../../../fixtures/addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import { encodeFunctionData } from '@core/abi/calldata';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import {
  createEnvelope,
  envelopeFingerprint,
  parseEnvelope,
  serializeEnvelope,
  envelopeUrParts,
  splitForQr,
} from '@core/envelope';
import { TxRequestSchema, type TxRequestInput } from '@core/ipc/channels/tx';
import { stringifyJson } from '@core/json/lossless';
import {
  accountPermissionUpdateContract,
  buildTransaction,
  transferContract,
  triggerSmartContract,
} from '@core/tx/builders';
import { encodeOperations } from '@core/permission/operations';
import { COSIGN_DEFAULT_EXPIRATION_MS, transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import type { TronNode } from '@main/node';
import { createWalletServices, type WalletServices } from '@main/wallet';
import { UnavailableSecretStore } from '@main/vault/secret-store';
import { attachTo, makeTreasury, type Treasury } from '../../../fixtures/cosign-network';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { expectWalletError, quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';
import { advanceChainPast, realNodeFactory } from '../../../fixtures/real-node';
import { mixedUrParts, turnsDuring } from './qr-load';

const PASSWORD = 'Treasury-Desk-2024!';

interface Profile {
  readonly wallet: WalletServices;
  readonly events: RecordedEvents;
  readonly dir: string;
  readonly clipboard: string[];
}

async function profile(
  createEmbeddedNode: Parameters<typeof createWalletServices>[0]['createEmbeddedNode'],
): Promise<Profile> {
  const dir = await tempDir('cosign-');
  const events = recordEvents();
  const clipboard: string[] = [];
  const wallet = await createWalletServices({
    userDataDir: dir,
    emit: events.emit,
    log: quietLog,
    createEmbeddedNode,
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText: (text) => void clipboard.push(text) },
    secretStore: new UnavailableSecretStore('test', {
      available: false,
      backend: 'test',
      reason: 'MODULE_MISSING',
      message: 'No keychain.',
    }),
    scrypt: CHEAP_SCRYPT,
    consentSurface: ScriptedConsent.approve(PASSWORD),
    embeddedPollMs: 25,
    settingsDefaults: { embeddedNode: { port: 0, blockTimeMs: 100 } },
  });
  await wallet.ready;
  await wallet.vault.initialize(PASSWORD);
  return { wallet, events, dir, clipboard };
}

/**
 * On the main side: two wallet profiles on one embedded chain co-sign a 2-of-3 active
 * permission through envelopes — A holds key 1, B keys 2 and 3 — with every import verified
 * against the signer's own node.
 */
describe('co-signing service on the embedded node', () => {
  let node: TronNode;
  let a: Profile;
  let b: Profile;
  let treasury: Treasury;
  let client: TronNodeClient;
  const accounts = { a: [] as string[], b: [] as string[] };

  const request = (input: TxRequestInput) => TxRequestSchema.parse(input);

  /** A proposes a transfer from the treasury; its vault signs with key 1 and stores the envelope. */
  async function propose(amountSun: string, expirationMs = 3_600_000): Promise<{ id: string; txid: string }> {
    const built = await a.wallet.transactions.build(
      request({ kind: 'trx-transfer', owner: treasury.address, to: freshAddress(0xc051), amountSun, expirationMs }),
    );
    const handed = await a.wallet.transactions.sign({ txid: built.txid });
    expect(handed.state).toBe('cosigning');
    return { id: handed.envelopeId!, txid: built.txid };
  }

  beforeAll(async () => {
    const factory = realNodeFactory();
    const started = factory.started;
    a = await profile(factory);
    node = started[0]!;
    b = await profile(attachTo(node));
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    treasury = await makeTreasury(node);
    accounts.a.push((await a.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' })).id);
    await a.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    accounts.b.push((await b.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' })).id);
    accounts.b.push((await b.wallet.vault.importPrivateKey(treasury.privateKeys[2], { label: 'Carol' })).id);
    await b.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    await a.wallet.node.stores().addressBook.save({ name: 'Bob (desk 2)', address: treasury.keys[1] });
  });
  afterAll(async () => {
    for (const p of [b, a]) {
      await p?.wallet.close();
      if (p) await removeDir(p.dir);
    }
    await node?.stop();
  });

  it('shows the proposal with its fingerprint, the weight so far and who is missing, cross-checked with the node', async () => {
    const { id } = await propose('1500000');
    const detail = await a.wallet.cosign.get({ id });
    expect(detail).toMatchObject({
      origin: 'proposed',
      stage: 'collecting',
      contractType: 'TransferContract',
      currentWeight: 1n,
      threshold: 2n,
      signatures: 1,
    });
    expect(detail.headline).toMatch(/^Send 1\.5 TRX to T/);
    expect(detail.fingerprint.words).toHaveLength(8);
    expect(detail.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['integrity', 'passed'],
      ['network', 'passed'],
      ['tapos', 'passed'],
      ['permission', 'passed'],
      ['signatures', 'passed'],
      ['node-weight', 'passed'],
      ['expiry', 'passed'],
    ]);
    expect(detail.progress).toMatchObject({
      basis: 'chain',
      permissionName: 'payments',
      thresholdMet: false,
      node: { checked: true, agrees: true, currentWeight: 1n },
    });
    expect(detail.progress.signers.map((s) => [s.name, s.signed, s.accountId !== null])).toEqual([
      ['Alice', true, true],
      ['Bob (desk 2)', false, false],
      [null, false, false],
    ]);
    // Counted from the head block: about an hour, never the local clock.
    expect(detail.expiry.windowMs).toBe(3_600_000);
    expect(detail.expiry.state).toBe('open');
    expect(detail.noteEditable).toBe(true);
  });

  it('B imports A’s file, sees the same fingerprint, simulates on its own node, signs; A merges it, broadcasts and follows it to confirmed', async () => {
    const { id, txid } = await propose('2500000');
    await a.wallet.cosign.setOptions({ id, note: 'Q3 payroll' });
    const fromA = a.wallet.cosign.export({ id });
    const aView = await a.wallet.cosign.get({ id });
    expect(aView.exportedAt).toBeNull();
    await a.wallet.cosign.copy({ id });
    expect(a.clipboard.at(-1)).toBe(fromA.text);
    expect((await a.wallet.cosign.get({ id })).noteEditable).toBe(false);
    await expectWalletError(
      a.wallet.cosign.setOptions({ id, note: 'changed later' }),
      'EnvelopeError',
      'COSIGN_NOTE_FIXED',
    );

    const imported = await b.wallet.cosign.import({ text: fromA.text, source: 'file' });
    expect(imported).toMatchObject({ outcome: 'added', newSignatures: 1, broadcast: false });
    expect(imported.detail.fingerprint).toEqual(aView.fingerprint);
    expect(imported.detail.note).toBe('Q3 payroll');
    expect(imported.detail.progress.signers.map((s) => [s.name, s.signed])).toEqual([
      [null, true],
      ['Bob', false],
      ['Carol', false],
    ]);

    const { simulation, cost } = await b.wallet.cosign.simulate({ id: imported.id });
    expect(simulation).toMatchObject({ method: 'dry-run', success: true, stateChanged: false });
    expect(simulation.balanceChanges.find((c) => c.address === treasury.address)?.delta).toBe(
      -(2_500_000n + cost.burnedSun),
    );
    // Two signatures: the multi-signature fee is part of the cost every signer sees.
    expect(cost.fees.find((f) => f.kind === 'multi-signature')?.sun).toBe(1_000_000n);

    await expectWalletError(b.wallet.cosign.broadcast({ id: imported.id }), 'EnvelopeError', 'COSIGN_BELOW_THRESHOLD');
    const signed = await b.wallet.cosign.sign({ id: imported.id, accountId: accounts.b[0]! });
    expect(signed.detail).toMatchObject({ stage: 'ready', currentWeight: 2n, signatures: 2 });
    expect(signed.detail.progress.node).toMatchObject({ thresholdMet: true, agrees: true });
    await expectWalletError(
      b.wallet.cosign.sign({ id: imported.id, accountId: accounts.b[0]! }),
      'EnvelopeError',
      'COSIGN_ALREADY_SIGNED',
    );

    const merged = await a.wallet.cosign.import({
      text: b.wallet.cosign.export({ id: imported.id }).text,
      source: 'file',
    });
    expect(merged).toMatchObject({
      id,
      outcome: 'merged',
      newSignatures: 1,
      detail: { stage: 'ready', currentWeight: 2n },
    });
    const again = await a.wallet.cosign.import({
      text: b.wallet.cosign.export({ id: imported.id }).text,
      source: 'paste',
    });
    expect(again.outcome).toBe('unchanged');

    await a.wallet.cosign.broadcast({ id });
    await a.events.waitFor('tx:status', (s) => s.txid === txid && s.state === 'confirmed', 30_000);
    await expect.poll(async () => (await a.wallet.cosign.get({ id })).stage, { timeout: 5000 }).toBe('confirmed');
    const rows = await a.wallet.history.list();
    const row = rows.find((r) => r.txid === txid)!;
    expect(row).toMatchObject({ stage: 'confirmed', permissionId: 2, envelopeId: id });
    expect(row.headline).toMatch(/^Send 2\.5 TRX to /);
    expect(row.signers.map((s) => s.name).sort()).toEqual(['Alice', 'Bob (desk 2)']);
    expect(row.blockNumber).toBeGreaterThan(0);
    expect(row.feeSun).toBeGreaterThan(0n);
    // B signed someone else's proposal and did not broadcast it: B's node tells it the transaction went out.
    await expect
      .poll(async () => (await b.wallet.cosign.get({ id: imported.id })).stage, { timeout: 5000 })
      .toBe('confirmed');
    expect((await b.wallet.history.list()).find((r) => r.txid === txid)).toMatchObject({
      stage: 'confirmed',
      blockNumber: row.blockNumber,
    });
  });

  it('refuses a tampered envelope (amount changed in the JSON) with the reason', async () => {
    const { id } = await propose('3000000');
    const json = JSON.parse(a.wallet.cosign.export({ id }).text);
    json.transaction.raw_data.contract[0].parameter.value.amount = 300_000_000;
    const error = await expectWalletError(
      b.wallet.cosign.import({ text: JSON.stringify(json), source: 'paste' }),
      'EnvelopeError',
      'ENVELOPE_JSON_HEX_MISMATCH',
    );
    expect(error.message).toMatch(/not what would be signed/);
  });

  it('refuses an envelope of another chain: a foreign genesis id, or a reference block this node does not have', async () => {
    const { id } = await propose('3100000');
    const json = JSON.parse(a.wallet.cosign.export({ id }).text);
    json.network.genesisBlockId = 'ab'.repeat(32);
    await expectWalletError(
      b.wallet.cosign.import({ text: JSON.stringify(json), source: 'paste' }),
      'EnvelopeError',
      'ENVELOPE_WRONG_NETWORK',
    );

    const ref = await client.getRefBlock();
    const forged = buildTransaction(
      transferContract({ owner: treasury.address, to: freshAddress(0xc052), amount: 1n }),
      {
        header: transactionHeader({
          refBlock: { number: ref.number, blockId: ref.blockId.slice(0, 16) + 'cd'.repeat(24) },
          headTimestamp: ref.timestamp,
          expirationMs: 600_000,
        }),
        permissionId: 2,
      },
    );
    const genesisBlockId = (await client.getGenesisBlockId()).toLowerCase();
    const envelope = createEnvelope({
      transaction: forged,
      network: { name: 'Embedded dev node', genesisBlockId },
      createdAt: ref.timestamp,
    });
    const error = await expectWalletError(
      b.wallet.cosign.import({ text: serializeEnvelope(envelope), source: 'file' }),
      'EnvelopeError',
      'ENVELOPE_TAPOS_MISMATCH',
    );
    expect(error.message).toMatch(/another chain/);
  });

  it('refuses a signature by a key the chain’s permission does not hold, even when the envelope’s own snapshot lists it', async () => {
    const ref = await client.getRefBlock();
    const tx = buildTransaction(transferContract({ owner: treasury.address, to: freshAddress(0xc053), amount: 1n }), {
      header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 600_000 }),
      permissionId: 2,
    });
    const stranger = node.accounts[7]!;
    const forgedPermission = {
      type: 'Active' as const,
      id: 2,
      name: 'payments',
      threshold: 1n,
      parentId: 0,
      keys: [{ address: toHexAddress(stranger.address), weight: 1n }],
    };
    const genesisBlockId = (await client.getGenesisBlockId()).toLowerCase();
    const envelope = createEnvelope({
      transaction: signTransaction(tx, hexToBytes(stranger.privateKey)),
      network: { name: 'Embedded dev node', genesisBlockId },
      permission: forgedPermission as never,
      createdAt: ref.timestamp,
    });
    await expectWalletError(
      b.wallet.cosign.import({ text: serializeEnvelope(envelope), source: 'paste' }),
      'EnvelopeError',
      'ENVELOPE_SIGNER_NOT_IN_PERMISSION',
    );
  });

  it('shows an envelope past its expiration as expired, refuses to sign it, and re-proposes it with a fresh reference block, the note and who approved', async () => {
    const { id, txid } = await propose('4000000', 600_000);
    await a.wallet.cosign.setOptions({ id, note: 'rent' });
    await advanceChainPast(node, (await a.wallet.cosign.get({ id })).expiresAt);
    await expect.poll(async () => (await a.wallet.cosign.get({ id })).stage, { timeout: 10_000 }).toBe('expired');
    const expired = await a.wallet.cosign.get({ id });
    expect(expired.checks.find((c) => c.id === 'expiry')).toMatchObject({ outcome: 'warning', title: 'Expired' });
    expect(expired.expiry.remainingMs).toBeLessThan(0);
    await expectWalletError(a.wallet.cosign.sign({ id, accountId: accounts.a[0]! }), 'EnvelopeError', 'COSIGN_EXPIRED');
    await a.events.waitFor('cosign:changed', (c) => c.id === id && c.stage === 'expired', 10_000);
    expect((await a.wallet.history.list()).find((r) => r.txid === txid)?.stage).toBe('expired');

    const fresh = await a.wallet.cosign.repropose({ id });
    expect(fresh.txid).not.toBe(txid);
    expect(fresh).toMatchObject({
      origin: 'proposed',
      stage: 'collecting',
      signatures: 0,
      note: 'rent',
      reproposedFrom: txid,
    });
    expect(fresh.carriedApprovals.map((x) => x.name)).toEqual(['Alice']);
    expect(fresh.expiry.windowMs).toBe(600_000);
    expect(fresh.headline).toBe(expired.headline);
    expect(fresh.fingerprint.text).not.toBe(expired.fingerprint.text);
    expect((await a.wallet.cosign.get({ id })).stage).toBe('replaced');
    await expectWalletError(a.wallet.cosign.repropose({ id: fresh.id }), 'EnvelopeError', 'COSIGN_NOT_EXPIRED');
  });

  it('broadcasts automatically when the proposer chose so and the last signature arrives', async () => {
    const { id, txid } = await propose('5000000');
    await a.wallet.cosign.setOptions({ id, autoBroadcast: true });
    const atB = await b.wallet.cosign.import({ text: a.wallet.cosign.export({ id }).text, source: 'drop' });
    // The choice is the proposer's: B's wallet does not broadcast on its own.
    const signed = await b.wallet.cosign.sign({ id: atB.id, accountId: accounts.b[1]! });
    expect(signed.broadcast).toBe(false);
    const back = await a.wallet.cosign.import({ text: b.wallet.cosign.export({ id: atB.id }).text, source: 'file' });
    expect(back.broadcast).toBe(true);
    expect(back.detail.stage).toBe('broadcast');
    await a.events.waitFor('tx:status', (s) => s.txid === txid && s.state === 'confirmed', 30_000);
  });

  it('carries a large contract call over QR codes read in any order, and still reads the older TRONCOSIGN1 frames', async () => {
    const ref = await client.getRefBlock();
    const abi = [
      {
        type: 'function',
        name: 'store',
        stateMutability: 'nonpayable',
        inputs: [{ name: 'items', type: 'bytes32[]' }],
        outputs: [],
      },
    ];
    const items = Array.from({ length: 40 }, (_, i) => i.toString(16).padStart(64, '0'));
    const data = encodeFunctionData('store(bytes32[])', [items.map((i) => `0x${i}`)]);
    const tx = buildTransaction(
      triggerSmartContract({ owner: treasury.address, contract: node.accounts[8]!.address, data }),
      {
        header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }),
        feeLimit: 100_000_000n,
        permissionId: 2,
      },
    );
    const signed = signTransaction(tx, hexToBytes(treasury.privateKeys[0]));
    const genesisBlockId = (await client.getGenesisBlockId()).toLowerCase();
    const envelope = createEnvelope({
      transaction: signed,
      network: { name: 'Embedded dev node', genesisBlockId },
      abi,
      createdAt: ref.timestamp,
    });
    const frames = envelopeUrParts(serializeEnvelope(envelope));
    expect(frames.length).toBeGreaterThan(3);
    expect(frames.every((frame) => frame.startsWith(`ur:bytes/`))).toBe(true);
    const shuffled = [...frames.slice(2), frames[1]!, frames[0]!].reverse();
    const result = await b.wallet.cosign.importQr({ frames: shuffled });
    expect(result.outcome).toBe('added');
    expect(result.detail.fingerprint.text).toBe(envelopeFingerprint(envelope).text);
    expect(result.detail.call).toMatchObject({
      signature: 'store(bytes32[])',
      args: [{ name: 'items', type: 'bytes32[]' }],
    });
    const exported = b.wallet.cosign.export({ id: result.id });
    expect(parseEnvelope(exported.text).transaction.txID).toBe(envelope.transaction.txID);
    expect(exported.frames).toEqual(envelopeUrParts(exported.text));
    await expectWalletError(
      b.wallet.cosign.importQr({ frames: frames.slice(1) }),
      'EnvelopeError',
      'ENVELOPE_QR_INCOMPLETE',
    );
    const legacy = splitForQr(serializeEnvelope(envelope)).reverse();
    await expect(b.wallet.cosign.importQr({ frames: legacy })).resolves.toMatchObject({ outcome: 'unchanged' });
    expect(stringifyJson(result.detail.summary.find((l) => l.label === 'Fee limit'))).toContain('100 TRX');
  });

  it('receives a permission change the editor could not complete alone, with its diff, in the inbox', async () => {
    // Account 6: owner 2-of-2 over its own key and Alice's; A holds only Alice's.
    const shared = node.accounts[6]!;
    const ref = await client.getRefBlock();
    const setup = buildTransaction(
      accountPermissionUpdateContract({
        owner: shared.hex,
        ownerPermission: {
          type: 'Owner',
          permission_name: 'owner',
          threshold: 2n,
          keys: [
            { address: shared.hex, weight: 1n },
            { address: toHexAddress(treasury.keys[0]), weight: 1n },
          ],
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'active',
            threshold: 1n,
            operations: encodeOperations(['TransferContract']),
            keys: [{ address: shared.hex, weight: 1n }],
          },
        ],
      }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }) },
    );
    await client.broadcastTransaction(signTransaction(setup, hexToBytes(shared.privateKey)));
    await expect
      .poll(async () => (await client.getAccount(shared.address))?.owner_permission.threshold, { timeout: 10_000 })
      .toBe(2n);

    const key = (address: string) => ({ address, weight: 1n });
    const submitted = await a.wallet.permissions.submit(
      shared.address,
      {
        owner: {
          name: 'owner',
          threshold: 2n,
          keys: [key(shared.address), key(treasury.keys[0]), key(treasury.keys[1])],
        },
        actives: [
          {
            name: 'active',
            threshold: 1n,
            keys: [key(shared.address)],
            operations: encodeOperations(['TransferContract']),
          },
        ],
      },
      true,
    );
    expect(submitted).toMatchObject({ state: 'needs-cosigners', weight: 1n, threshold: 2n });
    const detail = await a.wallet.cosign.get({ id: submitted.envelopeId! });
    expect(detail).toMatchObject({
      origin: 'proposed',
      stage: 'collecting',
      contractType: 'AccountPermissionUpdateContract',
      txid: submitted.txid,
    });
    expect(detail.headline).toMatch(/^Change the permissions of T/);
    // A proposal that needs co-signers gets the long default window: the chain's maximum minus a margin.
    expect(detail.expiry.windowMs).toBe(COSIGN_DEFAULT_EXPIRATION_MS);
    expect(detail.checks.every((c) => c.outcome === 'passed')).toBe(true);
    expect(detail.permissionChange?.after[0]).toMatchObject({ label: 'Owner “owner”' });
    expect(detail.permissionChange?.after[0]!.value).toContain('Bob (desk 2)');
    const owner = detail.permissionChange?.diff?.groups.find((g) => g.type === 'Owner');
    // The owner stays 2-of-n and gains Bob's key, with its weight as a bigint.
    expect(owner).toMatchObject({ change: 'changed', keysRemoved: [], weightsChanged: [] });
    expect(owner?.threshold).toBeUndefined();
    expect(owner?.keysAdded).toEqual([{ address: toHexAddress(treasury.keys[1]), weight: 1n }]);
    expect(detail.permissionChange?.directory.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Alice', 'Bob (desk 2)']),
    );
    expect((await a.wallet.history.list()).find((r) => r.txid === submitted.txid)?.stage).toBe('proposed');
  });

  it('refuses to sign with a key outside the permission or a watch-only account, and says when the node is needed', async () => {
    const { id } = await propose('6000000');
    const outsider = await a.wallet.vault.importPrivateKey(node.accounts[7]!.privateKey, { label: 'Outsider' });
    await expectWalletError(a.wallet.cosign.sign({ id, accountId: outsider.id }), 'EnvelopeError', 'COSIGN_NOT_A_KEY');
    const watch = a.wallet.vault.listAccounts().find((x) => x.label === 'Treasury')!;
    await expectWalletError(
      a.wallet.cosign.sign({ id, accountId: watch.id }),
      'EnvelopeError',
      'COSIGN_ACCOUNT_CANNOT_SIGN',
    );
    await expectWalletError(
      a.wallet.cosign.get({ id: 'env_0000000000000000' }),
      'EnvelopeError',
      'COSIGN_UNKNOWN_ENVELOPE',
    );
    await expectWalletError(a.wallet.cosign.openFile(), 'EnvelopeError', 'COSIGN_NO_DIALOG');
    const inbox = await a.wallet.cosign.list();
    expect(inbox.fileDialogs).toEqual({ open: false, save: false });
    expect(inbox.items.length).toBeGreaterThan(3);
  });

  it("keeps main's event loop turning while it assembles 500 QR codes, and refuses 501 before decoding any", async () => {
    const codes = mixedUrParts(500);
    const { turns, outcome } = await turnsDuring(() => b.wallet.cosign.importQr({ frames: codes }));
    expect(outcome).toMatchObject({ name: 'EnvelopeError' });
    expect(turns).toBeGreaterThanOrEqual(codes.length / 2);
    await expectWalletError(
      b.wallet.cosign.importQr({ frames: Array<string>(501).fill('not a code') }),
      'EnvelopeError',
      'ENVELOPE_QR_TOO_MANY_CODES',
    );
  });
});
