import { describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import type { SigningPlan } from '@core/ipc/channels/permissions';
import type { Permission } from '@core/permission';
import { dryRunReport, noDryRunReason, type GroupFollowUp } from '@main/wallet/permissions/dry-run-report';
import { K } from '../../../fixtures/permissions';

const signing = { expectedSignatures: 2, explanation: 'Alice and Bob sign.' } as SigningPlan;
const owner = { type: 'Owner', id: 0, name: 'owner', threshold: 1n, parentId: 0, keys: [] } as unknown as Permission;
const payments = {
  type: 'Active',
  id: 2,
  name: 'payments',
  threshold: 2n,
  parentId: 0,
  keys: [],
} as unknown as Permission;
const staking = {
  type: 'Active',
  id: 3,
  name: 'staking',
  threshold: 1n,
  parentId: 0,
  keys: [],
} as unknown as Permission;

const proved = (permission: Permission, signerLabels: string[], weight: bigint): GroupFollowUp => ({
  permission,
  transaction: { txID: 'ab'.repeat(32) } as never,
  signers: [],
  signerLabels,
  weight,
  recipient: K.K2.hex as HexAddress,
});
const applied = { accepted: true, stage: 'apply', balanceChanges: [], feeSun: 100_000_000n } as const;

describe('the permission update’s dry-run report', () => {
  it('gives each group its own line, naming the group and the key set that proved it', () => {
    const report = dryRunReport(
      42,
      { ...applied, balanceChanges: [{ address: K.K1.hex, deltaSun: -100_000_000n }] },
      [
        { followUp: proved(owner, ['Treasury'], 1n), outcome: { ...applied, feeSun: 0n } },
        { followUp: proved(payments, ['Bob', 'Carol'], 2n), outcome: { ...applied, feeSun: 0n } },
      ],
      signing,
    );
    expect(report.checks.map((c) => [c.id, c.permissionId, c.outcome])).toEqual([
      ['update-applied', undefined, 'passed'],
      ['group-proof', 0, 'passed'],
      ['group-proof', 2, 'passed'],
    ]);
    expect(report.checks[0]!.detail).toContain('on a copy of block 42, and it was applied there, burning 100 TRX');
    expect(report.checks[2]!.label).toBe(
      'Active permission "payments" (id 2) can sign a payment under the new structure',
    );
    expect(report.checks[2]!.detail).toBe(
      `A 0.000001 TRX transfer under Permission_id 2, checked as signed by Bob and Carol (weight 2 of 2, its smallest key set), passed java-tron's permission check and moved 0.000001 TRX to ${K.K2.base58} on the copy; nothing was signed or broadcast.`,
    );
    expect(report.balanceChanges).toEqual([{ address: K.K1.base58, deltaSun: -100_000_000n }]);
  });

  it('fails a group the permission check refuses, without failing the others', () => {
    const report = dryRunReport(
      42,
      applied,
      [
        { followUp: proved(owner, ['Treasury'], 1n), outcome: { ...applied, feeSun: 0n } },
        {
          followUp: proved(payments, ['Bob', 'Carol'], 2n),
          outcome: {
            accepted: false,
            stage: 'signature',
            code: 'SIGERROR',
            message: 'low weight',
            balanceChanges: [],
            feeSun: 0n,
          },
        },
      ],
      signing,
    );
    expect(report.checks.map((c) => c.outcome)).toEqual(['passed', 'passed', 'failed']);
    expect(report.checks[2]!.detail).toContain('was refused by the permission check: low weight.');
  });

  it('says a group that may not transfer was not proved, and fails one nobody can sign for', () => {
    const report = dryRunReport(
      42,
      applied,
      [
        {
          followUp: {
            permission: staking,
            signers: [],
            signerLabels: [],
            weight: 0n,
            refusal: { kind: 'cannot-transfer', reason: 'may not transfer TRX' },
          },
        },
        {
          followUp: {
            permission: payments,
            signers: [],
            signerLabels: [],
            weight: 0n,
            refusal: { kind: 'cannot-sign', reason: 'nobody can sign for it' },
          },
        },
      ],
      signing,
    );
    expect(report.checks.slice(1).map((c) => [c.permissionId, c.outcome, c.detail])).toEqual([
      [3, 'skipped', 'may not transfer TRX'],
      [2, 'failed', 'nobody can sign for it'],
    ]);
  });

  it('skips every group when the update itself was refused', () => {
    const report = dryRunReport(
      42,
      {
        accepted: false,
        stage: 'apply',
        code: 'CONTRACT_VALIDATE_ERROR',
        message: 'bad',
        balanceChanges: [],
        feeSun: 0n,
      },
      [{ followUp: proved(payments, ['Bob', 'Carol'], 2n) }],
      signing,
    );
    expect(report.checks.map((c) => [c.id, c.outcome, c.detail])).toEqual([
      ['update-applied', 'failed', 'The node refused it: bad (CONTRACT_VALIDATE_ERROR).'],
      ['group-proof', 'skipped', 'The update itself was refused.'],
    ]);
  });

  it('says why there is no dry run away from the embedded node', () => {
    expect(noDryRunReason({ kind: 'preset', name: 'Nile testnet' } as never)).toContain(
      'the wallet is using Nile testnet',
    );
    expect(noDryRunReason({ kind: 'embedded', name: 'Embedded dev node' } as never)).toContain(
      'The embedded node is not running',
    );
  });
});
