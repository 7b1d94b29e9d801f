import { TvmException, TvmMessages } from '../../tvm-exceptions';
import { hexAddressOfWord } from '../addresses';
import type { AddOpcode, RunState } from '../evm-types';
import { exactInt64, tronOf } from './context';
import { MIN_TOKEN_ID, callTokenOpcode } from './calls';

/** TOKENBALANCE (0xd1, 20): TRC10 balance; ids must be above 1 000 000 (`checkTokenIdInTokenBalance`). */
const tokenBalance: AddOpcode = {
  opcode: 0xd1,
  opcodeName: 'TOKENBALANCE',
  baseFee: 20,
  logicFunction: (runState: RunState) => {
    const { tx } = tronOf(runState);
    const tokenIdWord = runState.stack.pop();
    const address = hexAddressOfWord(runState.stack.pop());
    const tokenId = exactInt64(tokenIdWord);
    if (tokenId === undefined) throw new TvmException('Transfer', TvmMessages.invalidTokenId);
    if (tokenId <= MIN_TOKEN_ID) throw new TvmException('BytecodeExecution', TvmMessages.invalidTokenId);
    runState.stack.push(tx.world.getTokenBalance(address, tokenId.toString()));
  },
};

/** CALLTOKENVALUE (0xd2, 2): TRC10 amount sent to this frame. */
const callTokenValue: AddOpcode = {
  opcode: 0xd2,
  opcodeName: 'CALLTOKENVALUE',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    runState.stack.push(tronOf(runState).frame.tokenValue);
  },
};

/** CALLTOKENID (0xd3, 2): TRC10 id sent to this frame (0 when none). */
const callTokenId: AddOpcode = {
  opcode: 0xd3,
  opcodeName: 'CALLTOKENID',
  baseFee: 2,
  logicFunction: (runState: RunState) => {
    runState.stack.push(tronOf(runState).frame.tokenId);
  },
};

/** ISCONTRACT (0xd4, 20): 1 when the ContractStore has the address – already true during its constructor. */
const isContract: AddOpcode = {
  opcode: 0xd4,
  opcodeName: 'ISCONTRACT',
  baseFee: 20,
  logicFunction: (runState: RunState) => {
    const { tx } = tronOf(runState);
    runState.stack.push(tx.world.getContract(hexAddressOfWord(runState.stack.pop())) === undefined ? 0n : 1n);
  },
};

export function trc10Opcodes(): AddOpcode[] {
  return [callTokenOpcode(), tokenBalance, callTokenValue, callTokenId];
}

export function isContractOpcode(): AddOpcode {
  return isContract;
}
