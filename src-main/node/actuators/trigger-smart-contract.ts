import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { addressHexOf } from '../vm-host/contract-records';
import type { ContractRuntime } from '../vm-host/runtime';
import { executeVmTransaction, requireVmOn } from '../vm-host/vm-transaction';

/** TriggerSmartContract (java-tron VMActuator, call path): runs a contract's code through the VM. */
const TYPE_ERROR =
  'contract type error, expected type [TriggerSmartContract], real type[class com.google.protobuf.Any]';

export function triggerSmartContractActuator(runtime: ContractRuntime): Actuator<'TriggerSmartContract'> {
  return {
    typeName: 'TriggerSmartContract',
    createsAccount: () => false,
    validate(contract, ctx) {
      requireVmOn(ctx);
      requireMessage(contract, TYPE_ERROR);
    },
    async execute(contract, ctx) {
      const m = requireMessage(contract, TYPE_ERROR);
      const owner = addressHexOf(m.owner_address);
      return executeVmTransaction(runtime, ctx, owner, ({ vm, world, block, txId, feeLimit }) =>
        vm.runTrigger({
          world,
          block,
          txId,
          owner,
          contractAddress: addressHexOf(m.contract_address),
          data: m.data,
          feeLimit,
          callValue: longToBigint(m.call_value),
          tokenValue: longToBigint(m.call_token_value),
          tokenId: longToBigint(m.token_id),
        }),
      );
    },
  };
}
