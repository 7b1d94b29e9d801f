import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import { addressFromPrivateKey, privateKeyFromHex } from '@core/keys/keys';
import type { Permission } from '@core/permission/model';
import {
  CONTROL_FAILURE,
  ControlError,
  controlPermissionOf,
  controlSigningMessage,
  parseProofOfControl,
  readProofOfControl,
  serializeProofOfControl,
  signProofOfControl,
  verifyProofOfControl,
  withControlSignature,
  type ControlChainFacts,
  type ProofOfControl,
} from '@core/control';

/** Fixed test keys: one digit repeated 64 times, never used anywhere real. */
const keys = [1, 2, 3, 4, 5].map((n) => privateKeyFromHex(String(n).repeat(64)));
const [keyA, keyB, keyC, outsider, accountKey] = keys as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
const hexOf = (key: Uint8Array) => addressFromPrivateKey(key);
const ACCOUNT = toBase58Address(hexOf(accountKey));
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BLOCK_ID = 'ab'.repeat(32);

const payments: Permission = {
  type: 'Active',
  id: 2,
  name: 'payments',
  threshold: 2n,
  parentId: 0,
  operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000' as Permission['operations'] & string,
  keys: [keyA, keyB, keyC].map((k) => ({ address: hexOf(k), weight: 1n })),
} as Permission;

const unsigned: ProofOfControl = readProofOfControl({
  format: 'tron-proof-of-control/1',
  account: ACCOUNT,
  challenge: 'Audit 2026-Q4, nonce 7f3a',
  block: { number: 1234, id: BLOCK_ID, timestamp: 1_764_000_000_000 },
  permission: controlPermissionOf(payments),
  balances: { trx: 5_000_000n, trc10: [{ id: '1000001', amount: 7n }], trc20: [{ contract: USDT, amount: 9n }] },
  signatures: [],
});

const signedBy = (...signers: Uint8Array[]): ProofOfControl =>
  signers.reduce((p, k) => withControlSignature(p, signProofOfControl(p, k)), unsigned);

const facts = (over: Partial<ControlChainFacts> = {}): ControlChainFacts => ({
  blockId: BLOCK_ID,
  permission: payments,
  balances: unsigned.balances,
  readAt: 'at block 1,300',
  ...over,
});

