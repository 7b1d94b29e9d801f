import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { broadcast, call, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';
import type { Key, Reply } from '../helpers';
import { artifacts, callData, deploy, trigger, word } from '../vm-host/helpers';
import type { Deployed } from '../vm-host/helpers';
import { annotatedError, evm, PARAMS_INVALID, result, rpc, unhandledError } from './helpers';
import { MAX_FILTERS } from '@main/node/jsonrpc/filters';

/**
 * Every JSON-RPC method of java-tron's TronJsonRpc against a node: what it answers for a good
 * request (compared with the node's /wallet answers for the same things) and the exact error for
 * a bad one. Codes come from TronJsonRpc's @JsonRpcErrors (-32602 JsonRpcInvalidParamsException,
 * -32600 JsonRpcInvalidRequestException, -32601 JsonRpcMethodNotFoundException, -32000
 * JsonRpcInternalException / ItemNotFoundException); messages from TronJsonRpcImpl unless noted.
 */
let node: TronNode;
let alice: Key;
let bob: Key;
let token: Deployed;
/** Block holding the token transfer (index 0) and a TRX transfer (index 1). */
let busyBlock: number;
let tokenTransferId: string;
let trxTransferId: string;
let revertedId: string;
const receiver = newKey();

const tokenWord = (slot: bigint): string => `0x${word(slot)}`;
const balanceSlot = (holder: string): string => `0x${bytesToHex(keccak_256(hexToBytes(word(holder) + word(1n))))}`;

async function walletBlock(num: number): Promise<Reply> {
  return (await call(node, '/wallet/getblockbynum', { num })).json;
}

beforeAll(async () => {
  node = await startNode();
  alice = fundedKey(node, 0);
  bob = fundedKey(node, 1);
  token = await deploy(node, alice, 'Token', word(1_000_000n));
  const sent = await trigger(node, alice, token.address, callData('transfer(address,uint256)', bob.hex, 250n));
  expect(sent.reply.result).toBe(true);
  tokenTransferId = sent.tx.txID;
  const trx = makeTx(node, transfer(alice, receiver, 1_000_000n), alice.key);
  expect((await broadcast(node, trx)).result).toBe(true);
  trxTransferId = trx.txID;
  busyBlock = (await node.mine(1)).number;
  const reverted = await trigger(
    node,
    bob,
    token.address,
    callData('transferFrom(address,address,uint256)', alice.hex, bob.hex, 5n),
  );
  revertedId = reverted.tx.txID;
  await node.mine(1);
});
afterAll(async () => node?.stop());

describe('web3_*, net_* and node-wide eth_* methods', () => {
  it('web3_clientVersion names TRON, the code version, the OS and the runtime; a parameter is one too many', async () => {
    expect(await result(node, 'web3_clientVersion')).toMatch(/^TRON\/v4\.8\.0\/[^/]+\/Node\d+$/);
    expect(await rpc(node, 'web3_clientVersion', [1])).toEqual(PARAMS_INVALID);
  });

  it('web3_sha3 is keccak-256 of the hex data; bad hex is "invalid input value"', async () => {
    expect(await result(node, 'web3_sha3', ['0x68656c6c6f20776f726c64'])).toBe(
      '0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad',
    );
    expect(await rpc(node, 'web3_sha3', ['0xzz'])).toEqual(annotatedError(-32602, 'invalid input value'));
  });

  it('eth_chainId and net_version are the last 4 bytes of the genesis blockID', async () => {
    const genesisId = (await walletBlock(0)).blockID as string;
    expect(await result(node, 'eth_chainId')).toBe(`0x${genesisId.slice(-8)}`);
    expect(await result(node, 'net_version')).toBe(`0x${genesisId.slice(-8)}`);
    expect(await rpc(node, 'eth_chainId', ['x'])).toEqual(PARAMS_INVALID);
  });

  it('eth_blockNumber is the head of /wallet/getnowblock; eth_protocolVersion its header version', async () => {
    const now = (await call(node, '/wallet/getnowblock')).json;
    expect(await result(node, 'eth_blockNumber')).toBe(`0x${now.block_header.raw_data.number.toString(16)}`);
    expect(await result(node, 'eth_protocolVersion')).toBe(`0x${now.block_header.raw_data.version.toString(16)}`);
    expect(await rpc(node, 'eth_blockNumber', [{}])).toEqual(PARAMS_INVALID);
  });

  it('eth_gasPrice is getEnergyFee in sun', async () => {
    const parameters = (await call(node, '/wallet/getchainparameters')).json.chainParameter as {
      key: string;
      value?: number;
    }[];
    const energyFee = parameters.find((p) => p.key === 'getEnergyFee')!.value!;
    expect(await result(node, 'eth_gasPrice')).toBe(`0x${energyFee.toString(16)}`);
    expect(await rpc(node, 'eth_gasPrice', [1])).toEqual(PARAMS_INVALID);
  });

  it('a node without peers: not listening, 0 peers, not syncing, no accounts, no hash rate, no uncles', async () => {
    expect(await result(node, 'net_listening')).toBe(false);
    expect(await result(node, 'net_peerCount')).toBe('0x0');
    expect(await result(node, 'eth_syncing')).toBe(false);
    expect(await result(node, 'eth_accounts')).toEqual([]);
    expect(await result(node, 'eth_hashrate')).toBe('0x0');
    expect(await result(node, 'eth_getUncleByBlockHashAndIndex', ['0x00', '0x0'])).toBeNull();
    expect(await result(node, 'eth_getUncleByBlockNumberAndIndex', ['latest', '0x0'])).toBeNull();
    expect(await result(node, 'eth_getUncleCountByBlockHash', ['0x00'])).toBe('0x0');
    expect(await result(node, 'eth_getUncleCountByBlockNumber', ['latest'])).toBe('0x0');
    expect(await rpc(node, 'eth_getUncleCountByBlockNumber', [])).toEqual(PARAMS_INVALID);
  });

  it('eth_coinbase is 0x + the 21-byte address of the first local witness (41 kept), eth_mining true, eth_getWork the head hash', async () => {
    expect(await result(node, 'eth_coinbase')).toBe(`0x${node.chain.props.genesisWitnesses[0]}`);
    expect(await result(node, 'eth_mining')).toBe(true);
    const head = await walletBlock(node.head().number);
    expect(await result(node, 'eth_getWork')).toEqual([`0x${head.blockID}`, null, null]);
    expect(await rpc(node, 'eth_coinbase', [1])).toEqual(PARAMS_INVALID);
  });
});

describe('state reads (only "latest")', () => {
  it('eth_getBalance is /wallet/getaccount balance in sun, 0 for a missing account, in either address form', async () => {
    const balance = BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance);
    expect(await result(node, 'eth_getBalance', [evm(bob.hex), 'latest'])).toBe(`0x${balance.toString(16)}`);
    expect(await result(node, 'eth_getBalance', [`0x${bob.hex}`, 'LATEST'])).toBe(`0x${balance.toString(16)}`);
    expect(await result(node, 'eth_getBalance', [evm(newKey().hex), 'latest'])).toBe('0x0');
  });

  it('eth_getBalance refuses other tags, block numbers and malformed addresses (TronJsonRpcImpl.getTrxBalance, addressCompatibleToByteArray)', async () => {
    const address = evm(bob.hex);
    expect(await rpc(node, 'eth_getBalance', [address, 'earliest'])).toEqual(
      annotatedError(-32602, 'TAG [earliest | pending | finalized] not supported'),
    );
    expect(await rpc(node, 'eth_getBalance', [address, 'pending'])).toEqual(
      annotatedError(-32602, 'TAG [earliest | pending | finalized] not supported'),
    );
    expect(await rpc(node, 'eth_getBalance', [address, '0x1'])).toEqual(
      annotatedError(-32602, 'QUANTITY not supported, just support TAG as latest'),
    );
    expect(await rpc(node, 'eth_getBalance', [address, '12'])).toEqual(
      annotatedError(-32602, 'QUANTITY not supported, just support TAG as latest'),
    );
    expect(await rpc(node, 'eth_getBalance', [address, 'newest'])).toEqual(
      annotatedError(-32602, 'invalid block number'),
    );
    expect(await rpc(node, 'eth_getBalance', ['0x1234', 'latest'])).toEqual(
      annotatedError(-32602, 'invalid address hash value'),
    );
    expect(await rpc(node, 'eth_getBalance', [`0x42${bob.hex.slice(2)}`, 'latest'])).toEqual(
      annotatedError(-32602, 'invalid address hash value'),
    );
    expect(await rpc(node, 'eth_getBalance', ['0xgg', 'latest'])).toEqual(
      annotatedError(-32602, 'exception decoding Hex string: invalid characters encountered in Hex string'),
    );
    expect(await rpc(node, 'eth_getBalance', [address])).toEqual(PARAMS_INVALID);
  });

  it('eth_getStorageAt reads the TVM storage word: totalSupply at slot 0, balanceOf[holder] at keccak(pad(holder) ‖ pad(1))', async () => {
    expect(await result(node, 'eth_getStorageAt', [evm(token.address), '0x0', 'latest'])).toBe(tokenWord(1_000_000n));
    expect(await result(node, 'eth_getStorageAt', [evm(token.address), balanceSlot(bob.hex), 'latest'])).toBe(
      tokenWord(250n),
    );
    expect(await result(node, 'eth_getStorageAt', [evm(token.address), balanceSlot(alice.hex), 'latest'])).toBe(
      tokenWord(1_000_000n - 250n),
    );
    // A row that does not exist, and an address without a contract: 32 zero bytes.
    expect(await result(node, 'eth_getStorageAt', [evm(token.address), '0x7', 'latest'])).toBe(tokenWord(0n));
    expect(await result(node, 'eth_getStorageAt', [evm(bob.hex), '0x0', 'latest'])).toBe(tokenWord(0n));
  });

  it('eth_getStorageAt refuses a key over 32 bytes like DataWord (a RuntimeException, -32001) and tags other than latest', async () => {
    const long = `0x${'01'.repeat(33)}`;
    expect(await rpc(node, 'eth_getStorageAt', [evm(token.address), long, 'latest'])).toEqual(
      unhandledError('java.lang.RuntimeException', `Data word can't exceed 32 bytes: ${'01'.repeat(33)}`),
    );
    expect(await rpc(node, 'eth_getStorageAt', [evm(token.address), '0x0', 'finalized'])).toEqual(
      annotatedError(-32602, 'TAG [earliest | pending | finalized] not supported'),
    );
  });

  it('eth_getCode is the runtime code /wallet/getcontractinfo reports, "0x" for an account without code', async () => {
    const info = (await call(node, '/wallet/getcontractinfo', { value: token.address })).json;
    expect(await result(node, 'eth_getCode', [evm(token.address), 'latest'])).toBe(`0x${info.runtimecode}`);
    expect(info.runtimecode).toBe(artifacts['Token']!.deployedBytecode);
    expect(await result(node, 'eth_getCode', [evm(bob.hex), 'latest'])).toBe('0x');
    expect(await rpc(node, 'eth_getCode', [evm(token.address), '0x0'])).toEqual(
      annotatedError(-32602, 'QUANTITY not supported, just support TAG as latest'),
    );
  });
});

