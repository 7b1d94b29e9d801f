import { Address } from '@ethereumjs/util';
import { energyPenalty } from '../../dynamic-energy';
import { ENERGY_FACTOR_DECIMAL, Energy, MAX_CALL_DEPTH, tvmOpName } from '../../energy-costs';
import { TvmException, TvmMessages } from '../../tvm-exceptions';
import { hexAddressOfWord } from '../addresses';
import type { AddOpcode, RunState } from '../evm-types';
import { chargeMemory, checkMemoryCap, exactInt64, guardStatic, tronOf } from './context';

const MASK_160 = (1n << 160n) - 1n;
const LONG_LIMIT = 1n << 63n;
/** `VMConstant.MIN_TOKEN_ID`: TRC10 ids are above one million. */
export const MIN_TOKEN_ID = 1_000_000n;

type CallKind = 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CALLTOKEN';

/** Stack position (from the top) of the input offset: `opOff` in `EnergyCost.getCalculateCallCost`. */
const LAYOUT: Record<
  CallKind,
  { inputs: number; valueIndex: number | undefined; memoryIndex: number; newAccount: boolean }
> = {
  CALL: { inputs: 7, valueIndex: 2, memoryIndex: 3, newAccount: true },
  CALLCODE: { inputs: 7, valueIndex: 2, memoryIndex: 3, newAccount: false },
  DELEGATECALL: { inputs: 6, valueIndex: undefined, memoryIndex: 2, newAccount: false },
  STATICCALL: { inputs: 6, valueIndex: undefined, memoryIndex: 2, newAccount: false },
  CALLTOKEN: { inputs: 8, valueIndex: 2, memoryIndex: 4, newAccount: true },
};

/**
 * `EnergyCost.getCallCost` & co.: 40, +9000 with value, +25000 when value goes to an account that
 * does not exist (CALL/CALLTOKEN only), + memory for max(in, out). The penalty of the dynamic
 * energy model applies to this part only. Forwarded energy: `min(requested, left − cost)`, for
 * version-1 contracts all but 1/64 of that (`Program.getCallEnergy`).
 */
function callGas(kind: CallKind): NonNullable<AddOpcode['gasFunction']> {
  const layout = LAYOUT[kind];
  return async (runState: RunState): Promise<bigint> => {
    const { tx, frame } = tronOf(runState);
    const words = runState.stack.peek(layout.inputs);
    const requested = words[0]!;
    let cost = Energy.CALL;
    const value = layout.valueIndex === undefined ? 0n : words[layout.valueIndex]!;
    if (value !== 0n) {
      cost += Energy.VALUE_TRANSFER_CALL;
      if (layout.newAccount && tx.world.getAccount(hexAddressOfWord(words[1]!)) === undefined)
        cost += Energy.NEW_ACCT_CALL;
    }
    const m = layout.memoryIndex;
    cost += chargeMemory(runState, words[m]!, words[m + 1]!);
    cost += chargeMemory(runState, words[m + 2]!, words[m + 3]!);
    checkMemoryCap(runState);
    if (frame.factor > ENERGY_FACTOR_DECIMAL) {
      const penalty = energyPenalty(cost, frame.factor);
      frame.callPenalty = penalty;
      cost += penalty;
    }
    const left = runState.gasLeft;
    if (cost > left)
      throw new TvmException('OutOfEnergy', TvmMessages.notEnoughCallEnergy(tvmOpName(runState.opCode), cost, left));
    let available = left - cost;
    if (tx.flags.allowTvmCompatibleEvm && frame.version === 1) available -= available / 64n;
    runState.messageGasLimit = requested > available ? available : requested;
    return cost;
  };
}

function readInput(runState: RunState, offset: bigint, length: bigint): Uint8Array {
  return length === 0n ? new Uint8Array(0) : runState.memory.read(Number(offset), Number(length), true);
}

/** `memorySaveLimited`: at most `outLength` bytes of the callee's return data. */
function writeOutput(runState: RunState, outOffset: bigint, outLength: bigint): void {
  const data = runState.interpreter.getReturnData();
  if (data.length === 0 || outLength === 0n) return;
  const size = BigInt(data.length) < outLength ? data.length : Number(outLength);
  runState.memory.write(Number(outOffset), size, size === data.length ? data : data.subarray(0, size));
}

function failFast(runState: RunState): void {
  runState.returnBytes = new Uint8Array(0);
  runState.stack.push(0n);
}

function isPrecompileWord(runState: RunState, word: bigint): boolean {
  if (word >> 160n !== 0n) return false;
  return tronOf(runState).evm.getPrecompile(new Address(addressBytes(word))) !== undefined;
}

