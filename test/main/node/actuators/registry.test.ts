import { describe, expect, it } from 'vitest';
import { bigintToLong, protocol } from '@core/proto/runtime';
import { CONTRACT_TYPE_IDS, typeUrlOf } from '@core/tx/contract-types';
import type { Actuator } from '@main/node/model/execution';
import { parseContract } from '@main/node/model/parsed-contract';
import { ActuatorRegistry, defaultActuators } from '@main/node/actuators/registry';

/** The registry: contract type id → actuator, each given only contracts of its own type. */
const OWNER = Uint8Array.from([0x41, ...new Array<number>(20).fill(0x11)]);
const ctx = {} as never;

function transferContract() {
  const value = protocol.TransferContract.encode({ owner_address: OWNER, to_address: OWNER, amount: bigintToLong(1n) });
  return parseContract({ type: 1, parameter: { type_url: typeUrlOf('TransferContract'), value: value.finish() } });
}

describe('ActuatorRegistry', () => {
  it('hands a registered actuator the contracts of its type, with their typed message', () => {
    const seen: bigint[] = [];
    const registry = new ActuatorRegistry();
    const actuator: Actuator<'TransferContract'> = {
      typeName: 'TransferContract',
      createsAccount: () => false,
      validate: (contract) => {
        seen.push(BigInt(contract.message!.amount.toString()));
      },
      execute: () => 0n,
    };
    registry.register(actuator);
    registry.get(CONTRACT_TYPE_IDS.TransferContract)!.validate(transferContract(), ctx);
    expect(seen).toEqual([1n]);
  });

  it('refuses to hand an actuator a contract of another type', () => {
    const registry = new ActuatorRegistry();
    registry.register({
      typeName: 'AccountCreateContract',
      createsAccount: () => true,
      validate: () => {},
      execute: () => 0n,
    });
    expect(() => registry.get(CONTRACT_TYPE_IDS.AccountCreateContract)!.validate(transferContract(), ctx)).toThrow(
      'The AccountCreateContract actuator was given a TransferContract contract.',
    );
  });

  it("registers only the types that have no actuator yet, so a caller's own choice wins", () => {
    const registry = defaultActuators();
    const own: Actuator<'TransferContract'> = {
      typeName: 'TransferContract',
      createsAccount: () => false,
      validate: () => {},
      execute: () => 7n,
    };
    registry.register(own);
    registry.registerMissing([{ ...own, execute: () => 9n }]);
    expect(registry.get(CONTRACT_TYPE_IDS.TransferContract)!.execute(transferContract(), ctx)).toBe(7n);
  });

  it('knows the system contracts and the owner settings of contracts by default, not the VM runs', () => {
    const types = defaultActuators().types();
    expect(types).toEqual(
      expect.arrayContaining([
        'TransferContract',
        'UpdateSettingContract',
        'UpdateEnergyLimitContract',
        'ClearABIContract',
      ]),
    );
    expect(types).not.toContain('TriggerSmartContract');
  });
});
