import { describe, expect, it } from 'vitest';
import type { TronNodeClient } from '../../../src-core/client/client';
import { NETWORKS, networkByGenesisId } from '../../../src-core/client/networks';
import { transactionHeader } from '../../../src-core/tx/header';
import { NetworkError, NodeApiError, ValidationError } from '../../../src-core/errors';
import { vectors } from '../../fixtures/vectors';
import { NODE_URL, clientFor, hexOf, ok, raw } from './fake-node';
import {
  K1,
  K2,
  K3,
  NILE_ACCOUNT,
  NILE_NODE_INFO,
  NILE_OWNER,
  NILE_TRANSFER,
  nileBlock,
} from '../../fixtures/java-tron/nile-responses';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

const deployVector = vectors.transactions.find((t: { name: string }) => t.name === 'create_smart_contract');
const NEW_CONTRACT = deployVector.raw_data.contract[0].parameter.value.new_contract as Record<string, unknown>;
const CONTRACT = deployVector.contract_address_hex as string;

describe('getaccount', () => {
  it('posts the hex address and fills in the defaults java-tron leaves out', async () => {
    const { client, node } = clientFor({ '/wallet/getaccount': ok(NILE_ACCOUNT) });
    const account = await client.getAccount(NILE_OWNER);
    expect(node.only().url).toBe(`${NODE_URL}/wallet/getaccount`);
    expect(node.only().json).toEqual({ address: NILE_OWNER });
    expect(account).not.toBeNull();
    expect(account!.address).toBe(NILE_OWNER);
    expect(account!.balance).toBe(2_091_624_700n);
    expect(account!.type).toBe('Normal');
    expect(account!.allowance).toBe(0n);
    expect(account!.owner_permission).toEqual({
      type: 'Owner',
      id: 0,
      permission_name: 'owner',
      threshold: 1n,
      parent_id: 0,
      operations: '',
      keys: [{ address: NILE_OWNER, weight: 1n }],
    });
    expect(account!.active_permission).toEqual([
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold: 1n,
        parent_id: 0,
        operations: NILE_ACCOUNT.active_permission[0]!.operations,
        keys: [{ address: NILE_OWNER, weight: 1n }],
      },
    ]);
    expect(account!.witness_permission).toBeUndefined();
    expect(account!.frozenV2).toEqual([
      { type: 'BANDWIDTH', amount: 0n },
      { type: 'ENERGY', amount: 0n },
      { type: 'TRON_POWER', amount: 0n },
    ]);
    expect(account!.account_resource).toEqual({
      energy_usage: 0,
      latest_consume_time_for_energy: 1777437762000,
      energy_window_size: 28800000,
      energy_window_optimized: true,
      delegated_frozenV2_balance_for_energy: 0n,
      acquired_delegated_frozenV2_balance_for_energy: 0n,
    });
    expect(account!.assetV2).toEqual([{ key: '1000001', value: 5000n }]);
    expect(account!.votes).toEqual([]);
    expect(account!.raw.free_asset_net_usageV2).toEqual(NILE_ACCOUNT.free_asset_net_usageV2);
  });

  it('returns null for {} and asks /walletsolidity for the confirmed view', async () => {
    const { client, node } = clientFor({ '/walletsolidity/getaccount': ok({}) });
    expect(await client.getAccount(K1.base58, { solidity: true })).toBeNull();
    expect(node.only().url).toBe(`${NODE_URL}/walletsolidity/getaccount`);
    expect(node.only().json).toEqual({ address: K1.hex });
  });

  it('keeps a balance above 2^53 sun exact and accepts int64 as strings', async () => {
    const body = JSON.stringify({ address: K1.hex, balance: 1 }).replace(
      '"balance":1',
      '"balance":86000000000000000123',
    );
    const big = clientFor({ '/wallet/getaccount': raw(body) });
    expect((await big.client.getAccount(K1.hex))!.balance).toBe(86_000_000_000_000_000_123n);
    const asString = clientFor({
      '/wallet/getaccount': ok({ address: K1.hex, balance: '1234567', create_time: '1715062917000' }),
    });
    const account = await asString.client.getAccount(K1.hex);
    expect(account!.balance).toBe(1_234_567n);
    expect(account!.create_time).toBe(1715062917000);
  });

  it('reads a multisig account: threshold, witness and stake fields, hex account name', async () => {
    const body = {
      address: K1.hex,
      balance: 5,
      account_name: hexOf('Treasury'),
      type: 'Normal',
      owner_permission: {
        permission_name: 'owner',
        threshold: 2,
        keys: [
          { address: K1.hex, weight: 1 },
          { address: K2.hex, weight: 1 },
        ],
      },
      witness_permission: {
        type: 'Witness',
        id: 1,
        permission_name: 'witness',
        threshold: 1,
        keys: [{ address: K3.hex, weight: 1 }],
      },
      active_permission: [],
      frozenV2: [{ amount: 10_000_000 }, { type: 'ENERGY', amount: 20_000_000 }, { type: 'TRON_POWER' }],
      unfrozenV2: [{ type: 'ENERGY', unfreeze_amount: 1_000_000, unfreeze_expire_time: 1778000000000 }],
      delegated_frozenV2_balance_for_bandwidth: 3_000_000,
      account_resource: { delegated_frozenV2_balance_for_energy: 4_000_000 },
      votes: [{ vote_address: K3.hex, vote_count: 10 }],
    };
    const { client } = clientFor({ '/wallet/getaccount': ok(body) });
    const account = (await client.getAccount(K1.hex))!;
    expect(account.account_name).toBe('Treasury');
    expect(account.owner_permission.threshold).toBe(2n);
    expect(account.witness_permission?.type).toBe('Witness');
    expect(account.frozenV2[0]).toEqual({ type: 'BANDWIDTH', amount: 10_000_000n });
    expect(account.unfrozenV2).toEqual([
      { type: 'ENERGY', unfreeze_amount: 1_000_000n, unfreeze_expire_time: 1778000000000 },
    ]);
    expect(account.delegated_frozenV2_balance_for_bandwidth).toBe(3_000_000n);
    expect(account.account_resource.delegated_frozenV2_balance_for_energy).toBe(4_000_000n);
    expect(account.votes).toEqual([{ vote_address: K3.hex, vote_count: 10n }]);
  });

  it('gives an account without owner_permission its implicit owner (its own address)', async () => {
    const { client } = clientFor({ '/wallet/getaccount': ok({ address: K2.hex }) });
    const account = (await client.getAccount(K2.hex))!;
    expect(account.owner_permission.keys).toEqual([{ address: K2.hex, weight: 1n }]);
    expect(account.balance).toBe(0n);
    expect(account.active_permission).toEqual([]);
  });

  it.each([
    ['a balance that is not a number', { address: K1.hex, balance: 'lots' }],
    ['no address', { balance: 1 }],
    [
      'a key address that is not an address',
      { address: K1.hex, owner_permission: { threshold: 1, keys: [{ address: 'xyz', weight: 1 }] } },
    ],
    ['an unknown permission type', { address: K1.hex, active_permission: [{ type: 'Root', keys: [] }] }],
    ['a list for a body', [NILE_ACCOUNT]],
    ['a fractional create_time', { address: K1.hex, create_time: 1.5 }],
  ])('refuses %s as NODE_BAD_RESPONSE', async (_what, body) => {
    const { client } = clientFor({ '/wallet/getaccount': ok(body) });
    const error = (await caught(client.getAccount(K1.hex))) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.code).toBe('NODE_BAD_RESPONSE');
  });
});

