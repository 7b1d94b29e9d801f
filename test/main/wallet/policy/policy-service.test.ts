import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { withPolicyRecord, type Envelope } from '../../../../src-core/envelope';
import { fromPermissionSnapshot } from '../../../../src-core/envelope';
import {
  definePolicy,
  policyToJson,
  signPolicy,
  unsignedPolicy,
  withPolicySignature,
} from '../../../../src-core/policy';
import { privateKeyFromHex } from '../../../../src-core/keys/keys';
import { PolicyService, type PolicyServiceOptions } from '../../../../src-main/wallet/policy/policy-service';
import { POLICIES_FILE, PolicyStore } from '../../../../src-main/wallet/policy/policy-store';
import { proposal } from '../../../core/envelope/helpers';
import { removeDir, tempDir } from '../helpers';
import { expectRejection } from './helpers';

/**
 * The policy service where no node answers: the offline signer counts the daily cap from the
 * outflows the envelope carries (the proposer's), and a policies file it cannot read holds every
 * signature back until a signed policy is adopted again, the damaged file kept beside it.
 */
const NOW = 1_700_000_100_000;

describe('PolicyService on the offline signer', () => {
  let dir: string;
  let store: PolicyStore;
  let envelope: Envelope;
  let owner: string;
  let amount: bigint;

  const service = (overrides: Partial<PolicyServiceOptions> = {}) =>
    new PolicyService({
      store,
      chain: {} as PolicyServiceOptions['chain'],
      history: async () => {
        throw new Error('an offline signer reads no node');
      },
      offline: () => true,
      now: () => NOW,
      ...overrides,
    });

  const document = (dailyCap: bigint, version = 1) =>
    definePolicy({
      format: 'tron-treasury-policy/1',
      version,
      account: owner,
      permissions: [
        {
          permissionId: 2,
          assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: `${dailyCap}` }],
          unlistedAssets: 'allow',
          tiers: [],
        },
      ],
    });

  const adopt = (dailyCap: bigint) => {
    const policy = document(dailyCap);
    return store.adopt({
      genesisId: null,
      account: owner,
      version: policy.version,
      signed: { policy: policyToJson(policy), digest: unsignedPolicy(policy).digest, signatures: [] } as never,
      adoptedAt: NOW,
      fileName: 'policy.json',
    });
  };

  beforeEach(async () => {
    dir = await tempDir('policy-service-');
    store = await PolicyStore.open(join(dir, POLICIES_FILE));
    envelope = proposal();
    owner = toBase58Address(envelope.summary.owner);
    const line = envelope.summary.amounts[0]!;
    amount = line.asset === 'TRX' ? BigInt(line.sun) : 0n;
    expect(amount).toBeGreaterThan(0n);
  });
  afterEach(async () => {
    await store.close();
    await removeDir(dir);
  });

  const request = (e: Envelope) => ({
    envelope: e,
    permission: fromPermissionSnapshot(e.permission!),
    signer: e.permission!.keys[0]!.address,
  });

  it('counts the daily cap from the outflows the envelope carries, marked as the proposer’s', async () => {
    await adopt(amount + 1_000_000n);
    const verdicts: unknown[] = [];
    const policy = service();
    policy.onVerdict((event) => verdicts.push(event));
    await expect(policy.check(request(envelope))).resolves.toMatchObject({ policyVersion: 1, overriddenBy: null });
    const carried = withPolicyRecord(envelope, {
      version: 1,
      outflows: [{ time: NOW - 3_600_000, asset: 'TRX', amount: '2000000' }],
    });
    const error = await expectRejection(policy.check(request(carried)));
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_BREACH' });
    expect(error.message).toContain(`Treasury policy version 1 for ${owner} blocks this signature`);
    expect(verdicts.at(-1)).toMatchObject({ history: 'proposer', txid: envelope.transaction.txID });
    expect(policy.blockedSignature(envelope.transaction.txID).breaches.map((b) => b.code)).toEqual([
      'POLICY_DAILY_CAP',
    ]);
  });

  it('holds every signature back while the policies file cannot be read, until a signed policy is adopted', async () => {
    await store.close();
    await writeFile(join(dir, POLICIES_FILE), '{"format": "tron-wallet-policies", "version": 1, "da');
    store = await PolicyStore.open(join(dir, POLICIES_FILE));
    const policy = service();
    const error = await expectRejection(policy.check(request(envelope)));
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_STORE_DAMAGED' });
    expect(error.message).toContain('signs nothing for any account until a policy the owners signed is adopted again');
    const key = privateKeyFromHex('1'.repeat(64));
    const signed = withPolicySignature(
      unsignedPolicy(document(10n ** 12n, 4)),
      signPolicy(document(10n ** 12n, 4), key),
    );
    await policy.adopt(await policy.planAdoption({ name: 'restored.json', signed }));
    expect((await readdir(dir)).some((f) => f.startsWith(`${POLICIES_FILE}.damaged-`))).toBe(true);
    expect(existsSync(join(dir, POLICIES_FILE))).toBe(true);
    await expect(policy.check(request(envelope))).resolves.toMatchObject({ policyVersion: 4 });
  });

  it('refuses on the offline signer a file no owner signed', async () => {
    const error = await expectRejection(
      service().planAdoption({ name: 'draft.json', signed: unsignedPolicy(document(1n)) }),
    );
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_NOT_ADOPTABLE' });
  });
});
