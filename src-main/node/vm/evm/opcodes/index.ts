import type { EVMOpts } from '@ethereumjs/evm';
import type { VmFlags } from '../../flags';
import type { AddOpcode } from '../evm-types';
import { callOpcodes } from './calls';
import { createOpcodes } from './create';
import { environmentOpcodes } from './environment';
import { selfDestructOpcode } from './selfdestruct';
import { stakingOpcodes } from './staking';
import { sstoreOpcode } from './storage';
import { isContractOpcode, trc10Opcodes } from './trc10';

type CustomOpcode = NonNullable<EVMOpts['customOpcodes']>[number];
type OpHandler = AddOpcode['logicFunction'];

/**
 * The TVM opcode table on top of the Istanbul profile (java-tron
 * `OperationRegistry`): TRON replacements for SSTORE, the CALL family, CREATE/CREATE2,
 * SELFDESTRUCT and the environment ops, the TRON-only 0xd0–0xdf ops when their proposals are
 * active, and removal of standard ops whose proposals are not.
 */
export function tvmOpcodes(flags: VmFlags, originals: ReadonlyMap<number, OpHandler>): CustomOpcode[] {
  const ops: CustomOpcode[] = [
    sstoreOpcode(originals),
    ...callOpcodes(),
    ...createOpcodes(originals, flags.allowTvmConstantinople),
    selfDestructOpcode(),
    ...environmentOpcodes(originals, {
      istanbul: flags.allowTvmIstanbul,
      london: flags.allowTvmLondon,
      constantinople: flags.allowTvmConstantinople,
      blob: flags.allowTvmBlob,
    }),
  ];
  if (flags.allowTvmTransferTrc10) ops.push(...trc10Opcodes());
  if (flags.allowTvmSolidity059) ops.push(isContractOpcode());
  ops.push(
    ...stakingOpcodes({ freeze: flags.allowTvmFreeze, vote: flags.allowTvmVote, freezeV2: flags.allowTvmFreezeV2 }),
  );

  const removed: number[] = [];
  if (!flags.allowTvmConstantinople) removed.push(0x1b, 0x1c, 0x1d, 0xf5, 0x3f);
  if (!flags.allowTvmIstanbul) removed.push(0x46, 0x47);
  if (!flags.allowTvmShangHai) removed.push(0x5f);
  if (!flags.allowTvmCancun) removed.push(0x5c, 0x5d, 0x5e);
  for (const opcode of removed) ops.push({ opcode });
  return ops;
}
