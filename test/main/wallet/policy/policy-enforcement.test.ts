import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEV_MNEMONIC } from '../../../../src-main/node/config';
import { deriveKeys, FUNDED_PATH } from '../../../../src-main/node/genesis';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import { TxRequestSchema } from '../../../../src-core/ipc/channels/tx';
import {
  definePolicy,
  policyToJson,
  signPolicy,
  unsignedPolicy,
  withPolicySignature,
  type PolicyDocument,
  type SignedPolicy,
} from '../../../../src-core/policy';
import { createEnvelope, serializeEnvelope } from '../../../../src-core/envelope';
import { buildTransaction, transferContract } from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { ConsentedPolicy } from '../../../../src-main/wallet/consent/consented-policy';
import { POLICY_OVERRIDE_WORD } from '../../../../src-main/wallet/consent/policy-consent';
import type { PolicyOverrideEvent, PolicyVerdictEvent } from '../../../../src-main/wallet/policy/policy-service';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { PASSWORD } from '../../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { recordEvents } from '../helpers';

const TRX = 1_000_000n;

function policyFor(account: string, version: number): PolicyDocument {
  const rules = (permissionId: number) => ({
    permissionId,
    assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: `${5n * TRX}`, perTransactionCap: `${3n * TRX}` }],
    unlistedAssets: 'allow' as const,
    tiers: [],
  });
  return definePolicy({ format: 'tron-treasury-policy/1', version, account, permissions: [rules(0), rules(2)] });
}

function fileText(signed: SignedPolicy): string {
  return JSON.stringify({ policy: policyToJson(signed.policy), digest: signed.digest, signatures: signed.signatures });
}

/**
 * A treasury policy adopted on a wallet over the embedded dev node: its daily cap counted from the
 * node's own account history, the breach refused before main's window opens, an owner override
 * recorded, and adoption refusing what the chain's owner did not sign or an older version.
 */