describe('eth_call and eth_estimateGas', () => {
  const balanceOf = (holder: string) => `0x${callData('balanceOf(address)', holder)}`;

  it('eth_call returns the constant result /wallet/triggerconstantcontract returns', async () => {
    const constant = (
      await call(node, '/wallet/triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: token.address,
        data: balanceOf(bob.hex).slice(2),
      })
    ).json;
    expect(await result(node, 'eth_call', [{ to: evm(token.address), data: balanceOf(bob.hex) }, 'latest'])).toBe(
      `0x${constant.constant_result[0]}`,
    );
    expect(
      await result(node, 'eth_call', [
        { from: evm(alice.hex), to: evm(token.address), data: balanceOf(bob.hex) },
        { blockNumber: '0x1' },
      ]),
    ).toBe(tokenWord(250n));
  });

  it('eth_call answers a revert with -32000, the reason and (java-tron 4.8.1) the revert data', async () => {
    const data = `0x${callData('transferFrom(address,address,uint256)', alice.hex, bob.hex, 5n)}`;
    const reply = await rpc(node, 'eth_call', [{ from: evm(bob.hex), to: evm(token.address), data }, 'latest']);
    const reason = bytesToHex(utf8ToBytes('allowance exceeded')).padEnd(64, '0');
    expect(reply).toEqual(
      annotatedError(
        -32000,
        'REVERT opcode executed: allowance exceeded',
        `0x08c379a0${word(32n)}${word(18n)}${reason}`,
      ),
    );
  });

  it('eth_call refuses a non-contract (-32600), unknown blocks (-32000), other block shapes and a call object with unknown fields', async () => {
    expect(await rpc(node, 'eth_call', [{ to: evm(bob.hex), data: '0x' }, 'latest'])).toEqual(
      annotatedError(-32600, 'Smart contract is not exist.'),
    );
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), data: '0x' }, { blockNumber: '0x9999' }])).toEqual(
      annotatedError(-32000, 'header not found'),
    );
    expect(
      await rpc(node, 'eth_call', [{ to: evm(token.address), data: '0x' }, { blockHash: `0x${'11'.repeat(32)}` }]),
    ).toEqual(annotatedError(-32000, 'header for hash not found'));
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), data: '0x' }, { blockNumber: 5 }])).toEqual(
      annotatedError(-32602, 'invalid json request'),
    );
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), data: '0x' }, {}])).toEqual(
      annotatedError(-32600, 'invalid json request'),
    );
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), data: '0x' }, 5])).toEqual(
      annotatedError(-32600, 'invalid json request'),
    );
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), data: '0x' }, 'pending'])).toEqual(
      annotatedError(-32602, 'TAG [earliest | pending | finalized] not supported'),
    );
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), value: '5' }, 'latest'])).toEqual(
      annotatedError(-32602, 'invalid param value: invalid hex number'),
    );
    // CallArguments has no "input": Jackson refuses the unknown field, jsonrpc4j answers a parse error.
    expect(await rpc(node, 'eth_call', [{ to: evm(token.address), input: '0x' }, 'latest'])).toEqual({
      jsonrpc: '2.0',
      id: 'null',
      error: { code: -32700, message: 'JSON parse error' },
    });
  });

  it('eth_estimateGas is /wallet/estimateenergy energy_required for a call, 0 for a valid TRX transfer', async () => {
    const data = callData('transfer(address,uint256)', bob.hex, 5n);
    const estimate = (
      await call(node, '/wallet/estimateenergy', { owner_address: alice.hex, contract_address: token.address, data })
    ).json;
    expect(
      await result(node, 'eth_estimateGas', [{ from: evm(alice.hex), to: evm(token.address), data: `0x${data}` }]),
    ).toBe(`0x${estimate.energy_required.toString(16)}`);
    expect(await result(node, 'eth_estimateGas', [{ from: evm(alice.hex), to: evm(bob.hex), value: '0x1' }])).toBe(
      '0x0',
    );
  });

  it('eth_estimateGas refuses incomplete calls (CallArguments.getContractType), invalid transfers and reverts', async () => {
    expect(await rpc(node, 'eth_estimateGas', [{ from: evm(alice.hex) }])).toEqual(
      annotatedError(-32600, 'invalid json request'),
    );
    expect(await rpc(node, 'eth_estimateGas', [{ from: evm(alice.hex), to: evm(bob.hex) }])).toEqual(
      annotatedError(-32600, 'invalid json request: invalid value'),
    );
    expect(await rpc(node, 'eth_estimateGas', [{ from: evm(newKey().hex), to: evm(bob.hex), value: '0x1' }])).toEqual(
      annotatedError(-32600, 'Validate TransferContract error, no OwnerAccount.'),
    );
    expect(await rpc(node, 'eth_estimateGas', [{ from: '0x12', to: evm(bob.hex), value: '0x1' }])).toEqual(
      annotatedError(-32602, 'invalid address hash value'),
    );
    const revert = await rpc(node, 'eth_estimateGas', [
      {
        from: evm(bob.hex),
        to: evm(token.address),
        data: `0x${callData('transferFrom(address,address,uint256)', alice.hex, bob.hex, 5n)}`,
      },
    ]);
    expect(revert.error).toMatchObject({ code: -32000, message: 'REVERT opcode executed: allowance exceeded' });
  });
});

