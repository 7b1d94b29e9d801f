import { createEVM } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../src-core/brand';
import { withChainParameters } from '../../../src-core/chain/parameters';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { AccountType, TronVm, type BlockContext } from '../../../src-main/node/vm/index';
import { nodeStakingHooks } from '../../../src-main/node/vm-host/world-staking';
import { loadArtifacts } from '../../fixtures/contracts/compile';
import { nodeWorld } from '../../main/node/vm/helpers';

/** TRC-20 transfers through the TronVm adapter and through bare @ethereumjs/evm, same bytecode. */

const OWNER = `41${'11'.repeat(20)}` as HexAddress;
const RECIPIENTS = 16;
const TRANSFER = bytesToHex(keccak_256(new TextEncoder().encode('transfer(address,uint256)')).subarray(0, 4));

function word(hex: string): string {
  return hex.padStart(64, '0');
}

function recipient(i: number): string {
  return (0xa000 + i).toString(16).padStart(40, '0');
}

function transferData(i: number): Uint8Array {
  return hexToBytes(TRANSFER + word(recipient(i % RECIPIENTS)) + word('1'));
}

const BLOCK: BlockContext = {
  number: 100n,
  timestampMs: 1_700_000_000_000n,
  witness: `41${'5e'.repeat(20)}` as HexAddress,
  blockIdByNumber: () => undefined,
  genesisBlockId: new Uint8Array(32),
  currentCycle: 1n,
  latestBlockTimestampMs: 1_699_999_997_000n,
};

export interface TransferBench {
  readonly transfer: () => Promise<unknown>;
  readonly energyPerTransfer: bigint;
}

/**
 * TronVm over a world as the node gives it (a node state view, the node's staking service behind the
 * hooks): deploy the token, warm up every recipient, then one transfer per call.
 */
export async function tronVmTransfers(): Promise<TransferBench> {
  const token = loadArtifacts()['Token']!;
  const parameters = withChainParameters();
  const { world } = nodeWorld(parameters, Number(BLOCK.latestBlockTimestampMs));
  world.putAccount(OWNER, { type: AccountType.Normal, balance: 10n ** 15n });
  const vm = await TronVm.create(
    { parameters, staking: nodeStakingHooks(), blackHoleAddress: `41${'dd'.repeat(20)}` as HexAddress },
    world,
  );
  let nonce = 0;
  const txId = () => {
    nonce += 1;
    const id = new Uint8Array(32);
    new DataView(id.buffer).setUint32(28, nonce);
    return id;
  };
  const created = await vm.runCreate({
    world,
    block: BLOCK,
    txId: txId(),
    owner: OWNER,
    feeLimit: 10_000_000_000n,
    bytecode: hexToBytes(token.bytecode + word((10n ** 30n).toString(16))),
    consumeUserResourcePercent: 100n,
    originEnergyLimit: 10_000_000n,
  });
  if (created.result !== 'SUCCESS') throw new Error(`token deploy failed: ${created.resMessage}`);
  let i = 0;
  let energy = 0n;
  const transfer = async () => {
    const result = await vm.runTrigger({
      world,
      block: BLOCK,
      txId: txId(),
      owner: OWNER,
      contractAddress: created.contractAddress,
      data: transferData(i++),
      feeLimit: 1_000_000_000n,
    });
    if (result.result !== 'SUCCESS') throw new Error(`transfer failed: ${result.resMessage}`);
    energy = result.energyUsed;
  };
  for (let k = 0; k <= RECIPIENTS; k++) await transfer();
  return { transfer, energyPerTransfer: energy };
}

/** The same token on a stock EVM (`createEVM()`: mainnet rules, SimpleStateManager). */
export async function bareEvmTransfers(): Promise<TransferBench> {
  const token = loadArtifacts()['Token']!;
  const evm = await createEVM();
  const caller = new Address(hexToBytes(OWNER.slice(2)));
  const created = await evm.runCall({
    caller,
    gasLimit: 10_000_000n,
    data: hexToBytes(token.bytecode + word((10n ** 30n).toString(16))),
  });
  if (created.execResult.exceptionError !== undefined || created.createdAddress === undefined)
    throw new Error('bare deploy failed');
  const to = created.createdAddress;
  let i = 0;
  let gas = 0n;
  const transfer = async () => {
    const result = await evm.runCall({ caller, to, gasLimit: 1_000_000n, data: transferData(i++) });
    if (result.execResult.exceptionError !== undefined)
      throw new Error(`bare transfer failed: ${result.execResult.exceptionError.error}`);
    gas = result.execResult.executionGasUsed;
    evm.journal.cleanJournal();
  };
  for (let k = 0; k <= RECIPIENTS; k++) await transfer();
  return { transfer, energyPerTransfer: gas };
}
