import { keccak_256 as keccak } from '@noble/hashes/sha3.js';
import { bytesToBigint } from '../../../../../src-core/bytes/bytes';
import { Energy } from '../../energy-costs';
import { TvmException, TvmMessages } from '../../tvm-exceptions';
import { hexAddressOfWord, prefixedWord, wordOfHexAddress } from '../addresses';
import type { AddOpcode, RunState } from '../evm-types';
import { chargeMemory, intValueSafe, tronOf } from './context';

type OpHandler = AddOpcode['logicFunction'];

/** COINBASE: the block's witness with the 0x41 prefix in the word (java-tron OperationActions.coinBaseAction). */
const coinbase: AddOpcode = {
  opcode: 0x41,
  opcodeName: 'COINBASE',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    runState.stack.push(prefixedWord(wordOfHexAddress(tronOf(runState).tx.block.witness)));
  },
};

/** CHAINID: the genesis block id; its last 4 bytes once allowTvmCompatibleEvm/OptimizedReturnValueOfChainId. */
const chainId: AddOpcode = {
  opcode: 0x46,
  opcodeName: 'CHAINID',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    const { tx } = tronOf(runState);
    const id = tx.block.genesisBlockId;
    const short = tx.flags.allowTvmCompatibleEvm || tx.flags.allowOptimizedReturnValueOfChainId;
    runState.stack.push(bytesToBigint(short ? id.subarray(id.length - 4) : id));
  },
};

/** BASEFEE: sun per energy (`getEnergyFee`). */
const baseFee: AddOpcode = {
  opcode: 0x48,
  opcodeName: 'BASEFEE',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    runState.stack.push(tronOf(runState).tx.energyFee);
  },
};

/** GASPRICE: the energy fee for version-1 contracts once allowTvmCompatibleEvm, else 0. */
const gasPrice: AddOpcode = {
  opcode: 0x3a,
  opcodeName: 'GASPRICE',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    const { tx, frame } = tronOf(runState);
    runState.stack.push(tx.flags.allowTvmCompatibleEvm && frame.version === 1 ? tx.energyFee : 0n);
  },
};

/** BLOCKHASH: the block *id* of one of the previous 256 blocks, else 0 (`Program.getBlockHash`). */
const blockHash: AddOpcode = {
  opcode: 0x40,
  opcodeName: 'BLOCKHASH',
  baseFee: 20,
  logicFunction: (runState: RunState) => {
    const { tx } = tronOf(runState);
    const index = BigInt(intValueSafe(runState.stack.pop()));
    const current = tx.block.number;
    const floor = (current > 256n ? current : 256n) - 256n;
    if (index < current && index >= floor) {
      const id = tx.block.blockIdByNumber(index);
      runState.stack.push(id === undefined ? 0n : bytesToBigint(id));
      return;
    }
    runState.stack.push(0n);
  },
};

/** EXTCODEHASH (400): 0 for a missing account, keccak("") for a non-contract, the code hash otherwise. */
const EMPTY_CODE_HASH = 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470n;
const extCodeHash: AddOpcode = {
  opcode: 0x3f,
  opcodeName: 'EXTCODEHASH',
  baseFee: Number(Energy.EXT_CODE_HASH),
  logicFunction: (runState: RunState) => {
    const { tx } = tronOf(runState);
    const address = hexAddressOfWord(runState.stack.pop());
    if (tx.world.getAccount(address) === undefined) {
      runState.stack.push(0n);
      return;
    }
    const meta = tx.world.getContract(address);
    if (meta === undefined) {
      runState.stack.push(EMPTY_CODE_HASH);
      return;
    }
    const hash = meta.codeHash;
    if (hash !== undefined && hash.some((byte) => byte !== 0)) {
      runState.stack.push(bytesToBigint(hash));
      return;
    }
    runState.stack.push(hashOf(tx.world.getCode(address)));
  },
};

function hashOf(code: Uint8Array): bigint {
  return code.length === 0 ? EMPTY_CODE_HASH : bytesToBigint(keccak(code));
}

/**
 * RETURNDATACOPY: memory + 3/word, base 0; reading past the buffer is java-tron's
 * ReturnDataCopyIllegalBoundsException (UNKNOWN), raised after the energy is charged.
 */
function returnDataCopy(original: OpHandler): AddOpcode {
  return {
    opcode: 0x3e,
    opcodeName: 'RETURNDATACOPY',
    baseFee: 0,
    gasFunction: async (runState: RunState) => {
      const [memOffset, , length] = runState.stack.peek(3) as [bigint, bigint, bigint];
      return chargeMemory(runState, memOffset, length) + ((length + 31n) / 32n) * Energy.COPY;
    },
    logicFunction: async (runState: RunState, common) => {
      const [, offset, length] = runState.stack.peek(3) as [bigint, bigint, bigint];
      const available = runState.interpreter.getReturnDataSize();
      if (BigInt(intValueSafe(offset)) + BigInt(intValueSafe(length)) > available) {
        throw new TvmException(
          'ReturnDataCopyIllegalBounds',
          TvmMessages.returnDataCopyBounds(offset, length, Number(available)),
        );
      }
      await original(runState, common);
    },
  };
}

/** BLOBHASH / BLOBBASEFEE (allowTvmBlob): pop and push zero / push zero. */
const blobHash: AddOpcode = {
  opcode: 0x49,
  opcodeName: 'BLOBHASH',
  baseFee: 3,
  logicFunction: (runState: RunState) => {
    runState.stack.pop();
    runState.stack.push(0n);
  },
};

const blobBaseFee: AddOpcode = {
  opcode: 0x4a,
  opcodeName: 'BLOBBASEFEE',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    runState.stack.push(0n);
  },
};

export interface EnvironmentOptions {
  readonly istanbul: boolean;
  readonly london: boolean;
  readonly constantinople: boolean;
  readonly blob: boolean;
}

export function environmentOpcodes(
  originals: ReadonlyMap<number, OpHandler>,
  options: EnvironmentOptions,
): AddOpcode[] {
  const ops: AddOpcode[] = [coinbase, gasPrice, blockHash, returnDataCopy(originals.get(0x3e)!)];
  if (options.istanbul) ops.push(chainId);
  if (options.london) ops.push(baseFee);
  if (options.constantinople) ops.push(extCodeHash);
  if (options.blob) ops.push(blobHash, blobBaseFee);
  return ops;
}