describe('blocks', () => {
  it('eth_getBlockByNumber matches /wallet/getblockbynum: hash = blockID, header fields, transaction hashes, energy totals', async () => {
    const wallet = await walletBlock(busyBlock);
    const raw = wallet.block_header.raw_data;
    const block = await result(node, 'eth_getBlockByNumber', [`0x${busyBlock.toString(16)}`, false]);
    const tokenInfo = (await call(node, '/wallet/gettransactioninfobyid', { value: tokenTransferId })).json;
    expect(block).toMatchObject({
      number: `0x${busyBlock.toString(16)}`,
      hash: `0x${wallet.blockID}`,
      parentHash: `0x${raw.parentHash}`,
      transactionsRoot: `0x${raw.txTrieRoot}`,
      stateRoot: '0x',
      miner: evm(raw.witness_address),
      timestamp: `0x${Math.floor(raw.timestamp / 1000).toString(16)}`,
      transactions: wallet.transactions.map((t: Reply) => `0x${t.txID}`),
      gasUsed: `0x${tokenInfo.receipt.energy_usage_total.toString(16)}`,
      gasLimit: `0x${100_000_000n.toString(16)}`,
      nonce: '0x0000000000000000',
      uncles: [],
    });
    expect(Object.keys(block)).toEqual([...Object.keys(block)].sort());
    expect(await result(node, 'eth_getBlockByNumber', ['0x9999', false])).toBeNull();
    // Without 0x the number is decimal (ByteArray.hexToBigInteger).
    expect((await result(node, 'eth_getBlockByNumber', [String(busyBlock), false])).hash).toBe(`0x${wallet.blockID}`);
  });

  it('eth_getBlockByHash with full transactions gives TransactionResult objects; the genesis block is mined by nobody', async () => {
    const wallet = await walletBlock(busyBlock);
    const block = await result(node, 'eth_getBlockByHash', [`0x${wallet.blockID}`, true]);
    expect(block.transactions.map((t: Reply) => t.hash)).toEqual([`0x${tokenTransferId}`, `0x${trxTransferId}`]);
    expect(block.transactions[1]).toMatchObject({
      from: evm(alice.hex),
      to: evm(receiver.hex),
      value: '0xf4240',
      transactionIndex: '0x1',
      input: '0x',
    });
    expect((await result(node, 'eth_getBlockByNumber', ['earliest', false])).miner).toBe(`0x${'00'.repeat(20)}`);
    expect(await result(node, 'eth_getBlockByHash', [`0x${'12'.repeat(32)}`, false])).toBeNull();
  });

  it('block reads refuse "pending", bad numbers, bad hashes; a missing Boolean is a NullPointerException (-32001)', async () => {
    expect(await rpc(node, 'eth_getBlockByNumber', ['pending', false])).toEqual(
      annotatedError(-32602, 'TAG pending not supported'),
    );
    expect(await rpc(node, 'eth_getBlockByNumber', ['0xzz', false])).toEqual(
      annotatedError(-32602, 'invalid block number'),
    );
    expect(await rpc(node, 'eth_getBlockByHash', ['0x12', false])).toEqual(
      annotatedError(-32602, 'invalid hash value'),
    );
    expect(await rpc(node, 'eth_getBlockByHash', [`0x${'zz'.repeat(32)}`, false])).toEqual(
      annotatedError(-32602, 'exception decoding Hex string: invalid characters encountered in Hex string'),
    );
    expect(await rpc(node, 'eth_getBlockByNumber', ['latest', null])).toEqual(
      unhandledError('java.lang.NullPointerException', null),
    );
  });

  it('eth_getBlockTransactionCountByNumber / ByHash count the transactions; unknown blocks are null', async () => {
    const wallet = await walletBlock(busyBlock);
    expect(await result(node, 'eth_getBlockTransactionCountByNumber', [`0x${busyBlock.toString(16)}`])).toBe('0x2');
    expect(await result(node, 'eth_getBlockTransactionCountByHash', [`0x${wallet.blockID}`])).toBe('0x2');
    expect(await result(node, 'eth_getBlockTransactionCountByNumber', ['0x9999'])).toBeNull();
    expect(await rpc(node, 'eth_getBlockTransactionCountByNumber', ['pending'])).toEqual(
      annotatedError(-32602, 'TAG pending not supported'),
    );
    expect(await rpc(node, 'eth_getBlockTransactionCountByHash', ['latest'])).toEqual(
      annotatedError(-32602, 'invalid hash value'),
    );
  });
});

