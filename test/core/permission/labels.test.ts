import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPE_IDS, type ContractTypeName } from '../../../src-core/tx/contract-types';
import {
  OPERATION_GROUPS,
  OPERATION_LABELS,
  describeOperation,
  groupTypeIds,
  operationGroupOf,
  operationLabel,
} from '../../../src-core/permission';

const names = Object.keys(CONTRACT_TYPE_IDS) as ContractTypeName[];

describe('operation labels and groups', () => {
  it('name every contract type of the spec table with a distinct human label', () => {
    for (const name of names) expect(OPERATION_LABELS[name]).toMatch(/^[A-Z]/);
    expect(new Set(Object.values(OPERATION_LABELS)).size).toBe(names.length);
  });

  it('use the staking and transfer wording the editor shows', () => {
    expect(operationLabel('TransferContract')).toBe('Transfer TRX');
    expect(operationLabel('FreezeBalanceV2Contract')).toBe('Stake TRX (Stake 2.0)');
    expect(operationLabel(CONTRACT_TYPE_IDS.AccountPermissionUpdateContract)).toBe('Change account permissions');
  });

  it('put every contract type in exactly one checkbox group', () => {
    const grouped = Object.values(OPERATION_GROUPS).flatMap((g) => [...g.types] as string[]);
    expect([...grouped].sort()).toEqual([...names].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const name of names) expect(operationGroupOf(name)).toBeDefined();
  });

  it('list the seven groups the editor shows', () => {
    expect(Object.values(OPERATION_GROUPS).map((g) => g.label)).toEqual([
      'TRX & tokens',
      'Staking & resources',
      'Voting & SR',
      'Smart contracts',
      'Account & permissions',
      'Governance / exchange',
      'Legacy & unused',
    ]);
    expect(groupTypeIds('staking-resources')).toEqual([54, 55, 56, 57, 58, 59]);
  });

  it('describe an unknown bit as unknown, with no group', () => {
    const info = describeOperation(47);
    expect(info.type).toBeUndefined();
    expect(info.group).toBeUndefined();
    expect(info.label).toContain('47');
  });

  it('flag the permission-update operation as risky', () => {
    expect(describeOperation(46).risk).toMatch(/rewrite every permission/);
    expect(describeOperation(54).risk).toBeUndefined();
  });
});