describe('getaccountresource / getaccountnet', () => {
  it('reads resources with absent fields as 0', async () => {
    const body = {
      freeNetLimit: 600,
      TotalNetLimit: 43200000000,
      TotalNetWeight: 26743867215,
      tronPowerLimit: 10,
      EnergyLimit: 1345,
      TotalEnergyLimit: 180000000000,
      TotalEnergyWeight: 13310843817,
    };
    const { client, node } = clientFor({ '/wallet/getaccountresource': ok(body) });
    const resource = (await client.getAccountResource(K1.base58))!;
    expect(node.only().json).toEqual({ address: K1.hex });
    expect(resource).toEqual({
      freeNetUsed: 0,
      freeNetLimit: 600,
      NetUsed: 0,
      NetLimit: 0,
      TotalNetLimit: 43200000000,
      TotalNetWeight: 26743867215,
      TotalTronPowerWeight: 0,
      tronPowerUsed: 0,
      tronPowerLimit: 10,
      EnergyUsed: 0,
      EnergyLimit: 1345,
      TotalEnergyLimit: 180000000000,
      TotalEnergyWeight: 13310843817,
      assetNetUsed: [],
      assetNetLimit: [],
    });
  });

  it('returns null for {}', async () => {
    const { client } = clientFor({ '/wallet/getaccountresource': ok({}), '/wallet/getaccountnet': ok({}) });
    expect(await client.getAccountResource(K1.hex)).toBeNull();
    expect(await client.getAccountNet(K1.hex)).toBeNull();
  });

  it('reads getaccountnet with its asset maps', async () => {
    const body = {
      freeNetUsed: 267,
      freeNetLimit: 600,
      assetNetUsed: [{ key: '1000001', value: 0 }],
      assetNetLimit: [{ key: '1000001' }],
    };
    const { client, node } = clientFor({ '/wallet/getaccountnet': ok(body) });
    const net = (await client.getAccountNet(K1.hex))!;
    expect(node.only().url).toBe(`${NODE_URL}/wallet/getaccountnet`);
    expect(net.freeNetUsed).toBe(267);
    expect(net.assetNetLimit).toEqual([{ key: '1000001', value: 0 }]);
  });
});