describe('transactions and receipts', () => {
  it('eth_getTransactionByHash: from, to, input, energy as gas, the energy price, v/r/s of the signature', async () => {
    const tx = (await call(node, '/wallet/gettransactionbyid', { value: tokenTransferId })).json;
    const info = (await call(node, '/wallet/gettransactioninfobyid', { value: tokenTransferId })).json;
    const signature = tx.signature[0] as string;
    const v = parseInt(signature.slice(128), 16);
    expect(await result(node, 'eth_getTransactionByHash', [`0x${tokenTransferId}`])).toEqual({
      blockHash: `0x${(await walletBlock(busyBlock)).blockID}`,
      blockNumber: `0x${busyBlock.toString(16)}`,
      from: evm(alice.hex),
      gas: `0x${info.receipt.energy_usage_total.toString(16)}`,
      gasPrice: '0xd2',
      hash: `0x${tokenTransferId}`,
      input: `0x${callData('transfer(address,uint256)', bob.hex, 250n)}`,
      nonce: '0x0000000000000000',
      r: `0x${signature.slice(0, 64)}`,
      s: `0x${signature.slice(64, 128)}`,
      to: evm(token.address),
      transactionIndex: '0x0',
      type: '0x0',
      // TransactionResult.parseSignature: 27 added below 27.
      v: `0x${(v < 27 ? v + 27 : v).toString(16)}`,
      value: '0x0',
    });
    // Without 0x too; an unknown hash is null.
    expect((await result(node, 'eth_getTransactionByHash', [trxTransferId])).value).toBe('0xf4240');
    expect(await result(node, 'eth_getTransactionByHash', [`0x${'ab'.repeat(32)}`])).toBeNull();
    expect(await rpc(node, 'eth_getTransactionByHash', ['0xabc'])).toEqual(
      annotatedError(-32602, 'invalid hash value'),
    );
  });

  it('eth_getTransactionByBlockHashAndIndex / ByBlockNumberAndIndex pick by 0x index; beyond the block is null', async () => {
    const wallet = await walletBlock(busyBlock);
    expect((await result(node, 'eth_getTransactionByBlockHashAndIndex', [`0x${wallet.blockID}`, '0x1'])).hash).toBe(
      `0x${trxTransferId}`,
    );
    expect(
      (await result(node, 'eth_getTransactionByBlockNumberAndIndex', [`0x${busyBlock.toString(16)}`, '0x0'])).hash,
    ).toBe(`0x${tokenTransferId}`);
    expect(
      await result(node, 'eth_getTransactionByBlockNumberAndIndex', [`0x${busyBlock.toString(16)}`, '0x2']),
    ).toBeNull();
    expect(await rpc(node, 'eth_getTransactionByBlockNumberAndIndex', [`0x${busyBlock.toString(16)}`, '1'])).toEqual(
      annotatedError(-32602, 'invalid index value'),
    );
    expect(await rpc(node, 'eth_getTransactionByBlockHashAndIndex', ['0x1', '0x0'])).toEqual(
      annotatedError(-32602, 'invalid hash value'),
    );
  });

  it('eth_getTransactionReceipt: energy as gas (cumulative over the block), Transfer log, status; a revert has status 0x0', async () => {
    const info = (await call(node, '/wallet/gettransactioninfobyid', { value: tokenTransferId })).json;
    const receipt = await result(node, 'eth_getTransactionReceipt', [`0x${tokenTransferId}`]);
    expect(receipt).toMatchObject({
      transactionHash: `0x${tokenTransferId}`,
      transactionIndex: '0x0',
      from: evm(alice.hex),
      to: evm(token.address),
      contractAddress: null,
      gasUsed: `0x${info.receipt.energy_usage_total.toString(16)}`,
      cumulativeGasUsed: `0x${info.receipt.energy_usage_total.toString(16)}`,
      effectiveGasPrice: '0xd2',
      status: '0x1',
      type: '0x0',
    });
    expect(receipt.logs).toEqual([
      {
        address: evm(token.address),
        blockHash: receipt.blockHash,
        blockNumber: receipt.blockNumber,
        data: `0x${info.log[0].data}`,
        logIndex: '0x0',
        removed: false,
        topics: info.log[0].topics.map((t: string) => `0x${t}`),
        transactionHash: `0x${tokenTransferId}`,
        transactionIndex: '0x0',
      },
    ]);
    expect(receipt).not.toHaveProperty('root');
    const trx = await result(node, 'eth_getTransactionReceipt', [trxTransferId]);
    expect(trx).toMatchObject({
      transactionIndex: '0x1',
      gasUsed: '0x0',
      cumulativeGasUsed: receipt.cumulativeGasUsed,
      status: '0x1',
      logs: [],
    });
    expect((await result(node, 'eth_getTransactionReceipt', [revertedId])).status).toBe('0x0');
    expect((await result(node, 'eth_getTransactionReceipt', [token.txId])).contractAddress).toBe(evm(token.address));
    expect(await result(node, 'eth_getTransactionReceipt', [`0x${'cd'.repeat(32)}`])).toBeNull();
    expect(await rpc(node, 'eth_getTransactionReceipt', [null])).toEqual(
      unhandledError('java.lang.NullPointerException', null),
    );
  });

  it('eth_getBlockReceipts (java-tron 4.8.1): every receipt of a block by number, tag or hash; null for the genesis block', async () => {
    const receipts = await result(node, 'eth_getBlockReceipts', [`0x${busyBlock.toString(16)}`]);
    expect(receipts).toEqual([
      await result(node, 'eth_getTransactionReceipt', [tokenTransferId]),
      await result(node, 'eth_getTransactionReceipt', [trxTransferId]),
    ]);
    expect(await result(node, 'eth_getBlockReceipts', [`0x${(await walletBlock(busyBlock)).blockID}`])).toEqual(
      receipts,
    );
    expect(await result(node, 'eth_getBlockReceipts', ['earliest'])).toBeNull();
    expect(await result(node, 'eth_getBlockReceipts', ['0x9999'])).toBeNull();
    expect(await rpc(node, 'eth_getBlockReceipts', ['pending'])).toEqual(
      annotatedError(-32602, 'TAG pending not supported'),
    );
  });
});

