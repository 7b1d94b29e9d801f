import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import { CAPABILITIES } from '../../../src-core/permission/coalitions';
import { OPERATION_GROUPS, operationGroupOf } from '../../../src-core/permission/labels';
import { CONTRACT_TYPE_GROUPS } from '../../../src-core/permission/type-groups';

describe('the grouping of contract types', () => {
  it('has one row for every contract type', () => {
    const types = CONTRACT_TYPE_GROUPS.map((r) => r.type);
    expect(new Set(types).size).toBe(types.length);
    expect([...types].sort()).toEqual(Object.keys(CONTRACT_TYPE_IDS).sort());
  });

  it("gives the editor's sections and the capabilities from the same rows", () => {
    for (const r of CONTRACT_TYPE_GROUPS) {
      expect(OPERATION_GROUPS[r.section].types).toContain(r.type);
      expect(operationGroupOf(r.type)).toBe(r.section);
      if (r.capability) expect(CAPABILITIES[r.capability].types).toContain(r.type);
    }
    const granted = Object.values(CAPABILITIES).flatMap((c) => [...c.types]);
    expect(granted.length).toBe(CONTRACT_TYPE_GROUPS.filter((r) => r.capability !== null).length);
  });

  it('keeps Stake 1.0 types in the legacy section yet under the staking capability', () => {
    expect(operationGroupOf('FreezeBalanceContract')).toBe('legacy');
    expect(CAPABILITIES['stake-resources'].types).toContain('FreezeBalanceContract');
  });
});
