import { describe, expect, it } from 'vitest';
import type { TronNodeClient } from '../../../src-core/client/client';
import { AddressError, EncodingError, NodeApiError, ValidationError } from '../../../src-core/errors';
import { NODE_URL, clientFor, hexOf, ok, raw } from './fake-node';
import {
  K1,
  K2,
  K3,
  NILE_OWNER,
  NILE_TO,
  NILE_TRANSFER,
  unsignedFromVector,
} from '../../fixtures/java-tron/nile-responses';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

const OPERATIONS = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';

describe('createtransaction', () => {
  it('posts hex addresses and the amount as a bare JSON number, and returns the node transaction', async () => {
    const { client, node } = clientFor({ '/wallet/createtransaction': ok(NILE_TRANSFER) });
    const tx = await client.createTransaction({ owner_address: NILE_OWNER, to_address: NILE_TO, amount: 1_000_000n });
    const call = node.only();
    expect(call.url).toBe(`${NODE_URL}/wallet/createtransaction`);
    expect(call.body).toBe(`{"owner_address":"${NILE_OWNER}","to_address":"${NILE_TO}","amount":1000000}`);
    expect(tx).toEqual(NILE_TRANSFER);
  });

  it('converts base58 addresses to hex, hex-encodes the memo and sends Permission_id', async () => {
    const { client, node } = clientFor({ '/wallet/createtransaction': ok(NILE_TRANSFER) });
    await client.createTransaction({
      owner_address: K1.base58,
      to_address: K2.base58,
      amount: 5n,
      extra_data: 'invoice 42 ✓',
      Permission_id: 2,
    });
    expect(node.only().json).toEqual({
      owner_address: K1.hex,
      to_address: K2.hex,
      amount: 5,
      extra_data: hexOf('invoice 42 ✓'),
      Permission_id: 2,
    });
  });

  it('writes amounts above 2^53 without rounding', async () => {
    const { client, node } = clientFor({ '/wallet/createtransaction': ok(NILE_TRANSFER) });
    await client.createTransaction({ owner_address: K1.hex, to_address: K2.hex, amount: 9_007_199_254_740_993n });
    expect(node.only().body).toContain('"amount":9007199254740993');
  });

  it('refuses a transaction whose txID is not the SHA-256 of raw_data_hex', async () => {
    const tampered = { ...NILE_TRANSFER, txID: NILE_TRANSFER.txID.replace(/^63/, '64') };
    const { client } = clientFor({ '/wallet/createtransaction': ok(tampered) });
    const error = (await caught(
      client.createTransaction({ owner_address: K1.hex, to_address: K2.hex, amount: 1n }),
    )) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.code).toBe('NODE_BAD_RESPONSE');
    expect(error.message).toContain('SHA-256');
  });

  it.each([
    ['no raw_data_hex', { ...NILE_TRANSFER, raw_data_hex: undefined }],
    ['no txID', { ...NILE_TRANSFER, txID: undefined }],
    ['no contract list', { ...NILE_TRANSFER, raw_data: { ...NILE_TRANSFER.raw_data, contract: undefined } }],
    ['signatures already', { ...NILE_TRANSFER, signature: ['ab'.repeat(65)] }],
    ['a list instead of an object', [NILE_TRANSFER]],
  ])('refuses a builder answer with %s as NODE_BAD_RESPONSE', async (_what, body) => {
    const { client } = clientFor({ '/wallet/createtransaction': ok(body) });
    const error = (await caught(
      client.createTransaction({ owner_address: K1.hex, to_address: K2.hex, amount: 1n }),
    )) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.code).toBe('NODE_BAD_RESPONSE');
  });

  it('keeps int64 fields beyond 2^53 of the answer exact', async () => {
    const body = JSON.stringify(NILE_TRANSFER).replace('"amount":1000000', '"amount":9223372036854775807');
    const { client } = clientFor({ '/wallet/createtransaction': raw(body) });
    const tx = await client.createTransaction({ owner_address: K1.hex, to_address: K2.hex, amount: 1n });
    expect(tx.raw_data.contract[0]!.parameter.value.amount).toBe(9223372036854775807n);
  });
});