describe('logs and filters', () => {
  const TRANSFER = `0x${bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)')))}`;

  it('eth_getLogs finds the Transfer events the TransactionInfo logs hold', async () => {
    const logs = await result(node, 'eth_getLogs', [
      { fromBlock: '0x0', address: evm(token.address), topics: [TRANSFER] },
    ]);
    expect(logs.map((l: Reply) => l.transactionHash)).toEqual([`0x${token.txId}`, `0x${tokenTransferId}`]);
    const toBob = await result(node, 'eth_getLogs', [
      { fromBlock: 'earliest', toBlock: 'latest', topics: [TRANSFER, null, `0x${word(bob.hex)}`] },
    ]);
    expect(toBob).toHaveLength(1);
    expect(toBob[0]).toMatchObject({ blockNumber: `0x${busyBlock.toString(16)}`, data: tokenWord(250n) });
  });

  it('eth_getLogs refuses bad criteria and ranges with LogFilter / LogFilterWrapper messages, unknown fields with a parse error', async () => {
    expect(await rpc(node, 'eth_getLogs', [{ address: '0x1234' }])).toEqual(
      annotatedError(-32602, 'invalid address: 0x1234'),
    );
    expect(await rpc(node, 'eth_getLogs', [{ topics: [null, null, null, null, null] }])).toEqual(
      annotatedError(-32602, 'topics size should be <= 4'),
    );
    expect(await rpc(node, 'eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x1' }])).toEqual(
      annotatedError(-32602, 'please verify: fromBlock <= toBlock'),
    );
    expect(await rpc(node, 'eth_getLogs', [{ fromBlock: 'pending' }])).toEqual(
      annotatedError(-32602, 'TAG pending not supported'),
    );
    expect(await rpc(node, 'eth_getLogs', [{ blockHash: `0x${'00'.repeat(32)}`, toBlock: 'latest' }])).toEqual(
      annotatedError(-32602, 'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other'),
    );
    expect(await rpc(node, 'eth_getLogs', [{ limit: 1 }])).toEqual({
      jsonrpc: '2.0',
      id: 'null',
      error: { code: -32700, message: 'JSON parse error' },
    });
  });

  it('eth_newFilter / eth_getFilterChanges / eth_getFilterLogs / eth_uninstallFilter, eth_newBlockFilter', async () => {
    const logFilter = await result(node, 'eth_newFilter', [{ address: evm(token.address) }]);
    const blockFilter = await result(node, 'eth_newBlockFilter');
    expect(logFilter).toMatch(/^0x[0-9a-f]{32}$/);
    const sent = await trigger(node, alice, token.address, callData('transfer(address,uint256)', bob.hex, 1n));
    const mined = await node.mine(1);
    expect((await result(node, 'eth_getFilterChanges', [logFilter])).map((l: Reply) => l.transactionHash)).toEqual([
      `0x${sent.tx.txID}`,
    ]);
    expect(await result(node, 'eth_getFilterChanges', [logFilter])).toEqual([]);
    expect(await result(node, 'eth_getFilterChanges', [blockFilter])).toEqual([`0x${mined.id}`]);
    expect((await result(node, 'eth_getFilterLogs', [logFilter])).map((l: Reply) => l.transactionHash)).toEqual([
      `0x${sent.tx.txID}`,
    ]);
    expect(await result(node, 'eth_uninstallFilter', [logFilter])).toBe(true);
    expect(await rpc(node, 'eth_uninstallFilter', [logFilter])).toEqual(annotatedError(-32000, 'filter not found'));
    expect(await rpc(node, 'eth_getFilterChanges', [logFilter])).toEqual(annotatedError(-32000, 'filter not found'));
    expect(await rpc(node, 'eth_getFilterLogs', [blockFilter])).toEqual(annotatedError(-32000, 'filter not found'));
    expect(await rpc(node, 'eth_newFilter', [{ toBlock: 'finalized' }])).toEqual(
      annotatedError(-32602, 'invalid block range params'),
    );
    expect(await rpc(node, 'eth_newBlockFilter', [1])).toEqual(PARAMS_INVALID);
  });

  it('eth_newBlockFilter past the filter limit answers -32005 "exceed max block filters" (JsonRpcExceedLimitException)', async () => {
    const made: string[] = [];
    let reply: Reply = {};
    for (let i = 0; i <= MAX_FILTERS.block && !reply.error; i++) {
      reply = await rpc(node, 'eth_newBlockFilter');
      if (reply.result) made.push(reply.result as string);
    }
    expect(reply).toEqual(annotatedError(-32005, `exceed max block filters: ${MAX_FILTERS.block}, try again later`));
    for (const id of made) await result(node, 'eth_uninstallFilter', [id]);
    expect(await result(node, 'eth_newBlockFilter')).toMatch(/^0x[0-9a-f]{32}$/);
  });
});

