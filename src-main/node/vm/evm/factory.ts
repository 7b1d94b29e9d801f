import { Common, Hardfork, Mainnet, type ParamsDict } from '@ethereumjs/common';
import { EVMMockBlockchain, NobleBN254, getOpcodesForHF, paramsEVM } from '@ethereumjs/evm';
import { tvmGasParams } from '../energy-costs';
import type { VmFlags } from '../flags';
import { interpreterBaseClass, tronInterpreterClass } from './interpreter';
import { tvmOpcodes } from './opcodes/index';
import { tvmPrecompiles } from './precompiles';
import { TronStateManager } from './state-manager';
import { TronEvm } from './tron-evm';
import type { TronWorldState } from '../world-state';

/**
 * The Istanbul profile plus the EIPs TRON adopted by proposal: 0xEF rejection (EIP-3541,
 * allowTvmLondon), MCOPY and transient storage (EIP-5656, EIP-1153; allowTvmCancun), PUSH0 (EIP-3855;
 * allowTvmShangHai).
 * No EIP-2929 warm/cold pricing, no EIP-3529 refund cap, no EIP-3860 init-code limit.
 */
export function tvmCommon(flags: VmFlags): Common {
  const eips = [1679];
  if (flags.allowTvmLondon) eips.push(3541);
  if (flags.allowTvmCancun) eips.push(5656, 1153);
  if (flags.allowTvmShangHai) eips.push(3855);
  return new Common({
    chain: { ...Mainnet, customHardforks: { istanbul: { eips } } },
    hardfork: Hardfork.Istanbul,
    params: tvmParams(flags),
  });
}

/** ethereumjs' parameter set with the TVM prices as Istanbul-scoped overrides. */
export function tvmParams(flags: VmFlags): ParamsDict {
  return { ...paramsEVM, [Hardfork.Istanbul]: tvmGasParams(flags) };
}

export interface TronEvmSetup {
  readonly flags: VmFlags;
  readonly allowShieldedTrc20: boolean;
  readonly world: TronWorldState;
}

export async function createTronEvm(setup: TronEvmSetup): Promise<TronEvm> {
  const base = await interpreterBaseClass();
  const common = tvmCommon(setup.flags);
  const originals = getOpcodesForHF(common).handlers;
  const evm = new TronEvm({
    common,
    params: tvmParams(setup.flags),
    stateManager: new TronStateManager(setup.world),
    blockchain: new EVMMockBlockchain(),
    bn254: new NobleBN254(),
    allowUnlimitedContractSize: true,
    allowUnlimitedInitCodeSize: true,
    customOpcodes: tvmOpcodes(setup.flags, originals),
    customPrecompiles: tvmPrecompiles(common, setup.flags, setup.allowShieldedTrc20),
    interpreterClass: tronInterpreterClass(base, new WeakMap()),
  });
  return evm;
}
