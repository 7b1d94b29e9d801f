import { describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import type { SigningPlan } from '@core/ipc/channels/permissions';
import { dryRunReport, noDryRunReason } from '@main/wallet/permissions/dry-run-report';
import { K } from '../../../fixtures/permissions';

const signing = { expectedSignatures: 2, explanation: 'Alice and Bob sign.' } as SigningPlan;
const followUp = {
  transaction: { txID: 'ab'.repeat(32) } as never,
  permission: { type: 'Active', id: 2, name: 'payments', threshold: 1n, parentId: 0, keys: [] } as never,
  weight: 1n,
  recipient: K.K2.hex as HexAddress,
  signerLabels: ['Alice'],
  reason: '',
};

describe('the permission update’s dry-run report', () => {
  it('passes the update and the follow-up transfer when the copy of the chain accepted both', () => {
    const report = dryRunReport(
      {
        headBlock: 42,
        outcomes: [
          {
            accepted: true,
            stage: 'apply',
            balanceChanges: [{ address: K.K1.hex, deltaSun: -100_000_000n }],
            feeSun: 100_000_000n,
          },
          { accepted: true, stage: 'apply', balanceChanges: [], feeSun: 0n },
        ],
      },
      signing,
      followUp,
    );
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['update-applied', 'passed'],
      ['follow-up-signature', 'passed'],
      ['follow-up-applied', 'passed'],
    ]);
    expect(report.checks[0]!.detail).toContain('on a copy of block 42, and it was applied there, burning 100 TRX');
    expect(report.checks[2]!.detail).toBe(
      `It moved 0.000001 TRX to ${K.K2.base58} on the copy; nothing was broadcast.`,
    );
    expect(report.balanceChanges).toEqual([{ address: K.K1.base58, deltaSun: -100_000_000n }]);
  });

  it('fails the signature check of a follow-up the new structure refuses, and skips applying it', () => {
    const report = dryRunReport(
      {
        headBlock: 42,
        outcomes: [
          { accepted: true, stage: 'apply', balanceChanges: [], feeSun: 100_000_000n },
          {
            accepted: false,
            stage: 'signature',
            code: 'SIGERROR',
            message: 'low weight',
            balanceChanges: [],
            feeSun: 0n,
          },
        ],
      },
      signing,
      followUp,
    );
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['update-applied', 'passed'],
      ['follow-up-signature', 'failed'],
      ['follow-up-applied', 'skipped'],
    ]);
    expect(report.checks[1]!.detail).toContain('under active permission "payments" (id 2) was refused: low weight.');
  });

  it('skips the follow-up when the update itself was refused', () => {
    const report = dryRunReport(
      {
        headBlock: 42,
        outcomes: [
          {
            accepted: false,
            stage: 'apply',
            code: 'CONTRACT_VALIDATE_ERROR',
            message: 'bad',
            balanceChanges: [],
            feeSun: 0n,
          },
        ],
      },
      signing,
      followUp,
    );
    expect(report.checks.map((c) => [c.id, c.outcome, c.detail])).toEqual([
      ['update-applied', 'failed', 'The node refused it: bad (CONTRACT_VALIDATE_ERROR).'],
      ['follow-up-signature', 'skipped', 'The update itself was refused.'],
      ['follow-up-applied', 'skipped', 'The update itself was refused.'],
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