describe('verifyProofOfControl', () => {
  it('verifies 2 of 3 keys of the permission after the file travels as text', () => {
    const proof = parseProofOfControl(serializeProofOfControl(signedBy(keyA, keyC)));
    const verdict = verifyProofOfControl(proof, facts());
    expect(verdict).toMatchObject({ verified: true, weight: 2n, threshold: 2n });
    expect(verdict.message).toBe(
      `Verified: keys worth 2 of the 2 that Active permission "payments" (id 2) needs signed the challenge for ` +
        `${ACCOUNT} at block 1234.`,
    );
  });

  it('fails below the threshold and names the weight', () => {
    const verdict = verifyProofOfControl(signedBy(keyB), facts());
    expect(verdict).toMatchObject({ verified: false, code: CONTROL_FAILURE.belowThreshold });
    expect(verdict.message).toMatch(/weight 1, below the threshold 2 of Active permission "payments" \(id 2\)/);
  });

  it('fails on a key outside the permission, naming it and the signature', () => {
    const verdict = verifyProofOfControl(signedBy(keyA, outsider), facts());
    expect(verdict).toMatchObject({ verified: false, code: CONTROL_FAILURE.outsideKey });
    expect(verdict.message).toContain(`Signature 2 was made by ${toBase58Address(hexOf(outsider))}`);
  });

  it('fails when one key signs twice', () => {
    const proof = withControlSignature(signedBy(keyA), signProofOfControl(unsigned, keyA));
    expect(verifyProofOfControl(proof, facts())).toMatchObject({
      verified: false,
      code: CONTROL_FAILURE.repeatedSigner,
    });
  });

  it('fails on a damaged signature', () => {
    const proof = withControlSignature(signedBy(keyA), '00'.repeat(65));
    expect(verifyProofOfControl(proof, facts())).toMatchObject({
      verified: false,
      code: CONTROL_FAILURE.damagedSignature,
    });
  });

  it.each([
    ['another account', { account: toBase58Address(hexOf(keyA)) }],
    ['another block number', { block: { ...unsigned.block, number: 1235 } }],
    ['another block id', { block: { ...unsigned.block, id: 'cd'.repeat(32) } }],
    ['another challenge', { challenge: 'Audit 2027-Q1' }],
    ['another permission id', { permission: { ...unsigned.permission, id: 3 } }],
  ])('does not let signatures be replayed for %s', (_what, change) => {
    const moved = { ...signedBy(keyA, keyB), ...change } as ProofOfControl;
    expect(verifyProofOfControl(moved, facts({ blockId: moved.block.id }))).toMatchObject({
      verified: false,
      code: CONTROL_FAILURE.outsideKey,
    });
  });

  it('fails when the pinned block id is not the chain block at that number', () => {
    const verdict = verifyProofOfControl(signedBy(keyA, keyB), facts({ blockId: 'ef'.repeat(32) }));
    expect(verdict).toMatchObject({ verified: false, code: CONTROL_FAILURE.blockNotOnChain });
    expect(verdict.message).toContain(`Block 1234 on this node has id ${'ef'.repeat(32)}`);
    expect(verifyProofOfControl(signedBy(keyA, keyB), facts({ blockId: null })).message).toMatch(/no block 1234/);
  });

  it('fails when the chain holds another permission under that id, naming the permission and what changed', () => {
    const changed: Permission = {
      ...payments,
      threshold: 3n,
      keys: [...payments.keys.slice(0, 2), { address: hexOf(outsider), weight: 1n }],
    };
    const verdict = verifyProofOfControl(signedBy(keyA, keyB), facts({ permission: changed }));
    expect(verdict).toMatchObject({ verified: false, code: CONTROL_FAILURE.permissionChanged });
    expect(verdict.message).toBe(
      `Active permission "payments" (id 2) of ${ACCOUNT} differs on this node at block 1,300 from the one that ` +
        `signed the proof: its threshold is 3, not 2; it has key ${toBase58Address(hexOf(outsider))} added; key ` +
        `${toBase58Address(hexOf(keyC))} left it.`,
    );
    expect(verifyProofOfControl(signedBy(keyA, keyB), facts({ permission: undefined }))).toMatchObject({
      code: CONTROL_FAILURE.permissionMissing,
    });
  });

  it('fails when balances differ and passes when they are not compared', () => {
    const balances = { ...unsigned.balances, trx: 4_000_000n, trc20: [{ contract: USDT, amount: 10n }] };
    const verdict = verifyProofOfControl(signedBy(keyA, keyB), facts({ balances }));
    expect(verdict).toMatchObject({ verified: false, code: CONTROL_FAILURE.balancesDiffer });
    expect(verdict.message).toContain(`TRX 4000000 sun, not 5000000; TRC-20 ${USDT}: 10, not 9`);
    const { balances: _b, ...noBalances } = facts();
    expect(verifyProofOfControl(signedBy(keyA, keyB), noBalances).verified).toBe(true);
  });
});

describe('the proof file', () => {
  it('puts account, permission, block number and id before the challenge in the signed text', () => {
    expect(controlSigningMessage(unsigned)).toBe(
      `TRON proof of control\nAccount: ${ACCOUNT}\nPermission: 2\nBlock: 1234\nBlock id: ${BLOCK_ID}\n` +
        'Challenge:\nAudit 2026-Q4, nonce 7f3a',
    );
  });

  it('is canonical text: the same proof gives the same bytes, amounts as decimal strings', () => {
    const text = serializeProofOfControl(signedBy(keyA));
    expect(serializeProofOfControl(parseProofOfControl(text))).toBe(text);
    expect(text).toContain('"trx":"5000000"');
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('refuses text that is not JSON, another format and the witness permission, each in a sentence', () => {
    expect(() => parseProofOfControl('{oops')).toThrow(ControlError);
    expect(() => parseProofOfControl('{oops')).toThrow(/not JSON/);
    const json = JSON.parse(serializeProofOfControl(unsigned)) as Record<string, unknown>;
    expect(() => readProofOfControl({ ...json, format: 'tron-proof-of-control/2' })).toThrow(
      /format must be "tron-proof-of-control\/1"/,
    );
    expect(() => readProofOfControl({ ...json, permission: { ...(json.permission as object), id: 1 } })).toThrow(
      /permission\.id must be 0 \(owner\) or 2 and up/,
    );
    expect(() => controlPermissionOf({ ...payments, type: 'Witness', id: 1 })).toThrow(/witness permission/);
  });
});
