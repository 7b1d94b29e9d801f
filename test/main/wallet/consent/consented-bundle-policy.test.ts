import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { definePolicy, policyToJson, PolicyError, unsignedPolicy } from '../../../../src-core/policy';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { ConsentedBundleSigning } from '../../../../src-main/wallet/consent/consented-bundle-signing';
import { LedgerSigner } from '../../../../src-main/wallet/ledger/ledger-signer';
import { PolicyService, type PolicyVerdictEvent } from '../../../../src-main/wallet/policy/policy-service';
import { POLICIES_FILE, PolicyStore } from '../../../../src-main/wallet/policy/policy-store';
import { K } from '../../../fixtures/permissions';
import { softwareTransports } from '../ledger/software-transports';
import { OWNER, proposedBundle } from '../payouts/helpers';
import { removeDir, tempDir } from '../helpers';

const NOW = 1_700_000_100_000;
const TRX = 1_000_000n;

/**
 * A payout bundle passes the treasury policy row by row before main's window opens, each row's
 * daily cap counting the rows before it: one approval signs them all, so rows that each fit the
 * cap must not pass it together. Shown on the offline signer's service, which reads no node.
 */
describe('a bundle checked against the treasury policy before main’s window opens', () => {
  let dir: string;
  let store: PolicyStore;
  let verdicts: PolicyVerdictEvent[];
  let asked: number;

  const signing = () => {
    const policy = new PolicyService({
      store,
      chain: {} as never,
      history: async () => [],
      offline: () => true,
      now: () => NOW,
    });
    policy.onVerdict((event) => void verdicts.push(event));
    const vault = {
      listAccounts: () => [{ id: 'k2', address: K.K2.base58, addressHex: K.K2.hex, custody: 'vault', canSign: true }],
      signBundle: async (input: { bundle: { rows: readonly unknown[] } }) => {
        asked += 1;
        return input.bundle.rows.map(() => 'signed');
      },
      approveBundle: async () => undefined,
    };
    return new ConsentedBundleSigning({
      vault: vault as never,
      ledger: new LedgerSigner(softwareTransports().transports),
      wording: async () => ({ names: new Names([], null), tokens: new Map() }),
      policy,
    });
  };

  const adoptDailyCap = async (dailyCap: bigint) => {
    const policy = definePolicy({
      format: 'tron-treasury-policy/1',
      version: 1,
      account: toBase58Address(OWNER),
      permissions: [
        {
          permissionId: 2,
          assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: `${dailyCap}` }],
          unlistedAssets: 'allow',
          tiers: [],
        },
      ],
    });
    await store.adopt({
      genesisId: null,
      account: toBase58Address(OWNER),
      version: 1,
      signed: { policy: policyToJson(policy), digest: unsignedPolicy(policy).digest, signatures: [] } as never,
      adoptedAt: NOW,
      fileName: 'policy.json',
    });
  };

  beforeEach(async () => {
    dir = await tempDir('bundle-policy-');
    store = await PolicyStore.open(join(dir, POLICIES_FILE));
    verdicts = [];
    asked = 0;
  });
  afterEach(() => removeDir(dir));

  it('refuses before any approval when the rows together pass the daily cap, naming the row', async () => {
    // Rows pay 1, 2 and 3 TRX: each fits a 5 TRX cap alone, the third does not after the first two.
    await adoptDailyCap(5n * TRX);
    const bundle = proposedBundle(3);
    const refused = await signing()
      .sign({ bundle, accountId: 'k2' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(PolicyError);
    expect((refused as PolicyError).code).toBe('POLICY_BREACH');
    expect((refused as PolicyError).message).toMatch(/^Row 3 of the 3 in this bundle: /);
    expect((refused as PolicyError).message).toMatch(
      /would bring today's outflow to 6 TRX, above the daily cap of 5 TRX/,
    );
    expect((refused as PolicyError).details).toMatchObject({ row: 3, txid: bundle.rows[2]!.transaction.txID });
    expect(asked).toBe(0);
    expect(verdicts.map((v) => v.verdict.pass)).toEqual([true, true, false]);
  });

  it('signs with one approval when the rows together fit the cap', async () => {
    await adoptDailyCap(6n * TRX);
    const result = await signing().sign({ bundle: proposedBundle(3), accountId: 'k2' });
    expect(result.signatures).toEqual(['signed', 'signed', 'signed']);
    expect(asked).toBe(1);
    expect(verdicts.map((v) => v.verdict.pass)).toEqual([true, true, true]);
  });

  it('leaves out the rows this key does not sign', async () => {
    await adoptDailyCap(3n * TRX);
    // Without row 2 (2 TRX) the others send 1 + 3 = 4 TRX, above 3: row 3 is refused, not row 2.
    const refused = await signing()
      .sign({ bundle: proposedBundle(3), accountId: 'k2', skip: new Set([1]) })
      .catch((error: unknown) => error as PolicyError);
    expect((refused as PolicyError).message).toMatch(/^Row 3 of the 3 in this bundle: /);
    expect(verdicts).toHaveLength(2);
    expect(asked).toBe(0);
  });
});
