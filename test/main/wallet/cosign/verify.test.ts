import { describe, expect, it } from 'vitest';
import { hexToBytes } from '@core/bytes/hex';
import type { TronNodeClient } from '@core/client/client';
import { createEnvelope, type Envelope } from '@core/envelope';
import type { CheckView } from '@core/ipc/channels/cosign';
import type { Permission } from '@core/permission/model';
import { encodeOperations } from '@core/permission/operations';
import { buildTransaction, transferContract } from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import { Names } from '@main/wallet/chain-knowledge/names';
import { inspectEnvelope, type InspectContext, type Inspection } from '@main/wallet/cosign/verify';
import { EXPIRY_WARNING_MS, warningPeriod } from '@main/wallet/cosign/envelope-checks';
import type { OwnerState } from '@main/wallet/chain-knowledge/chain-reads';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';

/**
 * What a signer's own node says about an envelope (src-main/wallet/cosign/verify.ts), with the
 * node stubbed: the cross-check against getsignweight / getapprovedlist, the permission as the
 * chain holds it, and the expiry warning in the last minutes of the window.
 */
const OWNER = '411a642f0e3c3af545e7acbd38b07251b3990914f1';
const REF_NUMBER = 0x1a2b;
const REF_ID = `0000000000001a2b${'0123456789abcdef'}${'ee'.repeat(16)}`;
const HEAD_NUMBER = REF_NUMBER + 20;
const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;

function envelope(
  signers: readonly ('K1' | 'K2' | 'K3')[],
  options: { windowMs?: number; permission?: Permission | null } = {},
): Envelope {
  const header = transactionHeader({
    refBlock: { number: REF_NUMBER, blockId: REF_ID },
    headTimestamp: T0,
    expirationMs: options.windowMs ?? HOUR,
  });
  let transaction = buildTransaction(transferContract({ owner: OWNER, to: K.K_ONE.hex, amount: 2_500_000n }), {
    header,
    permissionId: 2,
  });
  for (const signer of signers) transaction = signTransaction(transaction, hexToBytes(K[signer].private_key));
  const permission = options.permission === undefined ? active : options.permission;
  return createEnvelope({ transaction, network: NILE, ...(permission ? { permission } : {}), createdAt: T0 });
}

interface NodeAnswer {
  readonly weight: bigint;
  readonly approved: readonly string[];
  readonly enough?: boolean;
  readonly message?: string;
}

/** A node on NILE whose block REF_NUMBER is the envelopes' reference block. */
function context(
  answer: NodeAnswer | Error,
  options: { headTime?: number; chainPermission?: Permission } = {},
): InspectContext {
  const headTime = options.headTime ?? T0 + 60_000;
  const client = {
    getNowBlockHeader: async () => ({ number: HEAD_NUMBER, timestamp: headTime, blockID: REF_ID }),
    getBlockByNum: async (num: number) =>
      num === REF_NUMBER ? { blockID: REF_ID, block_header: { raw_data: { number: num } } } : null,
    getSignWeight: async () => {
      if (answer instanceof Error) throw answer;
      return {
        current_weight: answer.weight,
        result: { code: answer.enough ? 'ENOUGH_PERMISSION' : 'NOT_ENOUGH_PERMISSION', message: answer.message ?? '' },
        approved_list: answer.approved,
      };
    },
    getApprovedList: async () => {
      if (answer instanceof Error) throw answer;
      return { approved_list: answer.approved };
    },
  } as unknown as TronNodeClient;
  const owner: OwnerState = {
    account: {} as OwnerState['account'],
    resource: null,
    permissions: { address: OWNER as never, actives: [options.chainPermission ?? active] },
    resources: {} as OwnerState['resources'],
  };
  return {
    client,
    genesisId: async () => NILE.genesisBlockId,
    owner: async () => owner,
    names: new Names([], null),
    headTime: null,
  };
}

const checkOf = (inspection: Inspection, id: CheckView['id']) => inspection.checks.find((c) => c.id === id);

