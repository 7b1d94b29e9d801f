import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';
import { TX_KIND_NAMES, TxRequestSchema } from '../../../src-core/ipc/channels/tx';
import { checkForm, defaultValues, KIND_FORMS } from '../../../src-renderer/forms/tx-form';

const address = (n: number) => toBase58Address(addressFromPrivateKey(hexToBytes(n.toString(16).padStart(64, '0'))));
const owner = address(1);
const other = address(2);

describe('transaction forms', () => {
  it('gives every kind a title, a group and fields', () => {
    for (const kind of TX_KIND_NAMES) {
      expect(KIND_FORMS[kind].title.length).toBeGreaterThan(0);
      expect(['Transfers', 'Staking and resources', 'Voting', 'Contracts']).toContain(KIND_FORMS[kind].group);
    }
  });

  it('turns a TRX transfer into a request main accepts, with the amount in sun as a decimal string', () => {
    const result = checkForm('trx-transfer', owner, { to: other, amount: '2.5', memo: 'invoice 42' });
    expect(result.errors).toEqual({});
    expect(result.sun).toEqual({ amount: 2_500_000n });
    expect(result.request).toEqual({
      kind: 'trx-transfer',
      owner,
      to: other,
      amountSun: '2500000',
      memo: 'invoice 42',
    });
    expect(TxRequestSchema.safeParse(result.request).success).toBe(true);
  });

  it('reports every bad field at once and builds nothing', () => {
    const result = checkForm('trx-transfer', '', { to: 'Tnope', amount: '0', memo: '' });
    expect(result.request).toBeNull();
    expect(Object.keys(result.errors).sort()).toEqual(['amount', 'owner', 'to']);
  });

  it('produces a valid request for every kind from sensible values', () => {
    const abi = JSON.stringify([{ type: 'constructor', inputs: [{ name: 'supply', type: 'uint256' }] }]);
    const values: Record<string, Record<string, string | boolean>> = {
      'trx-transfer': { to: other, amount: '1' },
      'trc10-transfer': { tokenId: '1000001', to: other, amount: '5' },
      'trc20-transfer': { token: other, to: owner, amount: '1.5' },
      freeze: { amount: '10', resource: 'ENERGY' },
      unfreeze: { amount: '1', resource: 'BANDWIDTH' },
      'withdraw-unfreeze': {},
      'cancel-unfreezes': {},
      delegate: { receiver: other, amount: '5', resource: 'ENERGY', lock: true, lockPeriod: '28800' },
      undelegate: { receiver: other, amount: '5', resource: 'ENERGY' },
      vote: {},
      'withdraw-rewards': {},
      deploy: { abi, bytecode: '6080', percent: '100', originEnergyLimit: '10000000' },
      call: { contract: other, function: 'ping()' },
      'update-setting': { contract: other, percent: '50' },
      'update-energy-limit': { contract: other, originEnergyLimit: '1000' },
      'clear-abi': { contract: other },
    };
    for (const kind of TX_KIND_NAMES) {
      const result = checkForm(
        kind,
        owner,
        { ...defaultValues(kind), ...values[kind] },
        { tokenDecimals: 6, argInputs: kind === 'deploy' ? [{ name: 'supply', type: 'uint256' }] : [] },
        {
          args: kind === 'deploy' ? ['1000'] : [],
          votes: [{ representative: other, count: '3' }],
        },
      );
      expect({ kind, errors: result.errors }).toEqual({ kind, errors: {} });
      expect({ kind, ok: TxRequestSchema.safeParse(result.request).success }).toEqual({ kind, ok: true });
    }
  });

  it('needs at least 1 TRX to stake', () => {
    expect(checkForm('freeze', owner, { amount: '0.5', resource: 'ENERGY' }).errors).toEqual({
      amount: 'The amount to stake must be at least 1 TRX.',
    });
  });

  it('asks for the token before its amount, then uses its decimals', () => {
    expect(checkForm('trc20-transfer', owner, { token: other, to: owner, amount: '1' }).errors.amount).toBe(
      'Enter the token contract first: its decimals are read from it.',
    );
    expect(
      checkForm(
        'trc20-transfer',
        owner,
        { token: other, to: owner, amount: '1.1234567' },
        { tokenDecimals: 6, tokenSymbol: 'TT' },
      ).errors.amount,
    ).toMatch(/TT amounts have at most 6 decimal places/);
    expect(
      checkForm('trc20-transfer', owner, { token: other, to: owner, amount: '1.5' }, { tokenDecimals: 18 }).request,
    ).toMatchObject({ amount: '1500000000000000000' });
  });

  it('refuses a fee limit above 15,000 TRX on contract kinds', () => {
    expect(checkForm('call', owner, { contract: other, function: 'ping()', feeLimit: '15001' }).errors).toEqual({
      feeLimit: 'The fee limit can be at most 15,000 TRX: the chain refuses more.',
    });
  });

  it('keeps the lock period only for a locked delegation and bounds it', () => {
    const unlocked = checkForm('delegate', owner, {
      receiver: other,
      amount: '5',
      resource: 'ENERGY',
      lock: false,
      lockPeriod: '100',
    });
    expect(unlocked.request).not.toHaveProperty('lockPeriodBlocks');
    const tooLong = checkForm(
      'delegate',
      owner,
      { receiver: other, amount: '5', resource: 'ENERGY', lock: true, lockPeriod: '864001' },
      { maxLockBlocks: 864_000n },
    );
    expect(tooLong.errors).toEqual({ lockPeriod: 'The lock period must be at most 864000.' });
  });

  it('checks votes: a representative once, a whole number of votes, at least one row', () => {
    expect(checkForm('vote', owner, {}, {}, { votes: [] }).errors).toEqual({
      votes: 'Give votes to at least one representative.',
    });
    const twice = checkForm(
      'vote',
      owner,
      {},
      {},
      {
        votes: [
          { representative: other, count: '1' },
          { representative: other, count: 'x' },
        ],
      },
    );
    expect(twice.errors).toEqual({
      'votes.1.representative': 'This representative is listed twice.',
      'votes.1.count': 'The number of votes must be a whole number (digits only).',
    });
  });

  it('needs both the TRC10 id and amount of a call, or neither', () => {
    expect(checkForm('call', owner, { contract: other, function: 'ping()', tokenId: '1000001' }).errors).toEqual({
      tokenValue: 'Give both the TRC10 token id and the amount, or neither.',
    });
  });

  it('checks typed constructor arguments and the signing window', () => {
    const abi = JSON.stringify([{ type: 'constructor', inputs: [{ name: 'supply', type: 'uint256' }] }]);
    const result = checkForm(
      'deploy',
      owner,
      { ...defaultValues('deploy'), abi, bytecode: '6080' },
      { argInputs: [{ name: 'supply', type: 'uint256' }] },
      { args: ['-1'], expirationMinutes: '1441' },
    );
    expect(result.errors).toEqual({
      'args.0': 'A uint256 cannot be negative.',
      expiration: 'The signing window must be at most 1440.',
    });
  });

  it('passes a chosen permission id and the signing window in ms', () => {
    const result = checkForm('withdraw-rewards', owner, {}, {}, { expirationMinutes: '90', permissionId: 3 });
    expect(result.request).toEqual({ kind: 'withdraw-rewards', owner, expirationMs: 5_400_000, permissionId: 3 });
  });
});
