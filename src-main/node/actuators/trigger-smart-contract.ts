import type { HexAddress } from '../../../src-core/brand';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import { addressHexOf } from '../vm-host/contract-records';
import type { ContractRuntime } from '../vm-host/runtime';
import { executeVmTransaction, requireVmOn } from '../vm-host/vm-transaction';

/** TriggerSmartContract (java-tron VMActuator, call path): runs a contract's code through the VM. */
const TYPE_ERROR =
  'contract type error, expected type [TriggerSmartContract], real type[class com.google.protobuf.Any]';
const EMPTY = new Uint8Array(0);

const hex = (bytes: unknown): HexAddress => addressHexOf(bytes as Uint8Array | undefined);
const int64 = (value: unknown): bigint => longToBigint(value as never);

export function triggerSmartContractActuator(runtime: ContractRuntime): Actuator {
  return {
    typeName: 'TriggerSmartContract',
    createsAccount: () => false,
    validate(contract, ctx) {
      requireVmOn(ctx);
      requireMessage(contract, TYPE_ERROR);
    },
    async execute(contract, ctx) {
      const m = requireMessage(contract, TYPE_ERROR);
      const owner = hex(m.owner_address);
      return executeVmTransaction(runtime, ctx, owner, ({ vm, world, block, txId, feeLimit }) =>
        vm.runTrigger({
          world,
          block,
          txId,
          owner,
          contractAddress: hex(m.contract_address),
          data: (m.data as Uint8Array | undefined) ?? EMPTY,
          feeLimit,
          callValue: int64(m.call_value),
          tokenValue: int64(m.call_token_value),
          tokenId: int64(m.token_id),
        }),
      );
    },
  };
}
