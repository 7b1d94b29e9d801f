import { describe, expect, it } from 'vitest';
import { EnvelopeError, WalletError } from '../../../src-core/errors';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { accountPermissionsFromUpdate, withOperation, type AccountPermissions } from '../../../src-core/permission';
import {
  createEnvelope,
  envelopeFingerprint,
  parseEnvelope,
  serializeEnvelope,
  summarizeTransaction,
  type CallDecoder,
} from '../../../src-core/envelope';
import { expectWalletError } from '../../fixtures/expect-error';
import { K, byName, updateValue } from '../../fixtures/permissions';
import { NILE, active, mutable, trigger, unsignedOf } from './helpers';

// A decoder for transfer(address,uint256) only, so these tests depend on the summary alone, not on src-core/abi.
const decoder: CallDecoder = ({ data }) => {
  if (!data.startsWith('a9059cbb')) return undefined;
  return {
    signature: 'transfer(address,uint256)',
    args: [
      { name: 'to', type: 'address', value: `41${data.slice(8 + 24, 8 + 64)}` },
      { name: 'value', type: 'uint256', value: BigInt(`0x${data.slice(8 + 64, 8 + 128)}`) },
    ],
  };
};
const abi = [
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
];
const header = transactionHeader({
  refBlock: { number: 0x1a2bn, blockId: '0000000000001a2b0123456789abcdef' + '00'.repeat(16) },
  headTimestamp: 1_700_000_000_000,
});
const build = (spec: b.ContractSpec, options: Partial<b.BuildOptions> = {}) =>
  b.buildTransaction(spec, { header, ...options });