describe('buildTransaction', () => {
  it('builds a TRX transfer and a deploy as /wallet builders print them (visible, txID, raw_data, raw_data_hex)', async () => {
    const built = await result(node, 'buildTransaction', [{ from: evm(alice.hex), to: evm(bob.hex), value: '0xa' }]);
    expect(built.transaction).toMatchObject({
      visible: false,
      raw_data: {
        contract: [
          {
            type: 'TransferContract',
            parameter: { value: { owner_address: alice.hex, to_address: bob.hex, amount: 10 } },
          },
        ],
      },
    });
    expect(built.transaction.txID).toMatch(/^[0-9a-f]{64}$/);
    const deploy = await result(node, 'buildTransaction', [
      {
        from: evm(alice.hex),
        data: `0x${artifacts['Token']!.bytecode}`,
        gas: '0x10',
        abi: JSON.stringify(artifacts['Token']!.abi),
        name: 'T',
      },
    ]);
    expect(deploy.transaction).toMatchObject({
      visible: false,
      raw_data: {
        fee_limit: 16 * 210,
        contract: [
          {
            type: 'CreateSmartContract',
            parameter: { value: { new_contract: { name: 'T', origin_address: alice.hex } } },
          },
        ],
      },
    });
    expect(deploy.transaction.contract_address).toMatch(/^41[0-9a-f]{40}$/);
  });

  it('builds a trigger, running a view function at once (ret is printed, as Wallet.triggerContract does)', async () => {
    const view = await result(node, 'buildTransaction', [
      { from: evm(alice.hex), to: evm(token.address), data: `0x${callData('balanceOf(address)', bob.hex)}` },
    ]);
    expect(view.transaction.ret).toEqual([{}]);
    const send = await result(node, 'buildTransaction', [
      {
        from: evm(alice.hex),
        to: evm(token.address),
        data: `0x${callData('transfer(address,uint256)', bob.hex, 1n)}`,
        visible: true,
      },
    ]);
    expect(send.transaction).not.toHaveProperty('ret');
    expect(send.transaction.raw_data.contract[0].parameter.value.contract_address).toMatch(/^T/);
  });

  it('refuses a bad sender, missing recipient and data, and transfers the chain refuses', async () => {
    expect(await rpc(node, 'buildTransaction', [{ from: '0x12', to: evm(bob.hex), value: '0x1' }])).toEqual(
      annotatedError(-32600, 'invalid json request'),
    );
    expect(await rpc(node, 'buildTransaction', [{ from: evm(alice.hex) }])).toEqual(
      annotatedError(-32600, 'invalid json request'),
    );
    expect(await rpc(node, 'buildTransaction', [{ from: evm(alice.hex), to: evm(bob.hex) }])).toEqual(
      annotatedError(-32600, 'invalid json request'),
    );
    expect(await rpc(node, 'buildTransaction', [{ from: evm(alice.hex), to: evm(alice.hex), value: '0x1' }])).toEqual(
      annotatedError(-32600, 'Cannot transfer TRX to yourself.'),
    );
    expect(await rpc(node, 'buildTransaction', [{ from: evm(alice.hex), to: evm(bob.hex), value: '1' }])).toEqual(
      annotatedError(-32602, 'invalid param value: invalid hex number'),
    );
    // tokenId and tokenValue without value make a TransferAssetContract (BuildArguments.getContractType), validated as /wallet/transferasset is.
    expect(
      await rpc(node, 'buildTransaction', [
        { from: evm(alice.hex), to: evm(bob.hex), tokenId: 1000001, tokenValue: 5 },
      ]),
    ).toEqual(annotatedError(-32600, 'No asset!'));
  });
});

describe('methods java-tron declares but refuses', () => {
  it.each([
    ['eth_sendRawTransaction', ['0x00']],
    ['eth_sendTransaction', [{}]],
    ['eth_sign', ['0x00', '0x00']],
    ['eth_signTransaction', [{}]],
    ['eth_getTransactionCount', ['0x00', 'latest']],
    ['eth_submitWork', ['0x0', '0x0', '0x0']],
    ['eth_submitHashrate', ['0x0', '0x0']],
    ['parity_nextNonce', ['0x00']],
    ['eth_getCompilers', []],
    ['eth_compileSolidity', ['']],
    ['eth_compileLLL', ['']],
    ['eth_compileSerpent', ['']],
  ])('%s answers -32601 "the method … does not exist/is not available"', async (method, params) => {
    expect(await rpc(node, method, params)).toEqual(
      annotatedError(-32601, `the method ${method} does not exist/is not available`),
    );
  });

  it('checks the parameter count before refusing', async () => {
    expect(await rpc(node, 'eth_sendRawTransaction', [])).toEqual(PARAMS_INVALID);
  });
});
