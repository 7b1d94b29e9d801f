import type { ChainParameters } from '../../../src-core/chain/parameters';

/**
 * The proposal switches the VM reads (java-tron `VMConfig`, loaded by `ConfigLoader` from the
 * dynamic properties). Parameters missing from a chain-parameter set count as 0 (proto3 default).
 */
export interface VmFlags {
  readonly allowMultiSign: boolean;
  readonly allowTvmTransferTrc10: boolean;
  readonly allowTvmConstantinople: boolean;
  readonly allowTvmSolidity059: boolean;
  readonly allowTvmIstanbul: boolean;
  readonly allowTvmFreeze: boolean;
  readonly allowTvmVote: boolean;
  readonly allowTvmLondon: boolean;
  readonly allowTvmCompatibleEvm: boolean;
  readonly allowHigherLimitForMaxCpuTimeOfOneTx: boolean;
  /** `supportUnfreezeDelay()`: getUnfreezeDelayDays > 0. */
  readonly allowTvmFreezeV2: boolean;
  readonly allowOptimizedReturnValueOfChainId: boolean;
  readonly allowDynamicEnergy: boolean;
  readonly allowTvmShangHai: boolean;
  readonly allowEnergyAdjustment: boolean;
  readonly allowTvmCancun: boolean;
  readonly allowTvmBlob: boolean;
  readonly allowNewResourceModel: boolean;
}

function on(parameters: Partial<Record<string, bigint>>, key: string): boolean {
  return (parameters[key] ?? 0n) !== 0n;
}

export function vmFlagsFrom(parameters: ChainParameters): VmFlags {
  const p = parameters as Partial<Record<string, bigint>>;
  return {
    allowMultiSign: on(p, 'getAllowMultiSign'),
    allowTvmTransferTrc10: on(p, 'getAllowTvmTransferTrc10'),
    allowTvmConstantinople: on(p, 'getAllowTvmConstantinople'),
    allowTvmSolidity059: on(p, 'getAllowTvmSolidity059'),
    allowTvmIstanbul: on(p, 'getAllowTvmIstanbul'),
    allowTvmFreeze: on(p, 'getAllowTvmFreeze'),
    allowTvmVote: on(p, 'getAllowTvmVote'),
    allowTvmLondon: on(p, 'getAllowTvmLondon'),
    allowTvmCompatibleEvm: on(p, 'getAllowTvmCompatibleEvm'),
    allowHigherLimitForMaxCpuTimeOfOneTx: on(p, 'getAllowHigherLimitForMaxCpuTimeOfOneTx'),
    allowTvmFreezeV2: on(p, 'getUnfreezeDelayDays'),
    allowOptimizedReturnValueOfChainId: on(p, 'getAllowOptimizedReturnValueOfChainId'),
    allowDynamicEnergy: on(p, 'getAllowDynamicEnergy'),
    allowTvmShangHai: on(p, 'getAllowTvmShangHai'),
    allowEnergyAdjustment: on(p, 'getAllowEnergyAdjustment'),
    allowTvmCancun: on(p, 'getAllowTvmCancun'),
    allowTvmBlob: on(p, 'getAllowTvmBlob'),
    allowNewResourceModel: on(p, 'getAllowNewResourceModel'),
  };
}

/** Flags that change the opcode table; a VM is rebuilt when one of them changes. */
export function opcodeTableKey(flags: VmFlags): string {
  return [
    flags.allowTvmTransferTrc10,
    flags.allowTvmConstantinople,
    flags.allowTvmSolidity059,
    flags.allowTvmIstanbul,
    flags.allowTvmFreeze,
    flags.allowTvmVote,
    flags.allowTvmLondon,
    flags.allowHigherLimitForMaxCpuTimeOfOneTx,
    flags.allowTvmFreezeV2,
    flags.allowTvmShangHai,
    flags.allowEnergyAdjustment,
    flags.allowTvmCancun,
    flags.allowTvmBlob,
    flags.allowTvmCompatibleEvm,
  ]
    .map((flag) => (flag ? '1' : '0'))
    .join('');
}