describe('every builder posts java-tron field names to its endpoint', () => {
  const cases: Array<[string, (c: TronNodeClient) => Promise<unknown>, Record<string, unknown>]> = [
    [
      'freezebalancev2',
      (c) => c.freezeBalanceV2({ owner_address: K1.base58, frozen_balance: 10_000_000n, resource: 'ENERGY' }),
      { owner_address: K1.hex, frozen_balance: 10000000, resource: 'ENERGY' },
    ],
    [
      'unfreezebalancev2',
      (c) => c.unfreezeBalanceV2({ owner_address: K1.hex, unfreeze_balance: 3_000_000n, resource: 'BANDWIDTH' }),
      { owner_address: K1.hex, unfreeze_balance: 3000000, resource: 'BANDWIDTH' },
    ],
    [
      'delegateresource',
      (c) =>
        c.delegateResource({
          owner_address: K1.hex,
          receiver_address: K2.base58,
          balance: 1_000_000_000n,
          resource: 'ENERGY',
          lock: true,
          lock_period: 86_400n,
        }),
      {
        owner_address: K1.hex,
        receiver_address: K2.hex,
        balance: 1000000000,
        resource: 'ENERGY',
        lock: true,
        lock_period: 86400,
      },
    ],
    [
      'undelegateresource',
      (c) => c.unDelegateResource({ owner_address: K1.hex, receiver_address: K2.hex, balance: 2_000_000n }),
      { owner_address: K1.hex, receiver_address: K2.hex, balance: 2000000 },
    ],
    ['withdrawexpireunfreeze', (c) => c.withdrawExpireUnfreeze({ owner_address: K1.hex }), { owner_address: K1.hex }],
    [
      'cancelallunfreezev2',
      (c) => c.cancelAllUnfreezeV2({ owner_address: K1.hex, Permission_id: 3 }),
      { owner_address: K1.hex, Permission_id: 3 },
    ],
    ['withdrawbalance', (c) => c.withdrawBalance({ owner_address: K1.hex }), { owner_address: K1.hex }],
    [
      'votewitnessaccount',
      (c) =>
        c.voteWitnessAccount({
          owner_address: K1.hex,
          votes: [
            { vote_address: K2.base58, vote_count: 100n },
            { vote_address: K3.hex, vote_count: 7n },
          ],
        }),
      {
        owner_address: K1.hex,
        votes: [
          { vote_address: K2.hex, vote_count: 100 },
          { vote_address: K3.hex, vote_count: 7 },
        ],
      },
    ],
    [
      'createwitness',
      (c) => c.createWitness({ owner_address: K1.hex, url: 'https://sr.example.org' }),
      { owner_address: K1.hex, url: hexOf('https://sr.example.org') },
    ],
    [
      'updateaccount',
      (c) => c.updateAccount({ owner_address: K1.hex, account_name: 'Treasury Ops' }),
      { owner_address: K1.hex, account_name: hexOf('Treasury Ops') },
    ],
    [
      'accountpermissionupdate',
      (c) =>
        c.accountPermissionUpdate({
          owner_address: K1.hex,
          owner: {
            permission_name: 'owner',
            threshold: 2n,
            keys: [
              { address: K1.base58, weight: 1n },
              { address: K2.hex, weight: 1n },
            ],
          },
          actives: [
            {
              type: 'Active',
              permission_name: 'payments',
              threshold: 1n,
              operations: OPERATIONS.toUpperCase(),
              keys: [{ address: K3.hex, weight: 1n }],
            },
          ],
        }),
      {
        owner_address: K1.hex,
        owner: {
          permission_name: 'owner',
          threshold: 2,
          keys: [
            { address: K1.hex, weight: 1 },
            { address: K2.hex, weight: 1 },
          ],
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'payments',
            threshold: 1,
            operations: OPERATIONS,
            keys: [{ address: K3.hex, weight: 1 }],
          },
        ],
      },
    ],
    [
      'updatesetting',
      (c) => c.updateSetting({ owner_address: K1.hex, contract_address: K3.hex, consume_user_resource_percent: 30 }),
      { owner_address: K1.hex, contract_address: K3.hex, consume_user_resource_percent: 30 },
    ],
    [
      'updateenergylimit',
      (c) => c.updateEnergyLimit({ owner_address: K1.hex, contract_address: K3.hex, origin_energy_limit: 10_000_000n }),
      { owner_address: K1.hex, contract_address: K3.hex, origin_energy_limit: 10000000 },
    ],
    [
      'clearabi',
      (c) => c.clearAbi({ owner_address: K1.hex, contract_address: K3.base58 }),
      { owner_address: K1.hex, contract_address: K3.hex },
    ],
    [
      'createassetissue',
      (c) =>
        c.createAssetIssue({
          owner_address: K1.hex,
          name: 'TreasuryToken',
          abbr: 'TT',
          total_supply: 1_000_000_000_000n,
          trx_num: 1,
          num: 1,
          precision: 6,
          start_time: 1777500000000,
          end_time: 1777600000000,
          description: 'internal',
          url: 'https://t.example',
          frozen_supply: [{ frozen_amount: 5n, frozen_days: 2n }],
        }),
      {
        owner_address: K1.hex,
        name: hexOf('TreasuryToken'),
        abbr: hexOf('TT'),
        total_supply: 1000000000000,
        trx_num: 1,
        num: 1,
        precision: 6,
        start_time: 1777500000000,
        end_time: 1777600000000,
        description: hexOf('internal'),
        url: hexOf('https://t.example'),
        frozen_supply: [{ frozen_amount: 5, frozen_days: 2 }],
      },
    ],
    [
      'transferasset',
      (c) => c.transferAsset({ owner_address: K1.hex, to_address: K2.hex, asset_name: '1000001', amount: 5n }),
      { owner_address: K1.hex, to_address: K2.hex, asset_name: '31303030303031', amount: 5 },
    ],
    [
      'participateassetissue',
      (c) =>
        c.participateAssetIssue({
          owner_address: K2.hex,
          to_address: K1.hex,
          asset_name: '1000001',
          amount: 1_000_000n,
        }),
      { owner_address: K2.hex, to_address: K1.hex, asset_name: '31303030303031', amount: 1000000 },
    ],
  ];

  it.each(cases)('%s', async (endpoint, run, expected) => {
    const answer = unsignedFromVector('freeze_v2_energy');
    const { client, node } = clientFor({ [`/wallet/${endpoint}`]: ok(answer) });
    const tx = await run(client);
    const call = node.only();
    expect(call.url).toBe(`${NODE_URL}/wallet/${endpoint}`);
    expect(call.method).toBe('POST');
    expect(call.headers['Content-Type']).toBe('application/json');
    expect(call.json).toEqual(expected);
    expect(tx).toEqual(answer);
  });
});

