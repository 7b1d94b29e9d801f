import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../src-main/node';
import { call, fundedKey, newKey, startNode, type Key } from './helpers';

/**
 * AccountPermissionUpdateContract validation, rule by rule (java-tron AccountPermissionUpdateActuator,
 * AccountPermissionUpdateActuator.validate), through the builder endpoint, which runs the actuator's validate().
 */
const ACTIVE_OPS = '7fff1fc0033efb0f' + '00'.repeat(24);
const prefix = 'class org.tron.core.exception.ContractValidateException : ';

describe('/wallet/accountpermissionupdate validation rules', () => {
  let node: TronNode;
  let owner: Key;
  const key = (address: string, weight = 1) => ({ address, weight });
  const ownerPerm = (over: Record<string, unknown> = {}) => ({
    type: 0,
    permission_name: 'owner',
    threshold: 1,
    keys: [key(owner.hex)],
    ...over,
  });
  const active = (over: Record<string, unknown> = {}) => ({
    type: 2,
    permission_name: 'active',
    threshold: 1,
    operations: ACTIVE_OPS,
    keys: [key(owner.hex)],
    ...over,
  });
  const build = async (body: Record<string, unknown>) =>
    (
      await call(node, '/wallet/accountpermissionupdate', {
        owner_address: owner.hex,
        owner: ownerPerm(),
        actives: [active()],
        ...body,
      })
    ).json;

  beforeAll(async () => {
    node = await startNode();
    owner = fundedKey(node, 0);
  });
  afterAll(async () => node?.stop());

  it('builds a valid update with the solidified block as reference and head time + 60 s', async () => {
    const tx = await build({});
    expect(tx.txID).toMatch(/^[0-9a-f]{64}$/);
    expect(tx.visible).toBe(false);
    expect(tx.raw_data.expiration).toBe(node.head().timestamp + 60_000);
    expect(tx.raw_data.contract[0].type).toBe('AccountPermissionUpdateContract');
    expect(tx.raw_data.contract[0].parameter.value.owner).toEqual({
      permission_name: 'owner',
      threshold: 1,
      keys: [key(owner.hex)],
    });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['invalid owner address', { owner_address: '41' + '00'.repeat(19) }, 'invalidate ownerAddress'],
    ['unknown account', { owner_address: 'placeholder' }, 'ownerAddress account does not exist'],
    ['owner missing', { owner: undefined }, 'owner permission is missed'],
    [
      'witness on a normal account',
      { witness: { type: 1, permission_name: 'w', threshold: 1, keys: [{ address: 'self', weight: 1 }] } },
      "account isn't witness can't set witness permission",
    ],
    ['no actives', { actives: [] }, 'active permission is missed'],
    ['nine actives', { actives: 'nine' }, 'active permission is too many'],
    ['owner of type Active', { owner: 'ownerActive' }, 'owner permission type is error'],
    ['six keys', { owner: 'sixKeys' }, 'number of keys in permission should not be greater than 5'],
    ['no keys', { owner: 'noKeys' }, "key's count should be greater than 0"],
    ['threshold 0', { owner: 'threshold0' }, "permission's threshold should be greater than 0"],
    ['33-character name', { owner: 'longName' }, "permission's name is too long"],
    ['parent id 1', { owner: 'parent' }, "permission's parent should be owner"],
    ['duplicate keys', { owner: 'dupKeys' }, 'address should be distinct in permission Owner'],
    ['key not an address', { owner: 'badKey' }, 'key is not a validate address'],
    ['weight 0', { owner: 'weight0' }, "key's weight should be greater than 0"],
    [
      'weights below threshold',
      { owner: 'lowWeights' },
      "sum of all key's weight should not be less than threshold in permission Owner",
    ],
    ['owner with operations', { owner: 'ownerOps' }, "Owner permission needn't operations"],
    ['active without 32-byte operations', { actives: 'shortOps' }, 'operations size must 32'],
    ['active allowing an unknown type', { actives: 'badType' }, "7 isn't a validate ContractType"],
    ['active of type Owner', { actives: 'activeOwner' }, 'active permission type is error'],
  ];

  it.each(cases)('refuses %s', async (_name, override, message) => {
    const other = newKey();
    const named: Record<string, unknown> = {
      ownerActive: ownerPerm({ type: 2 }),
      sixKeys: ownerPerm({ keys: Array.from({ length: 6 }, () => key(newKey().hex)) }),
      noKeys: ownerPerm({ keys: [] }),
      threshold0: ownerPerm({ threshold: 0 }),
      longName: ownerPerm({ permission_name: 'n'.repeat(33) }),
      parent: ownerPerm({ parent_id: 1 }),
      dupKeys: ownerPerm({ keys: [key(owner.hex), key(owner.hex)] }),
      badKey: ownerPerm({ keys: [key('42' + '11'.repeat(20))] }),
      weight0: ownerPerm({ keys: [key(owner.hex, 0)] }),
      lowWeights: ownerPerm({ threshold: 3, keys: [key(owner.hex), key(other.hex)] }),
      ownerOps: ownerPerm({ operations: ACTIVE_OPS }),
      nine: Array.from({ length: 9 }, () => active()),
      shortOps: [active({ operations: '7fff' })],
      badType: [active({ operations: '80' + '00'.repeat(31) })],
      activeOwner: [active({ type: 0 })],
    };
    const body: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(override))
      body[field] = typeof value === 'string' && value in named ? named[value] : value;
    if (body.owner_address === 'placeholder') body.owner_address = other.hex;
    if (body.witness) body.witness = { ...(body.witness as object), keys: [key(owner.hex)] };
    expect(await build(body)).toEqual({ Error: prefix + message });
  });
});
