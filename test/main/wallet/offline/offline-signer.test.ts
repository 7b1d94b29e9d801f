import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeFunctionData } from '../../../../src-core/abi/calldata';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import type { FetchLike } from '../../../../src-core/client/fetch';
import {
  createEnvelope,
  envelopeUrParts,
  parseEnvelope,
  serializeEnvelope,
  type Envelope,
  withPolicyRecord,
  type StatedFacts,
} from '../../../../src-core/envelope';
import { definePolicy, signPolicy, unsignedPolicy, withPolicySignature } from '../../../../src-core/policy';
import { toHexAddress } from '../../../../src-core/address/address';
import { EnvelopeError, NodeHostError, WalletError } from '../../../../src-core/errors';
import { buildTransaction, triggerSmartContract } from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { signTransaction } from '../../../../src-core/tx/sign';
import { TRC20_ABI } from '../../../../src-main/wallet/transactions/requests';
import { createWalletServices, type EmbeddedNodeFactory, type WalletServices } from '../../../../src-main/wallet';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { noKeychain, quietLog, recordEvents, removeDir, tempDir } from '../helpers';
import { spyOnNetwork, type NetworkSpy } from './network-spy';
import { mixedUrParts, turnsDuring } from '../cosign/qr-load';

const PASSWORD = 'Offline-Desk-2024!';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A TRC-20 transfer from the 2-of-3 active permission, signed by K1, valid for an hour from now. */
function trc20Proposal(now: number, options: { amount?: bigint; stated?: StatedFacts } = {}): Envelope {
  const tx = buildTransaction(
    triggerSmartContract({
      owner: K.K_ONE.base58,
      contract: USDT,
      data: encodeFunctionData('transfer(address,uint256)', [K.K3.base58, options.amount ?? 1_234_500_000n]),
    }),
    {
      header: transactionHeader({
        refBlock: { number: 51_000_000, blockId: `00000000030a32c0${'ab'.repeat(24)}` },
        headTimestamp: now,
        expirationMs: 3_600_000,
      }),
      feeLimit: 30_000_000n,
      permissionId: 2,
    },
  );
  return createEnvelope({
    transaction: signTransaction(tx, hexToBytes(K.K1.private_key)),
    network: NILE,
    permission: active,
    abi: TRC20_ABI,
    ...(options.stated ? { stated: options.stated } : {}),
    createdAt: now,
  });
}

async function rejection(promise: Promise<unknown>): Promise<WalletError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
}

