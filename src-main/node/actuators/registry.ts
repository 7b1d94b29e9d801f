import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import type { Actuator } from './actuator';
import { transferActuator } from './transfer';
import { accountCreateActuator } from './account-create';
import { accountUpdateActuator } from './account-update';
import { accountPermissionUpdateActuator } from './account-permission-update';
import { freezeBalanceV2Actuator } from './freeze-balance-v2';
import { unfreezeBalanceV2Actuator } from './unfreeze-balance-v2';
import { withdrawExpireUnfreezeActuator } from './withdraw-expire-unfreeze';
import { cancelAllUnfreezeV2Actuator } from './cancel-all-unfreeze-v2';
import { delegateResourceActuator } from './delegate-resource';
import { unDelegateResourceActuator } from './undelegate-resource';
import { voteWitnessActuator } from './vote-witness';
import { withdrawBalanceActuator } from './withdraw-balance';
import { witnessCreateActuator } from './witness-create';
import { witnessUpdateActuator } from './witness-update';
import { updateBrokerageActuator } from './update-brokerage';
import { assetIssueActuator } from './asset-issue';
import { transferAssetActuator } from './transfer-asset';
import { participateAssetIssueActuator } from './participate-asset-issue';
import { createSmartContractActuator } from './create-smart-contract';
import { triggerSmartContractActuator } from './trigger-smart-contract';
import { updateSettingActuator } from './update-setting';
import { updateEnergyLimitActuator } from './update-energy-limit';
import { clearAbiActuator } from './clear-abi';
import type { ContractRuntime } from '../vm-host/runtime';

/**
 * Contract type id → actuator. Types without an entry are refused at admission instead of being
 * half-executed.
 */
export class ActuatorRegistry {
  private readonly byType = new Map<number, Actuator>();

  register(actuator: Actuator): void {
    const id = (CONTRACT_TYPE_IDS as Record<string, number>)[actuator.typeName];
    if (id === undefined) throw new Error(`Unknown contract type ${actuator.typeName}`);
    this.byType.set(id, actuator);
  }

  get(type: number): Actuator | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.values()].map((a) => a.typeName);
  }

  /** Registers each of `actuators` whose type has no actuator yet (a caller's own choice wins). */
  registerMissing(actuators: readonly Actuator[]): void {
    const registered = new Set(this.types());
    for (const actuator of actuators) if (!registered.has(actuator.typeName)) this.register(actuator);
  }
}

export function defaultActuators(): ActuatorRegistry {
  const registry = new ActuatorRegistry();
  for (const a of [transferActuator, accountCreateActuator, accountUpdateActuator, accountPermissionUpdateActuator])
    registry.register(a);
  // Stake 2.0, votes, rewards, representatives and TRC-10.
  for (const a of [
    freezeBalanceV2Actuator,
    unfreezeBalanceV2Actuator,
    withdrawExpireUnfreezeActuator,
    cancelAllUnfreezeV2Actuator,
    delegateResourceActuator,
    unDelegateResourceActuator,
    voteWitnessActuator,
    withdrawBalanceActuator,
    witnessCreateActuator,
    witnessUpdateActuator,
    updateBrokerageActuator,
    assetIssueActuator,
    transferAssetActuator,
    participateAssetIssueActuator,
  ]) {
    registry.register(a);
  }
  // The contract origin's settings; the VM's own two need the node's VM host (vmActuators).
  for (const a of [updateSettingActuator, updateEnergyLimitActuator, clearAbiActuator]) registry.register(a);
  return registry;
}

/** CreateSmartContract and TriggerSmartContract, which run the VM hosted by `runtime`. */
export function vmActuators(runtime: ContractRuntime): Actuator[] {
  return [createSmartContractActuator(runtime), triggerSmartContractActuator(runtime)];
}