function addressBytes(word: bigint): Uint8Array {
  const out = new Uint8Array(20);
  let v = word & MASK_160;
  for (let i = 19; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/**
 * CALL / CALLCODE with java-tron's checks in its order (`Program.callToAddress`): depth, endowment
 * range, balance, then the transfer validation whose failures are TransferExceptions (sending TRX
 * to yourself). CALL to a precompile with value needs an existing account there (`MUtil.transfer`).
 */
function valueCallLogic(kind: 'CALL' | 'CALLCODE'): AddOpcode['logicFunction'] {
  return async (runState: RunState): Promise<void> => {
    const [, toWord, value, inOffset, inLength, outOffset, outLength] = runState.stack.popN(7) as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    if (kind === 'CALL' && value !== 0n) guardStatic(runState);
    const { tx, frame } = tronOf(runState);
    let gasLimit = runState.messageGasLimit!;
    runState.messageGasLimit = undefined;
    if (value !== 0n) {
      runState.interpreter.addStipend(Energy.STIPEND_CALL);
      gasLimit += Energy.STIPEND_CALL;
    }
    if (runState.env.depth >= MAX_CALL_DEPTH) return failFast(runState);
    const target = hexAddressOfWord(toWord);
    if (isPrecompileWord(runState, toWord)) {
      if (runState.env.contract.balance < value) return failFast(runState);
      if (value > 0n && kind === 'CALL' && target !== frame.address && tx.world.getAccount(target) === undefined) {
        throw new TvmException('BytecodeExecution', 'transfer failure');
      }
    } else {
      if (value >= LONG_LIMIT) throw new TvmException('Transfer', TvmMessages.endowmentOutOfRange);
      if (runState.env.contract.balance < value) return failFast(runState);
      if (kind === 'CALL' && value > 0n && target === frame.address) {
        throw new TvmException('Transfer', TvmMessages.transferTrxFailed('Cannot transfer TRX to yourself.'));
      }
    }
    const data = readInput(runState, inOffset, inLength);
    const address = new Address(addressBytes(toWord));
    const result =
      kind === 'CALL'
        ? await runState.interpreter.call(gasLimit, address, value, data)
        : await runState.interpreter.callCode(gasLimit, address, value, data);
    writeOutput(runState, outOffset, outLength);
    runState.stack.push(result);
  };
}

function noValueCallLogic(kind: 'DELEGATECALL' | 'STATICCALL'): AddOpcode['logicFunction'] {
  return async (runState: RunState): Promise<void> => {
    const [, toWord, inOffset, inLength, outOffset, outLength] = runState.stack.popN(6) as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const gasLimit = runState.messageGasLimit!;
    runState.messageGasLimit = undefined;
    if (runState.env.depth >= MAX_CALL_DEPTH) return failFast(runState);
    const data = readInput(runState, inOffset, inLength);
    const address = new Address(addressBytes(toWord));
    const result =
      kind === 'DELEGATECALL'
        ? await runState.interpreter.callDelegate(gasLimit, address, runState.interpreter.getCallValue(), data)
        : await runState.interpreter.callStatic(gasLimit, address, 0n, data);
    writeOutput(runState, outOffset, outLength);
    runState.stack.push(result);
  };
}

/**
 * CALLTOKEN (0xd0): a call that moves a TRC10 token instead of TRX (`Program.checkTokenId`,
 * `callToAddress` with isTokenTransferMsg). The callee sees CALLVALUE 0 and the token in
 * CALLTOKENVALUE/CALLTOKENID; the token moves inside the callee's checkpoint.
 */
const callTokenLogic: AddOpcode['logicFunction'] = async (runState: RunState): Promise<void> => {
  const [, toWord, value, tokenIdWord, inOffset, inLength, outOffset, outLength] = runState.stack.popN(8) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  if (value !== 0n) guardStatic(runState);
  const { tx, frame } = tronOf(runState);
  let gasLimit = runState.messageGasLimit!;
  runState.messageGasLimit = undefined;
  if (value !== 0n) {
    runState.interpreter.addStipend(Energy.STIPEND_CALL);
    gasLimit += Energy.STIPEND_CALL;
  }
  if (runState.env.depth >= MAX_CALL_DEPTH) return failFast(runState);
  if (value >= LONG_LIMIT) throw new TvmException('Transfer', TvmMessages.endowmentOutOfRange);
  const tokenId = exactInt64(tokenIdWord);
  if (tokenId === undefined || tokenId <= MIN_TOKEN_ID) throw new TvmException('Transfer', TvmMessages.invalidTokenId);
  const id = tokenId.toString();
  if (tx.world.getTokenBalance(frame.address, id) < value) return failFast(runState);
  const target = hexAddressOfWord(toWord);
  if (value > 0n) {
    if (target === frame.address)
      throw new TvmException('Transfer', TvmMessages.transferTrc10Failed('Cannot transfer asset to yourself.'));
    if (!tx.world.assetExists(id)) throw new TvmException('Transfer', TvmMessages.transferTrc10Failed('No asset !'));
  }
  const data = readInput(runState, inOffset, inLength);
  tx.pendingToken = { id: tokenId, value };
  const result = await runState.interpreter.call(gasLimit, new Address(addressBytes(toWord)), 0n, data);
  tx.pendingToken = undefined;
  writeOutput(runState, outOffset, outLength);
  runState.stack.push(result);
};

export function callOpcodes(): AddOpcode[] {
  return [
    {
      opcode: 0xf1,
      opcodeName: 'CALL',
      baseFee: 0,
      gasFunction: callGas('CALL'),
      logicFunction: valueCallLogic('CALL'),
    },
    {
      opcode: 0xf2,
      opcodeName: 'CALLCODE',
      baseFee: 0,
      gasFunction: callGas('CALLCODE'),
      logicFunction: valueCallLogic('CALLCODE'),
    },
    {
      opcode: 0xf4,
      opcodeName: 'DELEGATECALL',
      baseFee: 0,
      gasFunction: callGas('DELEGATECALL'),
      logicFunction: noValueCallLogic('DELEGATECALL'),
    },
    {
      opcode: 0xfa,
      opcodeName: 'STATICCALL',
      baseFee: 0,
      gasFunction: callGas('STATICCALL'),
      logicFunction: noValueCallLogic('STATICCALL'),
    },
  ];
}

export function callTokenOpcode(): AddOpcode {
  return {
    opcode: 0xd0,
    opcodeName: 'CALLTOKEN',
    baseFee: 0,
    gasFunction: callGas('CALLTOKEN'),
    logicFunction: callTokenLogic,
  };
}