describe('envelope inspection against this signer’s node', () => {
  it('passes the cross-check when getsignweight and getapprovedlist count the same signers as this wallet', async () => {
    const inspection = await inspectEnvelope(envelope(['K1']), context({ weight: 1n, approved: [K.K1.hex] }));
    expect(checkOf(inspection, 'node-weight')).toMatchObject({ outcome: 'passed', title: 'Node agrees' });
    expect(inspection.progress.node).toEqual({
      checked: true,
      currentWeight: 1n,
      approved: [K.K1.base58],
      thresholdMet: false,
      agrees: true,
      message: null,
    });
    expect(inspection.refusal).toBeNull();
  });

  it('flags the node counting more weight than this wallet, with both counts, without refusing the envelope', async () => {
    const inspection = await inspectEnvelope(
      envelope(['K1']),
      context({ weight: 2n, approved: [K.K1.hex, K.K2.hex], enough: true }),
    );
    expect(checkOf(inspection, 'node-weight')).toEqual({
      id: 'node-weight',
      outcome: 'warning',
      title: 'Node disagrees',
      message: 'The node counts weight 2 (2 approved) where this wallet counts 1.',
    });
    expect(inspection.progress).toMatchObject({ currentWeight: 1n, thresholdMet: false });
    expect(inspection.progress.node).toEqual({
      checked: true,
      currentWeight: 2n,
      approved: [K.K1.base58, K.K2.base58],
      thresholdMet: true,
      agrees: false,
      message: null,
    });
    // A disagreement is shown to the signer, not a reason to refuse the import.
    expect(inspection.refusal).toBeNull();
  });

  it('flags the node naming other signers at the same weight, quoting the node’s message', async () => {
    const inspection = await inspectEnvelope(
      envelope(['K1']),
      context({ weight: 1n, approved: [K.K3.hex], message: 'Signature count is 1' }),
    );
    expect(checkOf(inspection, 'node-weight')).toMatchObject({
      outcome: 'warning',
      title: 'Node disagrees',
      message: 'The node counts weight 1 (1 approved) where this wallet counts 1: Signature count is 1.',
    });
    expect(inspection.progress.node).toMatchObject({
      agrees: false,
      approved: [K.K3.base58],
      message: 'Signature count is 1',
    });
  });

  it('flags the node saying the threshold is met when this wallet counts it short', async () => {
    const inspection = await inspectEnvelope(
      envelope(['K1']),
      context({ weight: 1n, approved: [K.K1.hex], enough: true }),
    );
    expect(inspection.progress.node).toMatchObject({ agrees: false, thresholdMet: true });
    expect(checkOf(inspection, 'node-weight')?.title).toBe('Node disagrees');
  });

  it('says so when the node refuses to count, and still shows this wallet’s own count', async () => {
    const inspection = await inspectEnvelope(
      envelope(['K1', 'K2']),
      context(new Error('Validate signature error: fake')),
    );
    expect(checkOf(inspection, 'node-weight')).toMatchObject({
      outcome: 'warning',
      title: 'Node refused the count',
      message: 'getsignweight answered: Validate signature error: fake',
    });
    expect(inspection.progress).toMatchObject({
      currentWeight: 2n,
      thresholdMet: true,
      node: { checked: true, agrees: null, message: 'Validate signature error: fake' },
    });
  });

  it('counts against the chain’s permission and warns when it changed since the proposal', async () => {
    const loosened: Permission = { ...active, threshold: 1n };
    const inspection = await inspectEnvelope(
      envelope(['K1']),
      context({ weight: 1n, approved: [K.K1.hex], enough: true }, { chainPermission: loosened }),
    );
    expect(checkOf(inspection, 'permission')).toMatchObject({ outcome: 'warning', title: 'Permission changed' });
    expect(inspection.progress).toMatchObject({ basis: 'chain', threshold: 1n, thresholdMet: true });
    expect(inspection.refusal).toBeNull();
  });

  it('refuses an envelope the chain’s permission may not sign (its operations exclude the contract type)', async () => {
    const callsOnly: Permission = { ...active, operations: encodeOperations(['TriggerSmartContract']) };
    const inspection = await inspectEnvelope(
      envelope([], { permission: callsOnly }),
      context({ weight: 0n, approved: [] }, { chainPermission: callsOnly }),
    );
    expect(checkOf(inspection, 'permission')).toMatchObject({
      outcome: 'failed',
      title: 'Permission may not sign this',
    });
    expect(inspection.refusal?.message).toMatch(
      /^Permission may not sign this: .*not allowed to sign a TransferContract/,
    );
  });

  it('warns in the last five minutes of a one-hour window, counted from the head block', async () => {
    const sixLeft = await inspectEnvelope(
      envelope([]),
      context({ weight: 0n, approved: [] }, { headTime: T0 + HOUR - 6 * 60_000 }),
    );
    expect(sixLeft.expiry).toMatchObject({
      state: 'open',
      remainingMs: 6 * 60_000,
      windowMs: HOUR,
      warnBelowMs: EXPIRY_WARNING_MS,
    });
    expect(checkOf(sixLeft, 'expiry')).toMatchObject({
      outcome: 'passed',
      message: '6 min of chain time left (counted from this node’s head block).',
    });

    const fourLeft = await inspectEnvelope(
      envelope([]),
      context({ weight: 0n, approved: [] }, { headTime: T0 + HOUR - 4 * 60_000 }),
    );
    expect(fourLeft.expiry.state).toBe('expiring');
    expect(checkOf(fourLeft, 'expiry')).toEqual({
      id: 'expiry',
      outcome: 'warning',
      title: 'Expires soon',
      message: 'Only 4 min of chain time left before it expires.',
    });
    expect(fourLeft.refusal).toBeNull();
  });

  it('warns in the last quarter of a shorter window, and for at least its last 30 s', () => {
    expect(warningPeriod(HOUR)).toBe(5 * 60_000);
    expect(warningPeriod(10 * 60_000)).toBe(150_000);
    expect(warningPeriod(60_000)).toBe(30_000);
  });

  it('skips the chain checks without a node and uses the head time the wallet last saw', async () => {
    const ctx = { ...context({ weight: 0n, approved: [] }), client: null, headTime: T0 + 1000 };
    const inspection = await inspectEnvelope(envelope(['K1']), ctx);
    expect(inspection.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['integrity', 'passed'],
      ['network', 'skipped'],
      ['signatures', 'passed'],
      ['node-weight', 'skipped'],
      ['expiry', 'passed'],
    ]);
    expect(inspection.progress).toMatchObject({ basis: 'envelope', currentWeight: 1n, node: { checked: false } });
    expect(inspection.expiry.remainingMs).toBe(HOUR - 1000);
  });
});
