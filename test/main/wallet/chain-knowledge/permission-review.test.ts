import { describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import { withChainParameters } from '@core/chain/parameters';
import { DEFAULT_ACTIVE_OPERATIONS } from '@core/permission';
import {
  currentStructure,
  defaultActiveOperations,
  totalSignNum,
} from '@main/wallet/chain-knowledge/permission-review';
import { K } from '../../../fixtures/permissions';

describe('the structure under review', () => {
  it('gives an address the chain does not know java-tron’s default owner and active permissions', () => {
    const structure = currentStructure(K.K1.hex as HexAddress, null);
    expect(structure.owner).toMatchObject({ type: 'Owner', threshold: 1n, keys: [{ address: K.K1.hex, weight: 1n }] });
    expect(structure.actives).toHaveLength(1);
    expect(structure.witness).toBeUndefined();
  });

  it('takes the signature limit a node reports, else 5', () => {
    expect(totalSignNum(withChainParameters())).toBe(5);
    expect(totalSignNum({ ...withChainParameters(), getTotalSignNum: 8n } as never)).toBe(8);
  });

  it('adds CancelAllUnfreezeV2 to the default active mask only where the chain allows it', () => {
    expect(defaultActiveOperations(withChainParameters({ getAllowCancelAllUnfreezeV2: 0n }))).toBe(
      DEFAULT_ACTIVE_OPERATIONS,
    );
    expect(defaultActiveOperations(withChainParameters({ getAllowCancelAllUnfreezeV2: 1n }))).not.toBe(
      DEFAULT_ACTIVE_OPERATIONS,
    );
  });
});