describe('the offline signer (src-main/wallet/offline)', () => {
  let dir: string;
  let wallet: WalletServices;
  let consent: ScriptedConsent;
  let spy: NetworkSpy | null;
  let nodesStarted: number;
  let fetched: number;

  async function open(mode: 'online' | 'offline'): Promise<WalletServices> {
    const factory: EmbeddedNodeFactory = async () => {
      nodesStarted++;
      throw new Error('no node in this test');
    };
    const services = await createWalletServices({
      userDataDir: dir,
      emit: recordEvents().emit,
      log: quietLog,
      createEmbeddedNode: factory,
      fetch: (async () => {
        fetched++;
        throw new Error('no network in this test');
      }) as unknown as FetchLike,
      clipboard: { writeText: () => undefined },
      secretStore: noKeychain(),
      scrypt: CHEAP_SCRYPT,
      consentSurface: consent,
      settingsDefaults: { mode, embeddedNode: { port: 0 } },
    });
    await services.ready;
    return services;
  }

  beforeEach(async () => {
    dir = await tempDir('offline-signer-');
    consent = ScriptedConsent.approve(PASSWORD);
    spy = null;
    nodesStarted = 0;
    fetched = 0;
  });
  afterEach(async () => {
    spy?.restore();
    await wallet?.close();
    await removeDir(dir);
  });

  it('opens no socket, starts no node and fetches nothing while importing, checking, signing and exporting an envelope', async () => {
    spy = spyOnNetwork();
    wallet = await open('offline');
    await wallet.vault.initialize(PASSWORD);
    const bob = await wallet.vault.importPrivateKey(K.K2.private_key, { label: 'Bob' });
    // The import's own confirmation is not one this test counts.
    consent.asked.length = 0;
    const proposal = trc20Proposal(Date.now());

    const imported = await wallet.offline.importQr({ frames: envelopeUrParts(serializeEnvelope(proposal)).reverse() });
    expect(imported.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['integrity', 'passed'],
      ['permission', 'passed'],
      ['signatures', 'passed'],
      ['expiry', 'passed'],
    ]);
    expect(imported.notCheckable.map((n) => n.id)).toEqual(['permission-on-chain', 'reference-block', 'network']);
    expect(imported.progress).toMatchObject({
      currentWeight: 1n,
      threshold: 2n,
      thresholdMet: false,
      basis: 'envelope',
    });
    expect(imported.call?.signature).toBe('transfer(address,uint256)');
    expect(imported.fingerprint.words).toHaveLength(8);

    const signed = await wallet.offline.sign({ txid: imported.txid, accountId: bob.id });
    expect(consent.asked).toHaveLength(1);
    expect(consent.last?.fingerprint).toBe(imported.fingerprint.text);
    expect(signed.progress).toMatchObject({ currentWeight: 2n, thresholdMet: true });
    const exported = wallet.offline.export({ txid: imported.txid });
    const back = parseEnvelope(exported.text);
    expect(back.transaction.signature).toHaveLength(2);
    expect(exported.frames.length).toBeGreaterThan(1);

    expect(spy.calls).toEqual([]);
    expect(nodesStarted).toBe(0);
    expect(fetched).toBe(0);
    expect(wallet.node.status().state).toBe('stopped');
  });

  it('enforces the treasury policy it holds with the outflows the envelope carries, before main’s window', async () => {
    spy = spyOnNetwork();
    wallet = await open('offline');
    await wallet.vault.initialize(PASSWORD);
    const bob = await wallet.vault.importPrivateKey(K.K2.private_key, { label: 'Bob' });
    const document = definePolicy({
      format: 'tron-treasury-policy/1',
      version: 1,
      account: K.K_ONE.base58,
      permissions: [
        {
          permissionId: 2,
          assets: [{ asset: `TRC20:${USDT}`, symbol: 'USDT', decimals: 6, dailyCap: '2000000000' }],
          unlistedAssets: 'allow',
          tiers: [],
        },
      ],
    });
    const signedPolicy = withPolicySignature(
      unsignedPolicy(document),
      signPolicy(document, hexToBytes(K.K_ONE.private_key)),
    );
    await wallet.policy.adopt(await wallet.policy.planAdoption({ name: 'policy.json', signed: signedPolicy }));
    consent.asked.length = 0;
    const now = Date.now();
    const carried = withPolicyRecord(trc20Proposal(now), {
      version: 1,
      outflows: [{ time: now - 3_600_000, asset: `TRC20:${USDT}`, amount: '1000000000' }],
    });
    const over = await wallet.offline.importQr({ frames: envelopeUrParts(serializeEnvelope(carried)) });
    const refused = await rejection(wallet.offline.sign({ txid: over.txid, accountId: bob.id }));
    expect(refused).toMatchObject({ name: 'PolicyError', code: 'POLICY_BREACH' });
    expect(refused.message).toContain('Treasury policy version 1');
    expect(consent.asked).toHaveLength(0);

    const within = await wallet.offline.importQr({
      frames: envelopeUrParts(serializeEnvelope(trc20Proposal(now + 1, { amount: 1_000_000n }))),
    });
    await wallet.offline.sign({ txid: within.txid, accountId: bob.id });
    expect(consent.asked).toHaveLength(1);
    expect(consent.last?.rows.find((r) => r.label === 'Treasury policy')?.value).toBe(
      'Version 1: every rule passed on this desk.',
    );
    expect(parseEnvelope(wallet.offline.export({ txid: within.txid }).text).policy).toEqual({ version: 1 });
    expect(spy.calls).toEqual([]);
    expect(fetched).toBe(0);
  });

  it('has a spy that sees a connection, a listening server, a lookup and a fetch', async () => {
    spy = spyOnNetwork();
    const net = await import('node:net');
    const dns = await import('node:dns');
    expect(() => new net.Socket().connect(1, '127.0.0.1')).toThrow(/refused by the test/);
    expect(() => net.createServer().listen(0)).toThrow(/refused by the test/);
    expect(() => dns.lookup('localhost', () => undefined)).toThrow(/refused by the test/);
    expect(() => fetch('http://127.0.0.1:1/')).toThrow(/refused by the test/);
    expect(spy.calls).toHaveLength(4);
  });

  it('refuses to start the node or switch network while offline, even when asked directly', async () => {
    wallet = await open('offline');
    expect((await rejection(wallet.node.startEmbedded())).code).toBe('NODE_OFFLINE_MODE');
    expect((await rejection(wallet.node.restartEmbedded())).code).toBe('NODE_OFFLINE_MODE');
    const select = await rejection(wallet.node.selectNetwork({ kind: 'preset', network: 'nile' } as never));
    expect(select).toBeInstanceOf(NodeHostError);
    expect(select.code).toBe('NODE_OFFLINE_MODE');
    expect(nodesStarted).toBe(0);
    expect(fetched).toBe(0);
  });

  it('stops the node when entering the mode, keeps it stopped across a restart, and starts it again when left', async () => {
    wallet = await open('online');
    expect(nodesStarted).toBe(1);
    expect(wallet.offline.status()).toEqual({ offline: false, reason: null });
    await wallet.offline.enter();
    await wallet.close();
    wallet = await open('online');
    // The saved mode wins over the profile's defaults: the offline signer starts offline.
    expect(wallet.offline.status()).toEqual({ offline: true, reason: null });
    expect(nodesStarted).toBe(1);
    // Going online is main's decision on its own window: declined, nothing starts.
    consent.answerWith({ approved: false });
    const declined = await rejection(wallet.offline.leave());
    expect(declined.code).toBe('CONSENT_DECLINED');
    expect(wallet.offline.status()).toEqual({ offline: true, reason: null });
    expect(nodesStarted).toBe(1);
    consent.answerWith({ approved: true });
    await wallet.offline.leave();
    expect(consent.last?.title).toBe('Leave the offline signer and go online');
    expect(wallet.offline.status()).toEqual({ offline: false, reason: null });
    expect(nodesStarted).toBe(2);
  });

  it("reads token amounts and names from the proposer's statement, marked as such, its own names first", async () => {
    wallet = await open('offline');
    await wallet.vault.initialize(PASSWORD);
    await wallet.vault.importPrivateKey(K.K2.private_key, { label: 'Bob' });
    const stated: StatedFacts = {
      tokens: [{ asset: 'TRC20', contract: toHexAddress(USDT), symbol: 'TT', decimals: 6 }],
      names: [
        { address: K.K3.hex, name: 'Carol' },
        { address: K.K1.hex, name: 'Treasury key' },
        { address: K.K2.hex, name: 'Robert' },
      ],
    };
    const text = serializeEnvelope(trc20Proposal(Date.now(), { amount: 250_000_000_000n, stated }));

    const view = await wallet.offline.import({ text, source: 'paste' });
    expect(view.headline).toBe('Send 250,000 TT (stated by the proposer) to Carol (stated by the proposer)');
    expect(view.summary.find((l) => l.label === 'Send (TRC20)')?.value).toBe(
      `250,000 TT (stated by the proposer) to Carol (stated by the proposer) (${K.K3.base58})`,
    );
    const signers = view.progress!.signers;
    expect(signers.map((s) => s.name)).toEqual([
      'Treasury key (stated by the proposer)',
      'Bob (the proposer stated “Robert”)',
      'Carol (stated by the proposer)',
    ]);
    // A stated name gives no custody: only the vault's own key can sign here.
    expect(signers.map((s) => s.accountId !== null)).toEqual([false, true, false]);
    expect(view.network.genesis).toBe('Nile Testnet, genesis …802de4d6cd8690dc');

    const plain = serializeEnvelope(trc20Proposal(Date.now(), { amount: 250_000_000_000n }));
    const unstated = await wallet.offline.import({ text: plain, source: 'paste' });
    expect(unstated.headline).toContain('250000000000 base units (unknown decimals)');
    expect(unstated.progress!.signers.map((s) => s.name)).toEqual([null, 'Bob', null]);
  });

  it('refuses its screen while the wallet is online', async () => {
    wallet = await open('online');
    const error = await rejection(
      Promise.resolve().then(() =>
        wallet.offline.import({ text: serializeEnvelope(trc20Proposal(Date.now())), source: 'paste' }),
      ),
    );
    expect(error).toBeInstanceOf(EnvelopeError);
    expect(error.code).toBe('OFFLINE_MODE_OFF');
  });

  it('refuses an envelope signed by a key outside the permission it carries, and one without a permission', async () => {
    wallet = await open('offline');
    const now = Date.now();
    const stranger = trc20Proposal(now);
    const json = JSON.parse(serializeEnvelope(stranger));
    json.permission.keys = json.permission.keys.filter((k: { address: string }) => k.address !== K.K1.hex);
    json.permission.threshold = '1';
    const error = await rejection(
      Promise.resolve().then(() => wallet.offline.import({ text: JSON.stringify(json), source: 'paste' })),
    );
    // parseEnvelope already refuses a signature by a key its own permission does not hold.
    expect(error.code).toBe('ENVELOPE_FOREIGN_SIGNATURE');

    const { permission: _dropped, ...bare } = JSON.parse(serializeEnvelope(stranger));
    const none = await rejection(
      Promise.resolve().then(() => wallet.offline.import({ text: JSON.stringify(bare), source: 'paste' })),
    );
    expect(none.code).toBe('ENVELOPE_UNKNOWN_PERMISSION');
  });

  it('refuses to sign an envelope that has expired by this computer’s clock, or with a key outside its permission', async () => {
    wallet = await open('offline');
    await wallet.vault.initialize(PASSWORD);
    const bob = await wallet.vault.importPrivateKey(K.K2.private_key, { label: 'Bob' });
    const outsider = await wallet.vault.importPrivateKey(K.K_ONE.private_key, { label: 'Owner' });
    // The imports' own confirmations are not ones this test counts.
    consent.asked.length = 0;
    const old = trc20Proposal(Date.now() - 2 * 3_600_000);
    const view = wallet.offline.import({ text: serializeEnvelope(old), source: 'file' });
    expect(view.checks.find((c) => c.id === 'expiry')).toMatchObject({ outcome: 'warning', title: 'Expired' });
    expect((await rejection(wallet.offline.sign({ txid: view.txid, accountId: bob.id }))).code).toBe('COSIGN_EXPIRED');

    const fresh = wallet.offline.import({ text: serializeEnvelope(trc20Proposal(Date.now())), source: 'file' });
    expect((await rejection(wallet.offline.sign({ txid: fresh.txid, accountId: outsider.id }))).code).toBe(
      'COSIGN_NOT_A_KEY',
    );
    expect(consent.asked).toHaveLength(0);
  });

  it('refuses more QR codes than an envelope is read from, before decoding any', async () => {
    wallet = await open('offline');
    const error = await rejection(
      Promise.resolve().then(() => wallet.offline.importQr({ frames: Array<string>(501).fill('not a code') })),
    );
    expect(error).toBeInstanceOf(EnvelopeError);
    expect(error.code).toBe('ENVELOPE_QR_TOO_MANY_CODES');
    expect(error.message).toContain('at most 500');
  });

  it('refuses a code longer than a QR code holds, before decoding it', async () => {
    wallet = await open('offline');
    const [first] = mixedUrParts(2);
    const tooLong = `ur:bytes/2-2/${'ae'.repeat(2200)}`;
    const error = await rejection(Promise.resolve().then(() => wallet.offline.importQr({ frames: [first!, tooLong] })));
    expect(error).toBeInstanceOf(EnvelopeError);
    expect(error.code).toBe('ENVELOPE_QR_CODE_TOO_LONG');
    expect(error.message).toContain('Code 2 has 4413 characters');
    expect(error.message).toContain('4296');
  });

  it("keeps main's event loop turning while it assembles 500 QR codes", async () => {
    wallet = await open('offline');
    const codes = mixedUrParts(500);
    const { turns, outcome } = await turnsDuring(() => wallet.offline.importQr({ frames: codes }));
    expect(outcome).toBeInstanceOf(EnvelopeError);
    expect(turns).toBeGreaterThanOrEqual(codes.length / 2);
  });
});