describe('blocks', () => {
  it('reads the head block with its transactions', async () => {
    const { client, node } = clientFor({ '/wallet/getnowblock': ok(nileBlock({ withTransactions: true })) });
    const block = await client.getNowBlock();
    expect(node.only().url).toBe(`${NODE_URL}/wallet/getnowblock`);
    expect(block.blockID).toBe(nileBlock({ withTransactions: true }).blockID);
    expect(block.block_header.raw_data).toEqual({
      number: 66985120,
      timestamp: 1777437762000,
      txTrieRoot: nileBlock({ withTransactions: true }).block_header.raw_data.txTrieRoot,
      parentHash: nileBlock({ withTransactions: true }).block_header.raw_data.parentHash,
      witness_address: '41a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9',
      version: 34,
    });
    expect(block.transactions.map((t) => t.txID)).toEqual([NILE_TRANSFER.txID]);
  });

  it('reads a block without transactions as an empty list', async () => {
    const { client } = clientFor({ '/walletsolidity/getnowblock': ok(nileBlock({ withTransactions: false })) });
    expect((await client.getNowBlock({ solidity: true })).transactions).toEqual([]);
  });

  it('treats getnowblock {} as NODE_BAD_RESPONSE', async () => {
    const { client } = clientFor({ '/wallet/getnowblock': ok({}) });
    expect(((await caught(client.getNowBlock())) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });

  it('posts getblock with id_or_num as text and detail, and returns null for {}', async () => {
    const { client, node } = clientFor({
      '/wallet/getblock': [
        ok(nileBlock({ withTransactions: false })),
        ok({}),
        ok(nileBlock({ withTransactions: false })),
      ],
    });
    await client.getBlock({ id_or_num: 66985120, detail: true });
    expect(await client.getBlock({ id_or_num: '999999999' })).toBeNull();
    await client.getBlock({ id_or_num: nileBlock({ withTransactions: false }).blockID.toUpperCase() });
    expect(node.calls.map((c) => c.json)).toEqual([
      { id_or_num: '66985120', detail: true },
      { id_or_num: '999999999', detail: false },
      { id_or_num: nileBlock({ withTransactions: false }).blockID, detail: false },
    ]);
  });

  it('reads the genesis block, which has no number, timestamp or signature', async () => {
    const genesis = {
      blockID: NETWORKS.nile.genesisBlockId,
      block_header: { raw_data: { txTrieRoot: 'aa'.repeat(32), parentHash: 'e5'.repeat(32) } },
    };
    const { client, node } = clientFor({ '/wallet/getblockbynum': ok(genesis) });
    const id = await client.getGenesisBlockId();
    expect(node.only().json).toEqual({ num: 0 });
    expect(id).toBe(NETWORKS.nile.genesisBlockId);
    expect(networkByGenesisId(id)?.id).toBe('nile');
  });

  it("reads a genesis block whose witness_address is java-tron's sentence, not an address", async () => {
    const sentence =
      'A new system must allow existing systems to be linked together without requiring any central control or coordination';
    const genesis = {
      blockID: NETWORKS.mainnet.genesisBlockId,
      block_header: {
        raw_data: {
          txTrieRoot: 'aa'.repeat(32),
          parentHash: 'e5'.repeat(32),
          witness_address: Buffer.from(sentence, 'utf8').toString('hex'),
        },
      },
    };
    const { client } = clientFor({ '/wallet/getblockbynum': ok(genesis) });
    const block = await client.getBlockByNum(0);
    expect(block?.block_header.raw_data.witness_address).toBeUndefined();
    expect(await client.getGenesisBlockId()).toBe(NETWORKS.mainnet.genesisBlockId);
  });

  it('still refuses a block past the genesis whose witness_address is not an address', async () => {
    const block = nileBlock({ withTransactions: false });
    const bad = {
      ...block,
      block_header: { ...block.block_header, raw_data: { ...block.block_header.raw_data, witness_address: 'abcd' } },
    };
    const { client } = clientFor({ '/wallet/getblockbynum': ok(bad) });
    await expect(client.getBlockByNum(66985120)).rejects.toMatchObject({ code: 'NODE_BAD_RESPONSE' });
  });

  it('reads getblockbynum from the solidity view and returns null for {}', async () => {
    const { client, node } = clientFor({ '/walletsolidity/getblockbynum': ok({}) });
    expect(await client.getBlockByNum(123, { solidity: true })).toBeNull();
    expect(node.only().json).toEqual({ num: 123 });
  });

  it('posts getblockbyid with {"value": id}', async () => {
    const { client, node } = clientFor({ '/wallet/getblockbyid': ok(nileBlock({ withTransactions: false })) });
    const block = await client.getBlockById(`0x${nileBlock({ withTransactions: false }).blockID}`);
    expect(node.only().json).toEqual({ value: nileBlock({ withTransactions: false }).blockID });
    expect(block?.block_header.raw_data.number).toBe(66985120);
  });

  it('reads getblockbylimitnext as a list and {} as none', async () => {
    const { client, node } = clientFor({
      '/wallet/getblockbylimitnext': [ok({ block: [nileBlock({ withTransactions: false })] }), ok({})],
    });
    expect(await client.getBlockByLimitNext(66985120, 66985121)).toHaveLength(1);
    expect(await client.getBlockByLimitNext(1, 2)).toEqual([]);
    expect(node.calls[0]!.json).toEqual({ startNum: 66985120, endNum: 66985121 });
  });

  it.each([
    ['an end before the start', (c: TronNodeClient) => c.getBlockByLimitNext(10, 10)],
    ['more than 100 blocks', (c: TronNodeClient) => c.getBlockByLimitNext(0, 101)],
    ['a negative number', (c: TronNodeClient) => c.getBlockByNum(-1)],
    ['a block id that is not 32 bytes', (c: TronNodeClient) => c.getBlockById('abcd')],
    ['an id_or_num that is neither', (c: TronNodeClient) => c.getBlock({ id_or_num: 'latest' })],
  ])('refuses %s before sending', async (_what, run) => {
    const { client, node } = clientFor({});
    expect(await caught(run(client))).toBeInstanceOf(ValidationError);
    expect(node.calls).toHaveLength(0);
  });
});

describe('getNowBlockHeader / getRefBlock', () => {
  it('asks /wallet/getblock {"detail":false} as TronWeb does and returns number, id and timestamp', async () => {
    const { client, node } = clientFor({ '/wallet/getblock': ok(nileBlock({ withTransactions: false })) });
    const ref = await client.getRefBlock();
    expect(node.only().json).toEqual({ detail: false });
    expect(ref).toEqual({
      number: 66985120,
      blockId: nileBlock({ withTransactions: false }).blockID,
      timestamp: 1777437762000,
    });
    // It plugs straight into the transaction header builder.
    const header = transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp });
    expect(header).toMatchObject({
      ref_block_bytes: '1ca0',
      ref_block_hash: nileBlock({ withTransactions: false }).blockID.slice(16, 32),
      expiration: 1777437822000,
    });
  });

  it('falls back to getnowblock on a node without getblock', async () => {
    const { client, node } = clientFor({ '/wallet/getnowblock': ok(nileBlock({ withTransactions: true })) });
    const header = await client.getNowBlockHeader();
    expect(node.calls.map((c) => c.path)).toEqual(['/wallet/getblock', '/wallet/getnowblock']);
    expect(header.number).toBe(66985120);
    expect(header.blockID).toBe(nileBlock({ withTransactions: true }).blockID);
  });

  it('uses /walletsolidity/getnowblock for the confirmed head', async () => {
    const { client, node } = clientFor({ '/walletsolidity/getnowblock': ok(nileBlock({ withTransactions: false })) });
    await client.getRefBlock({ solidity: true });
    expect(node.only().path).toBe('/walletsolidity/getnowblock');
  });

  it('refuses a head block without number or timestamp', async () => {
    const { client } = clientFor({
      '/wallet/getblock': ok({ blockID: '00'.repeat(32), block_header: { raw_data: {} } }),
    });
    expect(((await caught(client.getRefBlock())) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });

  it('does not hide other getblock failures behind the fallback', async () => {
    const { client, node } = clientFor({ '/wallet/getblock': raw('oops', 500) });
    const error = await caught(client.getRefBlock());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe('NETWORK_HTTP_STATUS');
    expect(node.calls).toHaveLength(1);
  });
});

describe('contracts', () => {
  it('reads getcontract and returns null for {}', async () => {
    const body = {
      ...NEW_CONTRACT,
      contract_address: CONTRACT,
      code_hash: 'ab'.repeat(32),
      trx_hash: deployVector.txID,
    };
    const { client, node } = clientFor({ '/wallet/getcontract': [ok(body), ok({})] });
    const contract = (await client.getContract(deployVector.contract_address_base58))!;
    expect(node.calls[0]!.json).toEqual({ value: CONTRACT });
    expect(contract.contract_address).toBe(CONTRACT);
    expect(contract.origin_address).toBe(K1.hex);
    expect(contract.abi.entrys.map((e) => e.name ?? e.type)).toEqual([
      'constructor',
      'balanceOf',
      'transfer',
      'Transfer',
    ]);
    expect(contract.consume_user_resource_percent).toBe(100);
    expect(contract.call_value).toBe(0n);
    expect(await client.getContract(CONTRACT)).toBeNull();
  });

  it('reads an ABI-less contract ("abi":{}) as no entries', async () => {
    const { client } = clientFor({
      '/wallet/getcontract': ok({ contract_address: CONTRACT, abi: {}, bytecode: '6080' }),
    });
    expect((await client.getContract(CONTRACT))!.abi.entrys).toEqual([]);
  });

  it('reads getcontractinfo with the energy factor', async () => {
    const body = {
      smart_contract: { ...NEW_CONTRACT, contract_address: CONTRACT },
      runtimecode: '6080604052',
      contract_state: { energy_usage: 12345, energy_factor: 3400, update_cycle: 7000 },
    };
    const { client, node } = clientFor({ '/wallet/getcontractinfo': ok(body) });
    const info = (await client.getContractInfo(CONTRACT))!;
    expect(node.only().json).toEqual({ value: CONTRACT });
    expect(info.contract_state).toEqual({ energy_usage: 12345, energy_factor: 3400, update_cycle: 7000 });
    expect(info.smart_contract.name).toBe('Mini');
  });
});

describe('chain and node', () => {
  it('reads chain parameters, a missing value meaning 0', async () => {
    const body = {
      chainParameter: [
        { key: 'getMaintenanceTimeInterval', value: 21600000 },
        { key: 'getAllowMultiSign', value: 1 },
        { key: 'getEnergyFee', value: 210 },
        { key: 'getAllowTvmFreeze' },
      ],
    };
    const { client, node } = clientFor({ '/wallet/getchainparameters': ok(body) });
    const params = await client.getChainParameters();
    expect(node.only().body).toBe('{}');
    expect(params).toEqual({
      getMaintenanceTimeInterval: 21600000n,
      getAllowMultiSign: 1n,
      getEnergyFee: 210n,
      getAllowTvmFreeze: 0n,
    });
  });

  it('reads listwitnesses', async () => {
    const body = {
      witnesses: [
        {
          address: K3.hex,
          voteCount: 123456789,
          url: 'https://sr.example',
          totalProduced: 10,
          latestBlockNum: 66985120,
          latestSlotNum: 592000000,
          isJobs: true,
        },
      ],
    };
    const { client } = clientFor({ '/wallet/listwitnesses': ok(body) });
    expect(await client.listWitnesses()).toEqual([
      {
        address: K3.hex,
        voteCount: 123456789n,
        url: 'https://sr.example',
        totalProduced: 10,
        totalMissed: 0,
        latestBlockNum: 66985120,
        latestSlotNum: 592000000,
        isJobs: true,
      },
    ]);
  });

  it('reads getnodeinfo and parses "Num:<n>,ID:<hex>"', async () => {
    const { client } = clientFor({ '/wallet/getnodeinfo': ok(NILE_NODE_INFO) });
    const info = await client.getNodeInfo();
    expect(info.block).toEqual({ number: 66985120, id: NILE_NODE_INFO.block.slice('Num:66985120,ID:'.length) });
    expect(info.solidityBlock.number).toBe(66985101);
    expect(info.configNodeInfo).toEqual({
      codeVersion: '4.8.1',
      versionNum: '18631',
      p2pVersion: '201910292',
      supportConstant: true,
      allowCreationOfContracts: 1,
      allowAdaptiveEnergy: 1,
    });
    expect(info.activeConnectCount).toBe(8);
  });

  it('refuses a getnodeinfo block summary it cannot parse', async () => {
    const { client } = clientFor({ '/wallet/getnodeinfo': ok({ ...NILE_NODE_INFO, block: 'head=5' }) });
    expect(((await caught(client.getNodeInfo())) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });

  it.each([
    ['Base58check format', true],
    ['Invalid address', false],
  ])('reads validateaddress "%s"', async (message, result) => {
    const { client, node } = clientFor({ '/wallet/validateaddress': ok({ result, message }) });
    expect(await client.validateAddress(K1.base58)).toEqual({ result, message });
    expect(node.only().json).toEqual({ address: K1.base58 });
  });

  it('reads energy and bandwidth price history', async () => {
    const { client } = clientFor({
      '/wallet/getenergyprices': ok({ prices: '0:100,1575871200000:10,1606537680000:40,1684985880000:210' }),
      '/wallet/getbandwidthprices': ok({ prices: '0:10,1606537680000:40,1626581880000:1000' }),
    });
    expect(await client.getEnergyPrices()).toEqual([
      { since: 0, price: 100n },
      { since: 1575871200000, price: 10n },
      { since: 1606537680000, price: 40n },
      { since: 1684985880000, price: 210n },
    ]);
    expect((await client.getBandwidthPrices()).at(-1)).toEqual({ since: 1626581880000, price: 1000n });
  });

  it('refuses a price history it cannot parse', async () => {
    const { client } = clientFor({ '/wallet/getenergyprices': ok({ prices: '0=100' }) });
    expect(((await caught(client.getEnergyPrices())) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });
});

describe('stake 2.0 and rewards', () => {
  it('reads getdelegatedresourcev2 and {} as none', async () => {
    const entry = {
      from: K1.hex,
      to: K2.hex,
      frozen_balance_for_energy: 1_000_000_000,
      expire_time_for_energy: 1778000000000,
    };
    const { client, node } = clientFor({
      '/wallet/getdelegatedresourcev2': [ok({ delegatedResource: [entry] }), ok({})],
    });
    expect(await client.getDelegatedResourceV2(K1.base58, K2.base58)).toEqual([
      {
        from: K1.hex,
        to: K2.hex,
        frozen_balance_for_bandwidth: 0n,
        frozen_balance_for_energy: 1_000_000_000n,
        expire_time_for_bandwidth: 0,
        expire_time_for_energy: 1778000000000,
      },
    ]);
    expect(node.calls[0]!.json).toEqual({ fromAddress: K1.hex, toAddress: K2.hex });
    expect(await client.getDelegatedResourceV2(K1.hex, K3.hex)).toEqual([]);
  });

  it('reads getdelegatedresourceaccountindexv2', async () => {
    const { client, node } = clientFor({
      '/wallet/getdelegatedresourceaccountindexv2': [ok({ account: K1.hex, toAccounts: [K2.hex, K3.hex] }), ok({})],
    });
    expect(await client.getDelegatedResourceAccountIndexV2(K1.hex)).toEqual({
      account: K1.hex,
      fromAccounts: [],
      toAccounts: [K2.hex, K3.hex],
    });
    expect(node.calls[0]!.json).toEqual({ value: K1.hex });
    expect(await client.getDelegatedResourceAccountIndexV2(K1.hex)).toBeNull();
  });

  it('posts the resource as java-tron type 0/1 to getcandelegatedmaxsize and reads max_size', async () => {
    const { client, node } = clientFor({
      '/wallet/getcandelegatedmaxsize': [ok({ max_size: 9_007_199_254_740_993n.toString() }), ok({})],
    });
    expect(await client.getCanDelegatedMaxSize(K1.hex, 'ENERGY')).toBe(9_007_199_254_740_993n);
    expect(await client.getCanDelegatedMaxSize(K1.hex, 'BANDWIDTH')).toBe(0n);
    expect(node.calls.map((c) => c.json)).toEqual([
      { owner_address: K1.hex, type: 1 },
      { owner_address: K1.hex, type: 0 },
    ]);
  });

  it('reads getavailableunfreezecount and getcanwithdrawunfreezeamount', async () => {
    const { client, node } = clientFor({
      '/wallet/getavailableunfreezecount': ok({ count: 31 }),
      '/wallet/getcanwithdrawunfreezeamount': ok({ amount: 1_000_000 }),
    });
    expect(await client.getAvailableUnfreezeCount(K1.hex)).toBe(31);
    expect(await client.getCanWithdrawUnfreezeAmount(K1.hex, 1778000000000)).toBe(1_000_000n);
    expect(node.calls.map((c) => c.json)).toEqual([
      { owner_address: K1.hex },
      { owner_address: K1.hex, timestamp: 1778000000000 },
    ]);
  });

  it('reads getReward and getBrokerage, sending the JSON content type their servlets need', async () => {
    const { client, node } = clientFor({
      '/wallet/getReward': raw('{"reward": 4200}\n'),
      '/wallet/getBrokerage': raw('{"brokerage": 20}\n'),
    });
    expect(await client.getReward(K1.base58)).toBe(4200n);
    expect(await client.getBrokerage(K3.hex)).toBe(20);
    expect(node.calls.map((c) => [c.path, c.json, c.headers['Content-Type']])).toEqual([
      ['/wallet/getReward', { address: K1.hex }, 'application/json'],
      ['/wallet/getBrokerage', { address: K3.hex }, 'application/json'],
    ]);
  });

  it('reports getReward\'s "INVALID address" error as NODE_ERROR', async () => {
    const { client } = clientFor({ '/wallet/getReward': raw('{"Error": "INVALID address, Non-base58 character"}\n') });
    const error = (await caught(client.getReward(K1.hex))) as NodeApiError;
    expect(error.code).toBe('NODE_ERROR');
    expect(error.nodeMessage).toBe('INVALID address, Non-base58 character');
  });
});

describe('TRC-10', () => {
  const token = {
    owner_address: K1.hex,
    name: hexOf('TreasuryToken'),
    abbr: hexOf('TT'),
    total_supply: 1_000_000_000_000,
    trx_num: 1,
    precision: 6,
    num: 1,
    start_time: 1777500000000,
    end_time: 1777600000000,
    description: hexOf('internal'),
    url: hexOf('https://t.example'),
    id: '1000001',
  };

  it('reads getassetissuebyid with names decoded, and {} as null', async () => {
    const { client, node } = clientFor({ '/wallet/getassetissuebyid': [ok(token), ok({})] });
    const asset = (await client.getAssetIssueById('1000001'))!;
    expect(node.calls[0]!.json).toEqual({ value: '1000001' });
    expect(asset.name).toBe('TreasuryToken');
    expect(asset.url).toBe('https://t.example');
    expect(asset.total_supply).toBe(1_000_000_000_000n);
    expect(await client.getAssetIssueById('1000002')).toBeNull();
  });

  it('reads getassetissuelist', async () => {
    const { client } = clientFor({
      '/wallet/getassetissuelist': ok({ assetIssue: [token, { ...token, id: '1000002' }] }),
    });
    expect((await client.getAssetIssueList()).map((a) => a.id)).toEqual(['1000001', '1000002']);
  });

  it('refuses a token id that is not decimal', async () => {
    const { client, node } = clientFor({});
    expect(((await caught(client.getAssetIssueById('USDT'))) as ValidationError).code).toBe('CLIENT_BAD_ARGUMENT');
    expect(node.calls).toHaveLength(0);
  });
});