describe('deploycontract', () => {
  it('posts the ABI as a JSON array and returns the transaction with contract_address', async () => {
    const answer = unsignedFromVector('create_smart_contract');
    const abi = [
      { inputs: [{ name: 'initial', type: 'uint256' }], stateMutability: 'nonpayable', type: 'constructor' },
    ];
    const { client, node } = clientFor({ '/wallet/deploycontract': ok(answer) });
    const tx = await client.deployContract({
      owner_address: K1.base58,
      bytecode: '0x6080604052',
      parameter: '00000000000000000000000000000000000000000000000000000000000003e8',
      abi,
      name: 'Mini',
      fee_limit: 1_000_000_000n,
      consume_user_resource_percent: 100,
      origin_energy_limit: 10_000_000n,
    });
    expect(node.only().json).toEqual({
      owner_address: K1.hex,
      bytecode: '6080604052',
      parameter: '00000000000000000000000000000000000000000000000000000000000003e8',
      abi,
      name: 'Mini',
      fee_limit: 1000000000,
      consume_user_resource_percent: 100,
      origin_energy_limit: 10000000,
    });
    expect(tx.contract_address).toBe(answer.contract_address);
  });

  it('refuses an answer without contract_address', async () => {
    const { contract_address: _dropped, ...answer } = unsignedFromVector('create_smart_contract');
    const { client } = clientFor({ '/wallet/deploycontract': ok(answer) });
    const error = (await caught(
      client.deployContract({ owner_address: K1.hex, bytecode: '60806040' }),
    )) as NodeApiError;
    expect(error.code).toBe('NODE_BAD_RESPONSE');
  });

  it('reports the percent check java-tron runs at build time', async () => {
    const { client } = clientFor({
      '/wallet/deploycontract': ok({
        Error: 'class java.lang.IllegalArgumentException : percent must be >= 0 and <= 100',
      }),
    });
    const error = (await caught(
      client.deployContract({ owner_address: K1.hex, bytecode: '60806040' }),
    )) as NodeApiError;
    expect(error.code).toBe('NODE_ERROR');
    expect(error.nodeMessage).toBe('percent must be >= 0 and <= 100');
  });
});

