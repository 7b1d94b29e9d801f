import { bigintToLong, protocol } from '../../../src-core/proto/runtime';
import type { SealedBlock } from '../model/block';
import { sealBlock } from '../model/block';

/**
 * java-tron BlockUtil.newGenesisBlockCapsule: block 0's witness_address is this sentence in UTF-8, on every network.
 */
export const GENESIS_WITNESS_TEXT =
  'A new system must allow existing systems to be linked together without requiring any central control or ' +
  'coordination';

/**
 * TransactionUtil.newGenesisTransaction's owner_address: the bytes of this 23-character text, not
 * an address, so no account pays for a genesis balance.
 */
export const GENESIS_OWNER_TEXT = '0x000000000000000000000';

const TRANSFER_TYPE_URL = 'type.googleapis.com/protocol.TransferContract';

/** One `genesis.block.assets` entry: the account and the balance block 0 gives it (sun). */
export interface GenesisAsset {
  readonly address: Uint8Array;
  readonly balance: bigint;
}

/**
 * The unsigned TransferContract transaction java-tron writes into block 0 for one genesis account
 * (TransactionUtil.newGenesisTransaction): raw_data holds only the contract; a zero amount is
 * left out, as protobuf leaves out every default.
 */
export function genesisTransaction(asset: GenesisAsset): Uint8Array {
  const transfer: Record<string, unknown> = {
    owner_address: new TextEncoder().encode(GENESIS_OWNER_TEXT),
    to_address: asset.address,
  };
  if (asset.balance !== 0n) transfer.amount = bigintToLong(asset.balance);
  const value = protocol.TransferContract.encode(transfer as protocol.ITransferContract).finish();
  return protocol.Transaction.encode({
    raw_data: {
      contract: [
        {
          type: protocol.Transaction.Contract.ContractType.TransferContract,
          parameter: { type_url: TRANSFER_TYPE_URL, value },
        },
      ],
    },
  }).finish();
}

/**
 * Block 0 as java-tron builds it (BlockUtil.newGenesisBlockCapsule): one genesis transaction per
 * asset in config order, their txTrieRoot, java-tron's sentence as witness, and neither a number
 * nor a version in the header, so its blockID (and the chain id taken from it) is java-tron's.
 */
export function sealGenesisBlock(input: {
  readonly timestamp: number;
  readonly parentHash: Uint8Array;
  readonly assets: readonly GenesisAsset[];
}): SealedBlock {
  return sealBlock({
    number: 0,
    timestamp: input.timestamp,
    parentHash: input.parentHash,
    witnessAddress: new TextEncoder().encode(GENESIS_WITNESS_TEXT),
    transactions: input.assets.map(genesisTransaction),
    version: 0,
  });
}
