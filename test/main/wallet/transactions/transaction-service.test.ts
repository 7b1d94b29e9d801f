import { freshAddress } from '../../../fixtures/addresses';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '@core/bytes/hex';
import { parseEnvelope } from '@core/envelope';
import type { TxRequestInput } from '@core/ipc/channels/tx';
import { TxRequestSchema } from '@core/ipc/channels/tx';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import {
  accountPermissionUpdateContract,
  assetIssueContract,
  buildTransaction,
  transferContract,
} from '@core/tx/builders';
import { COSIGN_DEFAULT_EXPIRATION_MS, transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import type { TronNode } from '@main/node';
import type { WalletServices } from '@main/wallet';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { expectWalletError, recordEvents, type RecordedEvents } from '../helpers';

const PASSWORD = 'Treasury-Desk-2024!';

/**
 * The transaction service against the real embedded node: build from a typed request with the
 * head block, cost it with the live chain parameters, simulate, sign with a vault key, broadcast
 * and follow it to confirmation; multi-signature proposals become stored envelopes.
 */
describe('transaction service on the embedded node', () => {
  let profile: EmbeddedWallet;
  let wallet: WalletServices;
  let events: RecordedEvents;
  let started: TronNode[];
  let dev: { address: string; id: string }[];
  let client: TronNodeClient;

  const request = (input: TxRequestInput) => TxRequestSchema.parse(input);
  /** The embedded node's dry run where its version has one (feat/node3), fee arithmetic otherwise. */
  const simulationMethod = () => (wallet.node.dryRunner() ? 'dry-run' : 'fee-math');

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({
      prefix: 'tx-service-',
      events,
      blockTimeMs: 100,
      consent: ScriptedConsent.approve(PASSWORD),
    });
    ({ wallet, nodes: started } = profile);
    await wallet.vault.initialize(PASSWORD);
    dev = (await wallet.vault.importDevAccounts(3)).map((a) => ({ address: a.address, id: a.id }));
    client = new TronNodeClient({ fullNodeUrl: started[0]!.url, fetch: globalThis.fetch as unknown as FetchLike });
  });
  afterAll(async () => {
    await profile?.close();
  });

  it('costs a transfer with memo to a new account exactly as the chain then charges it, and follows it to confirmed', async () => {
    const to = freshAddress(0x5151);
    const prepared = await wallet.transactions.build(
      request({ kind: 'trx-transfer', owner: dev[0]!.address, to, amountSun: '2500000', memo: 'invoice 42' }),
    );
    expect(prepared).toMatchObject({
      kind: 'trx-transfer',
      contractType: 'TransferContract',
      state: 'created',
      permissionId: 2,
      memo: 'invoice 42',
    });
    // Least privilege: the active permission (id 2) signs transfers, not the owner.
    expect(prepared.permission.explanation).toMatch(/active/);
    // 100 ms blocks step 3 s slots, so the solo minute is stretched 30-fold in chain time.
    expect(prepared.expiration - prepared.headTime).toBe(30 * 60_000);
    expect(prepared.cost.recipientExists).toBe(false);
    expect(prepared.cost.fees.map((f) => [f.kind, f.sun])).toEqual([
      ['activation', 1_000_000n],
      ['memo', 1_000_000n],
    ]);
    expect(prepared.cost.bandwidth).toMatchObject({ source: 'create-account-burn', burnedSun: 100_000n });
    expect(prepared.cost.burnedSun).toBe(2_100_000n);
    expect(prepared.signing).toMatchObject({ needsCosigning: false, signer: { accountId: dev[0]!.id } });

    const simulation = await wallet.transactions.simulate({ txid: prepared.txid });
    expect(simulation).toMatchObject({ method: simulationMethod(), success: true, stateChanged: false });
    expect(simulation.balanceChanges).toEqual([
      { address: dev[0]!.address, asset: 'TRX', delta: -4_600_000n, decimals: 6 },
      { address: to, asset: 'TRX', delta: 2_500_000n, decimals: 6 },
    ]);

    const signed = await wallet.transactions.sign({ txid: prepared.txid });
    expect(signed.state).toBe('signed');
    expect(signed.signing.signedBy).toEqual([dev[0]!.address]);
    const pooled = await wallet.transactions.broadcast({ txid: prepared.txid });
    expect(['pool', 'packed', 'confirmed']).toContain(pooled.state);

    const confirmed = await events.waitFor(
      'tx:status',
      (s) => s.txid === prepared.txid && s.state === 'confirmed',
      20_000,
    );
    expect(confirmed.success).toBe(true);
    const track = await wallet.transactions.track({ txid: prepared.txid });
    expect(track).toMatchObject({ state: 'confirmed', success: true, result: 'SUCCESS', estimatedBurnSun: 2_100_000n });
    expect(track.feeSun).toBe(prepared.cost.burnedSun);
    expect(track.blockId).toMatch(/^[0-9a-f]{64}$/);
    expect(track.steps.every((s) => s.reached)).toBe(true);
    const states = events
      .of('tx:status')
      .filter((s) => s.txid === prepared.txid)
      .map((s) => s.state);
    expect(states[0]).toBe('signed');
    expect(states.at(-1)).toBe('confirmed');
    const history = wallet.transactions.history();
    expect(history[0]).toMatchObject({
      txid: prepared.txid,
      status: 'confirmed',
      feeSun: 2_100_000n,
      type: 'TransferContract',
    });
    expect((await client.getAccount(to))?.balance).toBe(2_500_000n);
  });

  it('refuses an expiration beyond 24 hours and counts expiration from the head block time', async () => {
    const head = await client.getRefBlock();
    const prepared = await wallet.transactions.build(
      request({
        kind: 'trx-transfer',
        owner: dev[1]!.address,
        to: dev[2]!.address,
        amountSun: '1',
        expirationMs: 86_400_000,
      }),
    );
    expect(prepared.expiration - prepared.headTime).toBe(86_400_000);
    expect(prepared.headTime).toBeGreaterThanOrEqual(head.timestamp);
    expect(
      TxRequestSchema.safeParse({
        kind: 'trx-transfer',
        owner: dev[1]!.address,
        to: dev[2]!.address,
        amountSun: '1',
        expirationMs: 86_400_001,
      }).success,
    ).toBe(false);
  });

  it('says before building that no permission it holds a key of may sign, and why', async () => {
    const watch = await wallet.vault.addWatchOnly(freshAddress(0x77), { label: 'Watched' });
    const choice = await wallet.transactions.permissions({ owner: watch.address, kind: 'freeze' });
    expect(choice.permissionId).toBeNull();
    expect(choice.explanation).toMatch(/None of your keys/);
    expect(choice.candidates.map((c) => c.reasons.map((r) => r.code))).toEqual([
      ['CHOOSE_NO_HELD_KEY'],
      ['CHOOSE_NO_HELD_KEY'],
    ]);
    await expectWalletError(
      wallet.transactions.build(
        request({ kind: 'freeze', owner: watch.address, amountSun: '1000000', resource: 'ENERGY' }),
      ),
      'PermissionError',
      'PERM_NO_PERMISSION_CAN_SIGN',
    );
  });

  it('hands a 2-of-2 transfer off as a stored co-signing envelope signed by the proposer', async () => {
    // dev[1]'s owner becomes dev[1] + an outside key, weight 1 each, threshold 2.
    const owner = dev[1]!.address;
    const outside = freshAddress(0x9191);
    const ref = await client.getRefBlock();
    const update = buildTransaction(
      accountPermissionUpdateContract({
        owner,
        ownerPermission: {
          type: 'Owner',
          permission_name: 'owner',
          threshold: 2n,
          keys: [
            { address: owner, weight: 1n },
            { address: outside, weight: 1n },
          ],
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'active',
            threshold: 1n,
            operations: '7fff1fc0033efb07000000000000000000000000000000000000000000000000',
            keys: [{ address: owner, weight: 1n }],
          },
        ],
      }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }) },
    );
    const key = started[0]!.accounts[1]!.privateKey;
    await client.broadcastTransaction(signTransaction(update, hexToBytes(key)));
    await events.waitFor('node:block', () => true);
    await expect
      .poll(async () => (await client.getAccount(owner))?.owner_permission.threshold, { timeout: 5000 })
      .toBe(2n);

    // A group of several keys that covers transfers comes before a single key: the 2-of-2 owner,
    // not the 1-of-1 active, unless the person picks the single key.
    const choice = await wallet.transactions.permissions({ owner, kind: 'trx-transfer' });
    expect(choice.permissionId).toBe(0);
    const ownerOnly = await wallet.transactions.build(
      request({ kind: 'trx-transfer', owner, to: dev[2]!.address, amountSun: '1000000', permissionId: 0 }),
    );
    expect(ownerOnly.permissionId).toBe(0);
    expect(ownerOnly.signing.needsCosigning).toBe(true);
    // Co-signers on other desktops get the chain's 24 h less an hour's margin, not a minute.
    expect(ownerOnly.expiration - ownerOnly.headTime).toBe(23 * 3_600_000);
    expect(ownerOnly.cost.expectedSignatures).toBe(2);
    expect(ownerOnly.cost.fees.find((f) => f.kind === 'multi-signature')?.sun).toBe(1_000_000n);

    const handed = await wallet.transactions.sign({ txid: ownerOnly.txid });
    expect(handed.state).toBe('cosigning');
    expect(handed.signing.signedBy).toEqual([owner]);
    const stored = wallet.node.stores().envelopes.get(handed.envelopeId!)!;
    const envelope = parseEnvelope(stored.envelope as string);
    expect(envelope.transaction.txID).toBe(ownerOnly.txid);
    expect(envelope.permission?.threshold).toBe('2');
    await expectWalletError(
      wallet.transactions.broadcast({ txid: ownerOnly.txid }),
      'TransactionError',
      'TX_NOT_FULLY_SIGNED',
    );
    expect(wallet.transactions.history().find((h) => h.txid === ownerOnly.txid)?.status).toBe('signed');
  });

  it('sends a TRC10 token with its precision from the chain and simulates the token movement', async () => {
    const issuer = started[0]!.accounts[2]!;
    const ref = await client.getRefBlock();
    const issue = buildTransaction(
      assetIssueContract({
        owner: issuer.hex,
        name: 'Local',
        abbr: 'LOC',
        totalSupply: 1_000_000_000n,
        precision: 2,
        trxNum: 1_000_000,
        num: 1,
        startTime: ref.timestamp + 60_000,
        endTime: ref.timestamp + 86_400_000,
        url: 'https://loc.example',
      }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }) },
    );
    await client.broadcastTransaction(signTransaction(issue, hexToBytes(issuer.privateKey)));
    await expect
      .poll(async () => (await client.getAccount(issuer.address))?.asset_issued_ID, { timeout: 5000 })
      .not.toBe('');
    const tokenId = (await client.getAccount(issuer.address))!.asset_issued_ID;

    const to = freshAddress(0x7171);
    const prepared = await wallet.transactions.build(
      request({ kind: 'trc10-transfer', owner: issuer.address, to, tokenId, amount: '1250' }),
    );
    expect(prepared.summary).toContainEqual({ label: 'Amount', value: '12.5 LOC', raw: '1,250 base units' });
    expect(prepared.cost.fees.map((f) => f.kind)).toEqual(['activation']);
    const simulation = await wallet.transactions.simulate({ txid: prepared.txid });
    // In the token's precision (2): 12.5 LOC.
    expect(simulation.balanceChanges).toContainEqual({
      address: to,
      asset: `LOC (TRC10 ${tokenId})`,
      delta: 1250n,
      decimals: 2,
    });
    await wallet.transactions.sign({ txid: prepared.txid });
    await wallet.transactions.broadcast({ txid: prepared.txid });
    const done = await events.waitFor(
      'tx:status',
      (s) => s.txid === prepared.txid && (s.state === 'confirmed' || s.state === 'failed'),
      20_000,
    );
    expect(done).toMatchObject({ state: 'confirmed', success: true });
    const track = await wallet.transactions.track({ txid: prepared.txid });
    expect(track.feeSun).toBe(prepared.cost.burnedSun);
    expect((await client.getAccount(to))?.assetV2).toEqual([{ key: tokenId, value: 1250n }]);
  });

  it('says what an unstake, a withdrawal or a reward claim with nothing to take would do, before signing', async () => {
    const owner = dev[2]!.address;
    for (const req of [
      request({ kind: 'withdraw-unfreeze', owner }),
      request({ kind: 'unfreeze', owner, amountSun: '1000000', resource: 'ENERGY' }),
      request({ kind: 'withdraw-rewards', owner }),
    ]) {
      const built = await wallet.transactions.build(req);
      const simulation = await wallet.transactions.simulate({ txid: built.txid });
      expect({ kind: req.kind, method: simulation.method, success: simulation.success }).toEqual({
        kind: req.kind,
        method: simulationMethod(),
        success: false,
      });
      expect(simulation.reason?.length).toBeGreaterThan(10);
    }
  });

  it('gives no energy estimate or fee_limit for a call to an address without a contract, and says why', async () => {
    const call = request({
      kind: 'call',
      owner: dev[0]!.address,
      contract: dev[2]!.address,
      function: 'ping()',
      args: [],
    });
    // A node with contract endpoints says there is no contract there; one without says it runs none.
    const servesContracts = await client.getContract(dev[2]!.address).then(
      () => true,
      () => false,
    );
    if (servesContracts) {
      await expectWalletError(wallet.transactions.estimate(call), 'ValidationError', 'TX_NO_CONTRACT');
    } else {
      const estimate = await wallet.transactions.estimate(call);
      expect(estimate.energy).toBeNull();
      expect(estimate.problem).toMatch(/cannot run smart contracts/);
      expect(estimate.feeLimits.map((s) => s.feeLimitSun)).toEqual([null, null, null]);
    }
  });

  it('follows a transaction broadcast elsewhere (the co-signing inbox) from pending in the history to confirmed', async () => {
    const node = started[0]!;
    const ref = await client.getRefBlock();
    const tx = buildTransaction(
      transferContract({ owner: node.accounts[2]!.hex, to: node.accounts[0]!.hex, amount: 1_000n }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }) },
    );
    await client.broadcastTransaction(signTransaction(tx, hexToBytes(node.accounts[2]!.privateKey)));
    const at = Date.now();
    const view = await wallet.tracker.follow(
      {
        txid: tx.txID,
        contractType: 'TransferContract',
        owner: dev[2]!.address,
        permissionId: 0,
        expiresAt: Number(tx.raw_data.expiration),
      },
      at,
    );
    expect(['pool', 'packed', 'confirmed']).toContain(view.state);
    expect(events.of('tx:status').find((s) => s.txid === tx.txID)?.state).toBe('pool');
    await events.waitFor('tx:status', (s) => s.txid === tx.txID && s.state === 'confirmed', 20_000);
    const entry = wallet.node.stores().history.get(tx.txID);
    expect(entry).toMatchObject({
      status: 'confirmed',
      type: 'TransferContract',
      owner: dev[2]!.address,
      permissionId: 0,
      broadcastAt: at,
    });
    expect(entry?.blockNumber).toBeGreaterThan(0);
  });

  it('submits a contract built elsewhere that the vault completes: the solo window (a wall-clock minute) whatever was chosen for co-signers, signed, broadcast and followed to confirmed', async () => {
    const spec = transferContract({ owner: dev[0]!.address, to: dev[2]!.address, amount: 3_000n });
    const submitted = await wallet.transactions.submitContract({
      spec,
      permissionId: 0,
      signers: [{ accountId: dev[0]!.id, weight: 1n }],
      threshold: 1n,
      label: 'Test contract',
      expirationMs: 3 * 3_600_000,
    });
    expect(submitted).toMatchObject({ state: 'broadcast', signatures: 1, weight: 1n, envelopeId: null });
    await events.waitFor('tx:status', (s) => s.txid === submitted.txid && s.state === 'confirmed', 20_000);
    const onChain = (await client.getTransactionById(submitted.txid))!;
    expect(Number(onChain.raw_data.expiration) - Number(onChain.raw_data.timestamp)).toBe(30 * 60_000);
    expect(wallet.node.stores().history.get(submitted.txid)).toMatchObject({
      status: 'confirmed',
      type: 'TransferContract',
      owner: dev[0]!.address,
      permissionId: 0,
    });
  });

  it('hands a contract built elsewhere that needs co-signers to the inbox with the long co-signing window', async () => {
    const spec = transferContract({ owner: dev[0]!.address, to: dev[2]!.address, amount: 4_000n });
    const submitted = await wallet.transactions.submitContract({
      spec,
      permissionId: 0,
      signers: [{ accountId: dev[0]!.id, weight: 1n }],
      threshold: 2n,
      label: 'Test contract',
    });
    expect(submitted).toMatchObject({ state: 'needs-cosigners', signatures: 1, weight: 1n });
    const stored = wallet.node.stores().envelopes.get(submitted.envelopeId!)!;
    expect(stored).toMatchObject({ label: 'Test contract', origin: 'proposed', txid: submitted.txid });
    const envelope = parseEnvelope(stored.envelope as string);
    expect(Number(envelope.transaction.raw_data.expiration) - Number(envelope.transaction.raw_data.timestamp)).toBe(
      COSIGN_DEFAULT_EXPIRATION_MS,
    );
    expect(events.of('cosign:changed').some((c) => c.id === submitted.envelopeId && c.stage === 'collecting')).toBe(
      true,
    );
    expect(wallet.node.stores().history.get(submitted.txid)).toMatchObject({
      status: 'signed',
      message: 'Waiting for co-signers: the envelope is in the co-signing inbox.',
    });
  });

  it('gives a contract built elsewhere the window the person chose when co-signers must complete it', async () => {
    const spec = transferContract({ owner: dev[0]!.address, to: dev[2]!.address, amount: 4_001n });
    const submitted = await wallet.transactions.submitContract({
      spec,
      permissionId: 0,
      signers: [{ accountId: dev[0]!.id, weight: 1n }],
      threshold: 2n,
      label: 'Chosen window',
      expirationMs: 3 * 3_600_000,
    });
    const envelope = parseEnvelope(wallet.node.stores().envelopes.get(submitted.envelopeId!)!.envelope as string);
    expect(Number(envelope.transaction.raw_data.expiration) - Number(envelope.transaction.raw_data.timestamp)).toBe(
      3 * 3_600_000,
    );
  });

  it('shows a signed transaction left unbroadcast past its expiration as expired, and refuses to broadcast it', async () => {
    const prepared = await wallet.transactions.build(
      request({
        kind: 'trx-transfer',
        owner: dev[1]!.address,
        to: dev[2]!.address,
        amountSun: '1',
        expirationMs: 10_000,
        // dev[1]'s owner is 2-of-2 by now: its 1-of-1 active signs alone.
        permissionId: 2,
      }),
    );
    expect((await wallet.transactions.sign({ txid: prepared.txid })).state).toBe('signed');
    await events.waitFor('node:block', (b) => b.timestamp > prepared.expiration, 10_000);
    const track = await wallet.transactions.track({ txid: prepared.txid });
    expect(track).toMatchObject({ state: 'expired', message: 'It expired before it was broadcast; build it again.' });
    expect(track.steps.find((s) => s.state === 'pool')?.reached).toBe(false);
    await expectWalletError(wallet.transactions.broadcast({ txid: prepared.txid }), 'TransactionError', 'TX_EXPIRED');
    expect(wallet.transactions.history().find((h) => h.txid === prepared.txid)?.status).toBe('expired');
  });

  it('refuses to sign or broadcast a transaction it did not build', async () => {
    await expectWalletError(
      async () => wallet.transactions.sign({ txid: 'ab'.repeat(32) }),
      'TransactionError',
      'TX_UNKNOWN',
    );
  });
});