describe('bad arguments fail before anything is sent', () => {
  const base = { owner_address: K1.hex, to_address: K2.hex, amount: 1n };
  it.each([
    ['a negative amount', { ...base, amount: -1n }, ValidationError, 'CLIENT_BAD_ARGUMENT'],
    [
      'an amount given as a number',
      { ...base, amount: 1000000 as unknown as bigint },
      ValidationError,
      'CLIENT_BAD_ARGUMENT',
    ],
    ['an amount beyond int64', { ...base, amount: 1n << 63n }, ValidationError, 'CLIENT_BAD_ARGUMENT'],
    ['Permission_id 1 (witness)', { ...base, Permission_id: 1 }, ValidationError, 'CLIENT_BAD_ARGUMENT'],
    ['a fractional Permission_id', { ...base, Permission_id: 2.5 }, ValidationError, 'CLIENT_BAD_ARGUMENT'],
    [
      'a mistyped base58 address',
      { ...base, to_address: 'TCNkawTmcQgYSU8nP8cHswT1QPjharxJr8' },
      AddressError,
      'ADDRESS_INVALID',
    ],
    [
      'an address without the 41 prefix',
      { ...base, to_address: '1a642f0e3c3af545e7acbd38b07251b3990914f1' },
      AddressError,
      'ADDRESS_WRONG_LENGTH',
    ],
    [
      'a missing address',
      { ...base, owner_address: undefined as unknown as string },
      ValidationError,
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'a memo that is not text',
      { ...base, extra_data: 42 as unknown as string },
      ValidationError,
      'CLIENT_BAD_ARGUMENT',
    ],
  ])('%s', async (_what, request, type, code) => {
    const { client, node } = clientFor({ '/wallet/createtransaction': ok(NILE_TRANSFER) });
    const error = (await caught(client.createTransaction(request))) as ValidationError;
    expect(error).toBeInstanceOf(type);
    expect(error.code).toBe(code);
    expect(node.calls).toHaveLength(0);
  });

  it.each([
    [
      'an unknown resource',
      (c: TronNodeClient) => c.freezeBalanceV2({ owner_address: K1.hex, frozen_balance: 1n, resource: 'CPU' as never }),
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'TRON_POWER for delegation',
      (c: TronNodeClient) =>
        c.delegateResource({
          owner_address: K1.hex,
          receiver_address: K2.hex,
          balance: 1n,
          resource: 'TRON_POWER' as never,
        }),
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'a percent above 100',
      (c: TronNodeClient) =>
        c.updateSetting({ owner_address: K1.hex, contract_address: K3.hex, consume_user_resource_percent: 101 }),
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'votes that are not a list',
      (c: TronNodeClient) => c.voteWitnessAccount({ owner_address: K1.hex, votes: {} as never }),
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'a negative key weight',
      (c: TronNodeClient) =>
        c.accountPermissionUpdate({
          owner_address: K1.hex,
          owner: { threshold: 1n, keys: [{ address: K1.hex, weight: -1n }] },
          actives: [],
        }),
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'an unknown permission type',
      (c: TronNodeClient) =>
        c.accountPermissionUpdate({
          owner_address: K1.hex,
          owner: { type: 'Root' as never, threshold: 1n, keys: [] },
          actives: [],
        }),
      'CLIENT_BAD_ARGUMENT',
    ],
    [
      'bytecode that is not hex',
      (c: TronNodeClient) => c.deployContract({ owner_address: K1.hex, bytecode: '60zz' }),
      'HEX_INVALID_CHARACTER',
    ],
    [
      'an ABI that is neither list nor text',
      (c: TronNodeClient) => c.deployContract({ owner_address: K1.hex, bytecode: '60', abi: {} as never }),
      'CLIENT_BAD_ARGUMENT',
    ],
  ])('%s', async (_what, run, code) => {
    const { client, node } = clientFor({});
    const error = (await caught(run(client))) as ValidationError | EncodingError;
    expect([ValidationError, EncodingError].some((type) => error instanceof type)).toBe(true);
    expect(error.code).toBe(code);
    expect(node.calls).toHaveLength(0);
  });
});
