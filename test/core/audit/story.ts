import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { privateKeyFromHex, signDigest } from '../../../src-core/keys/keys';
import { appendAuditEntry, createAuditBundle, type AuditBundle, type AuditEntry } from '../../../src-core/audit';
import type { AppendInput } from '../../../src-core/audit';
import { K, byName } from '../../fixtures/permissions';

/** A 2-of-3 multisig TRX transfer from the TronWeb vectors: its txID is what both desks sign. */
const vector = byName('transfer_multisig_pid2');
export const TX_ID: string = vector.txID;
export const ACCOUNT: string = vector.raw_data.contract[0].parameter.value.owner_address;
export const DESK_A = 'desk-a-3f9c';
export const DESK_B = 'desk-b-71e0';
const T0 = 1_780_000_000_000;
const SHOWN = (n: number) => n.toString(16).padStart(64, '0');

export function signTx(privateKey: string): string {
  return bytesToHex(signDigest(hexToBytes(TX_ID), privateKeyFromHex(privateKey)));
}

/** Appends a run of entries to one desk's chain. */
export function chain(desk: string, steps: Omit<AppendInput, 'account' | 'desk'>[]): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const step of steps) out.push(appendAuditEntry(out.at(-1) ?? null, { account: ACCOUNT, desk, ...step }));
  return out;
}

const checks = (at: number) => ({
  at,
  txId: TX_ID,
  body: {
    kind: 'checks' as const,
    checks: [
      { name: 'tapos', ok: true },
      { name: 'permission', ok: true, detail: 'active0, 2 of 3' },
    ],
    simulation: {
      ok: true,
      result: 'SUCCESS',
      balanceChanges: [{ address: ACCOUNT, asset: 'TRX', delta: -1_000_000n }],
    },
  },
});
const verdict = (at: number) => ({
  at,
  txId: TX_ID,
  body: { kind: 'verdict' as const, policyVersion: 3, verdict: 'pass' as const, rules: [] },
});

/**
 * Desk A proposes, checks, passes the policy, has K1 consent and sign; the envelope goes to desk B,
 * which checks, passes, has K2 consent and sign; desk A then broadcasts and sees the confirmation.
 */
export function story(): { a: AuditEntry[]; b: AuditEntry[] } {
  const a1 = chain(DESK_A, [
    {
      at: T0,
      txId: TX_ID,
      body: { kind: 'proposal', proposer: K.K1.hex.toLowerCase(), appVersion: '0.1.0', summary: 'pay 1 TRX' },
    },
    checks(T0 + 1),
    verdict(T0 + 2),
    {
      at: T0 + 3,
      txId: TX_ID,
      body: { kind: 'consent', signer: K.K1.hex.toLowerCase(), keyKind: 'vault', shownHash: SHOWN(1) },
    },
    {
      at: T0 + 4,
      txId: TX_ID,
      body: { kind: 'signature', signer: K.K1.hex.toLowerCase(), signature: signTx(K.K1.private_key) },
    },
  ]);
  const b = chain(DESK_B, [
    checks(T0 + 10),
    verdict(T0 + 11),
    {
      at: T0 + 12,
      txId: TX_ID,
      body: { kind: 'consent', signer: K.K2.hex.toLowerCase(), keyKind: 'ledger', shownHash: SHOWN(2) },
    },
    {
      at: T0 + 13,
      txId: TX_ID,
      body: { kind: 'signature', signer: K.K2.hex.toLowerCase(), signature: signTx(K.K2.private_key) },
    },
  ]);
  const a = [...a1];
  for (const step of [
    { at: T0 + 20, txId: TX_ID, body: { kind: 'broadcast' as const, node: 'http://127.0.0.1:8090' } },
    {
      at: T0 + 23,
      txId: TX_ID,
      body: {
        kind: 'confirmation' as const,
        block: 64_000_123n,
        fee: 0n,
        balanceChanges: [{ address: ACCOUNT, asset: 'TRX', delta: -1_000_000n }],
      },
    },
  ]) {
    a.push(appendAuditEntry(a.at(-1) ?? null, { account: ACCOUNT, desk: DESK_A, ...step }));
  }
  return { a, b };
}

/** Each desk's bundle as its envelope copy holds it: its own chain, plus what it received. */
export function deskBundles(): { a: AuditBundle; b: AuditBundle } {
  const { a, b } = story();
  return { a: createAuditBundle(ACCOUNT, a), b: createAuditBundle(ACCOUNT, b) };
}
