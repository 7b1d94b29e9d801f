import type { HexAddress } from '../../../src-core/brand';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import type { ContractMeta } from '../vm/world-state';
import { addressHexOf } from '../vm-host/contract-records';
import type { ContractRuntime } from '../vm-host/runtime';
import { executeVmTransaction, requireVmOn } from '../vm-host/vm-transaction';

/** CreateSmartContract (java-tron VMActuator, create path): deploys new_contract through the VM. */
const TYPE_ERROR = 'contract type error, expected type [CreateSmartContract], real type[class com.google.protobuf.Any]';
const EMPTY = new Uint8Array(0);

type Msg = Record<string, unknown>;
const hex = (bytes: unknown): HexAddress => addressHexOf(bytes as Uint8Array | undefined);
const int64 = (value: unknown): bigint => longToBigint(value as never);

export function createSmartContractActuator(runtime: ContractRuntime): Actuator {
  return {
    typeName: 'CreateSmartContract',
    createsAccount: () => false,
    validate(contract, ctx) {
      requireVmOn(ctx);
      requireMessage(contract, TYPE_ERROR);
    },
    async execute(contract, ctx) {
      const m = requireMessage(contract, TYPE_ERROR);
      const spec = (m.new_contract as Msg | undefined) ?? {};
      const owner = hex(m.owner_address);
      const bytecode = (spec.bytecode as Uint8Array | undefined) ?? EMPTY;
      const callValue = int64(spec.call_value);
      return executeVmTransaction(runtime, ctx, owner, async ({ vm, world, block, txId, feeLimit }) => {
        const result = await vm.runCreate({
          world,
          block,
          txId,
          owner,
          originAddress: hex(spec.origin_address),
          feeLimit,
          bytecode,
          consumeUserResourcePercent: int64(spec.consume_user_resource_percent),
          originEnergyLimit: int64(spec.origin_energy_limit),
          callValue,
          tokenValue: int64(m.call_token_value),
          tokenId: int64(m.token_id),
          name: (spec.name as string | undefined) ?? '',
          abi: spec.abi ?? {},
        });
        if (result.result === 'SUCCESS') {
          // ContractStore keeps the deploy transaction's own bytecode and call value.
          const meta = world.getContract(result.contractAddress);
          if (meta) world.putContract(result.contractAddress, { ...meta, bytecode, callValue } as ContractMeta);
        }
        return result;
      });
    },
  };
}