describe('treasury policy enforced before signing, on the embedded dev node', () => {
  let profile: EmbeddedWallet;
  let dev: VaultAccount[];
  let owner: Uint8Array;
  let policy: ConsentedPolicy;
  const consent = ScriptedConsent.approve(PASSWORD, POLICY_OVERRIDE_WORD);
  const files: { name: string; text: string }[] = [];
  const verdicts: PolicyVerdictEvent[] = [];
  const overrides: PolicyOverrideEvent[] = [];

  beforeAll(async () => {
    profile = await startEmbeddedWallet({
      prefix: 'policy-',
      events: recordEvents(),
      blockTimeMs: 100,
      consent,
      fileDialogs: { openText: async () => files.shift() ?? null },
    });
    await profile.wallet.vault.initialize(PASSWORD);
    dev = await profile.wallet.vault.importDevAccounts(3);
    const keys = deriveKeys(DEFAULT_DEV_MNEMONIC, FUNDED_PATH, 1);
    expect(keys[0]!.base58).toBe(dev[0]!.address);
    owner = keys[0]!.privateKey;
    policy = new ConsentedPolicy(profile.wallet.policy, profile.wallet.vault.consent, profile.wallet.vault);
    profile.wallet.policy.onVerdict((event) => verdicts.push(event));
    profile.wallet.policy.onOverride((event) => overrides.push(event));
  }, 120_000);
  afterAll(async () => {
    await profile?.close();
  });

  const signed = (version: number) => {
    const document = policyFor(dev[0]!.address, version);
    return withPolicySignature(unsignedPolicy(document), signPolicy(document, owner));
  };

  async function build(amount: bigint) {
    return profile.wallet.transactions.build(
      TxRequestSchema.parse({
        kind: 'trx-transfer',
        owner: dev[0]!.address,
        to: dev[1]!.address,
        amountSun: `${amount}`,
      }),
    );
  }

  it('refuses a policy the chain’s owner did not sign, before main’s window opens', async () => {
    files.push({ name: 'unsigned.json', text: fileText(unsignedPolicy(policyFor(dev[0]!.address, 1))) });
    consent.answerWith({ approved: true, password: PASSWORD, typed: POLICY_OVERRIDE_WORD });
    await expect(policy.adopt()).rejects.toMatchObject({ name: 'PolicyError', code: 'POLICY_NOT_ADOPTABLE' });
    expect(consent.asked).toHaveLength(0);
    expect((await profile.wallet.policy.status({ account: dev[0]!.address })).adopted).toBeNull();
  });

  it('adopts a policy signed by the owner key after main’s window, shown as verified', async () => {
    files.push({ name: 'treasury-v2.json', text: fileText(signed(2)) });
    const status = await policy.adopt();
    expect(consent.asked).toHaveLength(1);
    expect(consent.last?.title).toBe(`Adopt treasury policy version 2 for ${dev[0]!.address}`);
    expect(status?.adopted).toMatchObject({ version: 2, fileName: 'treasury-v2.json' });
    expect(status?.adopted?.signature).toMatchObject({ status: 'verified', weight: 1n, threshold: 1n });
  });

  it('refuses a version equal to or below the adopted one, with a sentence', async () => {
    for (const version of [2, 1]) {
      files.push({ name: `old-v${version}.json`, text: fileText(signed(version)) });
      consent.answerWith({ approved: true });
      const error = await policy.adopt().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_VERSION_NOT_NEWER' });
      expect((error as Error).message).toContain(`holds policy version ${version}`);
      expect((error as Error).message).toContain('version 2 is already adopted');
      expect(consent.asked).toHaveLength(0);
    }
  });

  it('counts the daily cap from the node’s history and blocks the payment over it before main’s window', async () => {
    consent.answerWith({ approved: true, password: PASSWORD, typed: POLICY_OVERRIDE_WORD });
    await profile.confirm({ kind: 'trx-transfer', owner: dev[0]!.address, to: dev[1]!.address, amountSun: '2000000' });
    await profile.confirm({ kind: 'trx-transfer', owner: dev[0]!.address, to: dev[2]!.address, amountSun: '2000000' });
    const built = await build(2n * TRX);
    const verdict = await profile.wallet.policy.verdict({ txid: built.txid });
    expect(verdict.policyVersion).toBe(2);
    expect(verdict.verdicts[0]?.pass).toBe(false);
    expect(verdict.verdicts[0]?.breaches.map((b) => b.code)).toEqual(['POLICY_DAILY_CAP']);
    consent.answerWith({ approved: true, password: PASSWORD, typed: POLICY_OVERRIDE_WORD });
    const error = await profile.wallet.transactions.sign({ txid: built.txid }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_BREACH' });
    const message = (error as Error).message;
    expect(message).toContain('Treasury policy version 2');
    expect(message).toContain('4 TRX');
    expect(message).toContain('5 TRX');
    expect(consent.asked).toHaveLength(0);
    const blocked = verdicts.at(-1)!;
    expect(blocked).toMatchObject({ txid: built.txid, policyVersion: 2, history: 'node', overriddenBy: null });
    expect(blocked.verdict.pass).toBe(false);
  }, 120_000);

  it('passes a payment inside the cap, with the policy row on main’s window', async () => {
    const built = await build(1n * TRX);
    consent.answerWith({ approved: true, password: PASSWORD, typed: POLICY_OVERRIDE_WORD });
    const signedTx = await profile.wallet.transactions.sign({ txid: built.txid });
    expect(signedTx.state).not.toBe('created');
    const rows = consent.last!.rows.filter((r) => r.label === 'Treasury policy');
    expect(rows.map((r) => r.value)).toEqual(['Version 2: every rule passed on this desk.']);
  });

  it('lets the owner override a blocked payment on main’s window, and records who, when and what', async () => {
    const built = await build(3n * TRX);
    await expect(profile.wallet.transactions.sign({ txid: built.txid })).rejects.toMatchObject({
      code: 'POLICY_BREACH',
    });
    consent.answerWith({ approved: false });
    await expect(policy.override({ txid: built.txid, accountId: dev[0]!.id })).rejects.toMatchObject({
      code: 'CONSENT_DECLINED',
    });
    await expect(policy.override({ txid: built.txid, accountId: dev[1]!.id })).rejects.toMatchObject({
      code: 'POLICY_NOT_AN_OWNER_KEY',
    });
    consent.answerWith({ approved: true, password: PASSWORD, typed: POLICY_OVERRIDE_WORD });
    const recorded = await policy.override({ txid: built.txid, accountId: dev[0]!.id });
    expect(recorded).toMatchObject({ txid: built.txid, by: dev[0]!.address });
    expect(overrides).toEqual([expect.objectContaining({ txid: built.txid, by: dev[0]!.address, policyVersion: 2 })]);
    expect(consent.last).toMatchObject({ typedConfirmation: 'OVERRIDE', password: { required: true } });
    const file = JSON.parse(await readFile(join(profile.dir, 'policies.json'), 'utf8')) as {
      data: { overrides: { txid: string; by: string; account: string; breaches: { code: string }[] }[] };
    };
    const override = file.data.overrides.find((o) => o.txid === built.txid);
    expect(override).toMatchObject({ by: dev[0]!.address, account: dev[0]!.address });
    expect(override?.breaches.map((b) => b.code)).toEqual(['POLICY_DAILY_CAP']);
    await profile.wallet.transactions.sign({ txid: built.txid });
    expect(consent.last!.rows.find((r) => r.label === 'Treasury policy')?.value).toContain(
      `breaches overridden by owner key ${dev[0]!.address}`,
    );
    expect(verdicts.at(-1)).toMatchObject({ txid: built.txid, overriddenBy: dev[0]!.address });
  }, 60_000);

  it('gives the verdict of an envelope in the co-signing inbox, and cosign:sign meets the same refusal', async () => {
    const ref = await profile.client().getRefBlock();
    const transaction = buildTransaction(
      transferContract({ owner: dev[0]!.address, to: dev[2]!.address, amount: 4n * TRX }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }) },
    );
    const envelope = createEnvelope({
      transaction,
      network: { name: 'Embedded dev node', genesisBlockId: await profile.wallet.node.genesisId() },
      permission: {
        type: 'Owner',
        id: 0,
        name: 'owner',
        threshold: 1n,
        parentId: 0,
        keys: [{ address: dev[0]!.addressHex as never, weight: 1n }],
      },
      createdAt: ref.timestamp,
    });
    const imported = await profile.wallet.cosign.import({ text: serializeEnvelope(envelope), source: 'paste' });
    const verdict = await profile.wallet.policy.verdict({ txid: transaction.txID });
    expect(verdict.verdicts[0]?.breaches.map((b) => b.code)).toEqual([
      'POLICY_PER_TRANSACTION_CAP',
      'POLICY_DAILY_CAP',
    ]);
    consent.answerWith({ approved: true, password: PASSWORD, typed: POLICY_OVERRIDE_WORD });
    await expect(profile.wallet.cosign.sign({ id: imported.id, accountId: dev[0]!.id })).rejects.toMatchObject({
      name: 'PolicyError',
      code: 'POLICY_BREACH',
    });
    expect(consent.asked).toHaveLength(0);
  });

  it('refuses an override for a transaction the policy did not block', async () => {
    const error = await policy.override({ txid: 'ab'.repeat(32), accountId: dev[0]!.id }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_NOTHING_TO_OVERRIDE' });
    expect((error as Error).message).toContain('blocked no signature of this transaction');
  });
});
