import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { addressHexOf } from '../vm-host/contract-records';
import type { ContractRuntime } from '../vm-host/runtime';
import { executeVmTransaction, requireVmOn } from '../vm-host/vm-transaction';

/** CreateSmartContract (java-tron VMActuator, create path): deploys new_contract through the VM. */
const TYPE_ERROR = 'contract type error, expected type [CreateSmartContract], real type[class com.google.protobuf.Any]';
const EMPTY = new Uint8Array(0);

export function createSmartContractActuator(runtime: ContractRuntime): Actuator<'CreateSmartContract'> {
  return {
    typeName: 'CreateSmartContract',
    createsAccount: () => false,
    validate(contract, ctx) {
      requireVmOn(ctx);
      requireMessage(contract, TYPE_ERROR);
    },
    async execute(contract, ctx) {
      const m = requireMessage(contract, TYPE_ERROR);
      const spec = m.new_contract ?? {};
      const owner = addressHexOf(m.owner_address);
      const bytecode = spec.bytecode ?? EMPTY;
      const callValue = longToBigint(spec.call_value);
      return executeVmTransaction(runtime, ctx, owner, async ({ vm, world, block, txId, feeLimit }) => {
        const result = await vm.runCreate({
          world,
          block,
          txId,
          owner,
          originAddress: addressHexOf(spec.origin_address),
          feeLimit,
          bytecode,
          consumeUserResourcePercent: longToBigint(spec.consume_user_resource_percent),
          originEnergyLimit: longToBigint(spec.origin_energy_limit),
          callValue,
          tokenValue: longToBigint(m.call_token_value),
          tokenId: longToBigint(m.token_id),
          name: spec.name ?? '',
          abi: spec.abi ?? {},
        });
        const meta = result.result === 'SUCCESS' ? world.getContract(result.contractAddress) : undefined;
        if (meta) {
          // ContractStore keeps the deploy transaction's own bytecode and call value.
          const withDeployFields = { ...meta, bytecode, callValue };
          world.putContract(result.contractAddress, withDeployFields);
        }
        return result;
      });
    },
  };
}
