import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import type { Actuator } from './actuator';
import { transferActuator } from './transfer';
import { accountCreateActuator } from './account-create';
import { accountUpdateActuator } from './account-update';
import { accountPermissionUpdateActuator } from './account-permission-update';

/**
 * Contract type id → actuator. Types without an entry are refused at admission instead of being
 * half-executed; staking, voting and the VM add their actuators here.
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
}

export function defaultActuators(): ActuatorRegistry {
  const registry = new ActuatorRegistry();
  for (const a of [transferActuator, accountCreateActuator, accountUpdateActuator, accountPermissionUpdateActuator]) registry.register(a);
  return registry;
}