describe('summarizeTransaction', () => {
  it('shows a TRC20 call with its raw data, and its decoded transfer when a decoder is injected', () => {
    const tx = unsignedOf(trigger);
    const raw = summarizeTransaction(tx);
    expect(raw.call).toEqual({
      contract: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
      selector: 'a9059cbb',
      data: trigger.call_data,
      callValueSun: '0',
    });
    expect(raw.feeLimitSun).toBe('100000000');
    expect(raw.recipients).toEqual(['41a614f803b6fd780986a42c78ec9c7f77e6ded13c']);
    const decoded = summarizeTransaction(tx, { decoder, abi });
    expect(decoded.call?.decoded).toEqual({
      signature: 'transfer(address,uint256)',
      args: [
        { name: 'to', type: 'address', value: K.K3.hex },
        { name: 'value', type: 'uint256', value: '1000000' },
      ],
      effects: [
        {
          role: 'send',
          asset: 'TRC20',
          contract: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
          to: K.K3.hex,
          amount: '1000000',
        },
      ],
    });
  });

  it('decodes with src-core/abi by default when the ABI is given', () => {
    const tx = unsignedOf(trigger);
    expect(summarizeTransaction(tx, { abi }).call?.decoded).toEqual(
      summarizeTransaction(tx, { abi, decoder }).call?.decoded,
    );
    expect(summarizeTransaction(tx, { abi, decoder: false }).call?.decoded).toBeUndefined();
    const approveAbi = [
      {
        type: 'function',
        name: 'approve',
        inputs: [
          { name: 'spender', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
    ];
    expect(summarizeTransaction(tx, { abi: approveAbi }).call?.decoded).toBeUndefined();
  });

  it('reports TRC20 approvals as such', () => {
    const approveAbi = [
      {
        type: 'function',
        name: 'approve',
        inputs: [
          { name: 'spender', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
    ];
    const data = '095ea7b3' + trigger.call_data.slice(8);
    const tx = build(
      b.triggerSmartContract({
        owner: K.K1.hex,
        contract: trigger.raw_data.contract[0].parameter.value.contract_address,
        data,
      }),
      { feeLimit: 10_000_000n },
    );
    expect(summarizeTransaction(tx, { abi: approveAbi }).call?.decoded?.effects).toEqual([
      {
        role: 'approve',
        asset: 'TRC20',
        contract: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
        to: K.K3.hex,
        amount: '1000000',
      },
    ]);
  });

  it('shows the call raw when the ABI is unusable or does not fit the data', () => {
    const tx = unsignedOf(trigger);
    expect(summarizeTransaction(tx, { abi: [{ type: 'function', name: 7 }] }).call?.decoded).toBeUndefined();
    const wrongTypes = [
      {
        type: 'function',
        name: 'transfer',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'extra', type: 'uint256' },
        ],
      },
    ];
    expect(summarizeTransaction(tx, { abi: wrongTypes }).call?.decoded).toBeUndefined();
  });

  it('shows the call raw when the decoder refuses the data', () => {
    const refusing: CallDecoder = () => {
      throw new WalletError('ABI_SELECTOR_MISMATCH', 'no');
    };
    expect(summarizeTransaction(unsignedOf(trigger), { decoder: refusing }).call?.decoded).toBeUndefined();
  });

  it('summarises staking, delegation, votes and TRC10 transfers by role', () => {
    const owner = K.K1.hex;
    expect(
      summarizeTransaction(build(b.freezeBalanceV2Contract({ owner, amount: 10_000_000n, resource: 'ENERGY' }))),
    ).toMatchObject({
      amounts: [{ role: 'stake', asset: 'TRX', sun: '10000000', trx: '10' }],
      details: { resource: 'ENERGY' },
    });
    expect(summarizeTransaction(build(b.unfreezeBalanceV2Contract({ owner, amount: 1n })))).toMatchObject({
      amounts: [{ role: 'unstake', sun: '1' }],
      details: { resource: 'BANDWIDTH' },
    });
    const delegate = summarizeTransaction(
      build(
        b.delegateResourceContract({
          owner,
          receiver: K.K2.hex,
          amount: 5_000_000n,
          resource: 'ENERGY',
          lock: true,
          lockPeriodBlocks: 100n,
        }),
      ),
    );
    expect(delegate).toMatchObject({
      amounts: [{ role: 'delegate', trx: '5' }],
      recipients: [K.K2.hex],
      details: { resource: 'ENERGY', lock: 'true', lock_period: '100' },
    });
    expect(
      summarizeTransaction(build(b.unDelegateResourceContract({ owner, receiver: K.K2.hex, amount: 1n }))).amounts[0],
    ).toMatchObject({ role: 'undelegate' });
    const votes = summarizeTransaction(
      build(
        b.voteWitnessContract({
          owner,
          votes: [
            { witness: K.K2.hex, count: 7n },
            { witness: K.K3.base58, count: 3n },
          ],
        }),
      ),
    );
    expect(votes.votes).toEqual([
      { address: K.K2.hex, count: '7' },
      { address: K.K3.hex, count: '3' },
    ]);
    expect(votes.recipients).toEqual([K.K2.hex, K.K3.hex]);
    expect(
      summarizeTransaction(build(b.transferAssetContract({ owner, to: K.K2.hex, tokenId: '1000001', amount: 42n })))
        .amounts,
    ).toEqual([{ role: 'send', asset: 'TRC10', tokenId: '1000001', amount: '42' }]);
    expect(
      summarizeTransaction(
        build(b.participateAssetIssueContract({ owner, issuer: K.K2.hex, tokenId: '1000001', amount: 3n })),
      ),
    ).toMatchObject({ amounts: [{ role: 'buy-token', sun: '3' }], details: { tokenId: '1000001' } });
    expect(summarizeTransaction(build(b.withdrawBalanceContract({ owner })))).toMatchObject({
      contractType: 'WithdrawBalanceContract',
      amounts: [],
      details: {},
    });
    expect(
      summarizeTransaction(
        build(
          b.triggerSmartContract({
            owner,
            contract: K.K2.hex,
            data: '',
            callValue: 7n,
            tokenValue: 2n,
            tokenId: 1000001n,
          }),
        ),
      ).amounts,
    ).toEqual([
      { role: 'call-value', asset: 'TRX', sun: '7', trx: '0.000007' },
      { role: 'call-value', asset: 'TRC10', tokenId: '1000001', amount: '2' },
    ]);
  });

  it('summarises a deployment by size and hash of its bytecode, not the bytecode itself', () => {
    const summary = summarizeTransaction(transactionFromRawData(byName('create_smart_contract').raw_data));
    expect(summary.details.bytecode).toMatch(/^\d+ bytes, sha256 [0-9a-f]{64}$/);
    expect(summary.details.name).toBe('Mini');
  });

  it('summarises a permission change as the new structure, its diff against the old one and its lockout findings', () => {
    const tx = unsignedOf(byName('account_permission_update'));
    const before: AccountPermissions = {
      address: K.K1.hex as never,
      actives: [{ ...active, operations: withOperation(active.operations!, 46, true) }],
    };
    const summary = summarizeTransaction(tx, { accountPermissions: before });
    const change = summary.permissionChange!;
    expect(change.after).toMatchObject({
      address: K.K1.hex,
      owner: { id: 0, threshold: '2' },
      actives: [{ id: 2, name: 'active0' }],
    });
    expect(change.findings).toEqual([{ code: 'LOCKOUT_OWNER_NO_REDUNDANCY', severity: 'warn', permissionId: 0 }]);
    const diff = change.diff as {
      groups: { id: number; operationsRemoved: number[] }[];
      powers: { address: string; capability: string; change: string }[];
    };
    expect(diff.groups.find((g) => g.id === 2)?.operationsRemoved).toContain(46);
    expect(diff.powers).toContainEqual({
      address: K.K1.hex,
      capability: 'change-permissions',
      before: 'alone',
      after: 'shared',
      change: 'loses',
    });
    expect(summarizeTransaction(tx).permissionChange?.diff).toBeUndefined();
    expect(accountPermissionsFromUpdate(updateValue()).actives).toHaveLength(1);
  });
});

describe('envelopes with a decoded call', () => {
  const make = (withDecoder: boolean) =>
    createEnvelope({
      transaction: unsignedOf(trigger),
      network: NILE,
      permission: active,
      abi,
      createdAt: 1,
      decoder: withDecoder ? decoder : false,
    });

  it('verify a decoded call when the reader can decode too', () => {
    const text = serializeEnvelope(make(true));
    expect(parseEnvelope(text, { decoder }).summary.call?.decoded?.signature).toBe('transfer(address,uint256)');
  });

  it('refuse a decoded call that the reader decodes differently', () => {
    const e = mutable(make(true));
    e.summary.call.decoded.args[1].value = '999';
    expectWalletError(() => parseEnvelope(e, { decoder }), EnvelopeError, 'ENVELOPE_SUMMARY_MISMATCH');
  });

  it("drop a decoded call the reader cannot check, and add the reader's own when it can", () => {
    expect(parseEnvelope(serializeEnvelope(make(true)), { decoder: false }).summary.call?.decoded).toBeUndefined();
    expect(parseEnvelope(serializeEnvelope(make(false)), { decoder }).summary.call?.decoded).toBeDefined();
  });

  it('give readers with and without a decoder the same fingerprint, which covers the ABI', () => {
    const withDecoder = envelopeFingerprint(make(true));
    expect(envelopeFingerprint(make(false))).toEqual(withDecoder);
    const otherAbi = createEnvelope({
      transaction: unsignedOf(trigger),
      network: NILE,
      permission: active,
      abi: [{ ...abi[0], name: 'transferFrom' }],
      createdAt: 1,
    });
    expect(envelopeFingerprint(otherAbi).text).not.toBe(withDecoder.text);
  });
});
