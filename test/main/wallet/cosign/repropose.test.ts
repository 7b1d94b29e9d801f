import { describe, expect, it } from 'vitest';
import { createEnvelope, type Envelope } from '@core/envelope';
import { buildTransaction, createSmartContract, transferContract } from '@core/tx/builders';
import { contractAddressOf } from '@core/tx/contract-address';
import { transactionHeader } from '@core/tx/header';
import { hexToBytes } from '@core/bytes/hex';
import { signTransaction } from '@core/tx/sign';
import { approvalsToCarry, rebuildTransaction, signingWindowOf } from '@main/wallet/cosign/repropose';
import { Names } from '@main/wallet/chain-knowledge/names';
import type { StoredEnvelope } from '@main/wallet/stores/envelopes';
import { K } from '../../../fixtures/permissions';
import { NILE, active, multisig, sign, unsignedOf } from '../../../core/envelope/helpers';
import { addEnvelopeSignature } from '@core/envelope';

/** A fresh copy of an expired proposal: same contract, fee limit and memo; new reference block and expiration. */
const OWNER = '411a642f0e3c3af545e7acbd38b07251b3990914f1';
const T0 = 1_700_000_000_000;
const OLD_REF = { number: 100, blockId: `0000000000000064${'11'.repeat(24)}` };
const NEW_REF = { number: 5000, blockId: `0000000000001388${'22'.repeat(24)}`, timestamp: T0 + 7_200_000 };

function proposal(
  windowMs: number,
  spec = transferContract({ owner: OWNER, to: K.K1.hex, amount: 2_500_000n }),
  feeLimit?: bigint,
): Envelope {
  const header = transactionHeader({ refBlock: OLD_REF, headTimestamp: T0, expirationMs: windowMs });
  const tx = buildTransaction(spec, { header, permissionId: 2, memo: 'Q3 payroll', ...(feeLimit ? { feeLimit } : {}) });
  return createEnvelope({
    transaction: signTransaction(tx, hexToBytes(K.K1.private_key)),
    network: NILE,
    createdAt: T0,
  });
}

describe('re-proposing an expired envelope', () => {
  it('keeps the contract, permission and memo, with a fresh reference block, the same window from the new head time, and no signatures', () => {
    const old = proposal(3_600_000);
    const fresh = rebuildTransaction(old, NEW_REF);
    expect(fresh.raw_data).toMatchObject({
      ref_block_bytes: '1388',
      ref_block_hash: '2222222222222222',
      timestamp: NEW_REF.timestamp,
      expiration: NEW_REF.timestamp + 3_600_000,
      data: old.transaction.raw_data.data,
    });
    expect(fresh.raw_data.contract).toEqual(old.transaction.raw_data.contract);
    expect(fresh.txID).not.toBe(old.transaction.txID);
    expect(fresh.signature ?? []).toEqual([]);
  });

  it('uses the proposer’s signing window, at least the default 60 s and at most 24 h', () => {
    expect(signingWindowOf(proposal(600_000))).toBe(600_000);
    expect(signingWindowOf(proposal(30_000))).toBe(60_000);
    expect(signingWindowOf({ ...proposal(600_000), expiresAt: T0 + 2 * 86_400_000 })).toBe(86_400_000);
    expect(signingWindowOf({ ...proposal(600_000), expiresAt: T0 - 1 })).toBe(60_000);
  });

  it('derives a deployment’s new contract address from the new txID', () => {
    const spec = createSmartContract({
      owner: OWNER,
      abi: [],
      bytecode: '6080604052348015600f57600080fd5b50',
      name: 'Empty',
    });
    const old = proposal(600_000, spec, 100_000_000n);
    const fresh = rebuildTransaction(old, NEW_REF);
    expect(fresh.raw_data.fee_limit).toBe(old.transaction.raw_data.fee_limit);
    expect(fresh.contract_address).toBe(contractAddressOf(fresh.txID, OWNER));
    expect(fresh.contract_address).not.toBe(old.transaction.contract_address);
  });
});

describe('who approved an expired proposal', () => {
  it('carries the signers of the old copy, named where the vault knows them, after those it already carried', () => {
    const envelope = addEnvelopeSignature(
      createEnvelope({ transaction: unsignedOf(multisig), network: NILE, permission: active, createdAt: T0 }),
      sign(multisig.txID, K.K2.private_key),
    );
    const entry = {
      carriedApprovals: [{ address: K.K3.hex, name: null }],
    } as unknown as StoredEnvelope;
    const names = new Names(
      [
        {
          id: 'acc_0000000000000002',
          kind: 'privateKey',
          label: 'Bob',
          address: K.K2.base58,
          addressHex: K.K2.hex,
          canSign: true,
          createdAt: 0,
        },
      ],
      null,
    );
    expect(approvalsToCarry(entry, envelope, active, names)).toEqual([
      { address: K.K3.hex, name: null },
      { address: K.K2.hex, name: 'Bob' },
    ]);
  });
});
