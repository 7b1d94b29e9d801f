import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { toJsonSafe } from '../../../src-core/envelope/canonical';
import type { Permission } from '../../../src-core/permission/model';
import { definePolicy, policyToJson } from '../../../src-core/policy/canonical';
import { signPolicy, unsignedPolicy, withPolicySignature } from '../../../src-core/policy/signing';
import { parseConfigFile } from '../../../src-main/watchtower/config-file';
import { loadPolicyFiles } from '../../../src-main/watchtower/policy-files';
import { expectWalletError } from '../wallet/helpers';
import { testKey } from './fake-chain';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watch-policies-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const treasury = testKey();
const owner: Permission = {
  type: 'Owner',
  id: 0,
  name: 'owner',
  threshold: 1n,
  parentId: 0,
  keys: [{ address: treasury.hex, weight: 1n }],
};
const policy = definePolicy({
  format: 'tron-treasury-policy/1',
  version: 2,
  account: toBase58Address(treasury.hex),
  permissions: [
    { permissionId: 0, assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6 }], unlistedAssets: 'allow', tiers: [] },
  ],
});

async function policyFile(name: string, signed: boolean): Promise<string> {
  const doc = unsignedPolicy(policy);
  const file = signed ? withPolicySignature(doc, signPolicy(policy, treasury.key)) : doc;
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(toJsonSafe({ ...file, policy: policyToJson(file.policy) })));
  return path;
}

describe('headless policy files', () => {
  it('are listed under policies, relative to the configuration file', () => {
    const config = parseConfigFile(
      JSON.stringify({ version: 1, accounts: [{ address: treasury.hex }], policies: ['treasury-policy.json'] }),
      join(dir, 'watch.json'),
    );
    expect(config.policyFiles).toEqual([join(dir, 'treasury-policy.json')]);
  });

  it('give the watchtower a policy the owner quorum signed, and refuse one it did not, with the reason', async () => {
    const good = await policyFile('good.json', true);
    const provider = await loadPolicyFiles([good], async () => owner, new Set([treasury.hex]));
    expect(provider.policyFor(treasury.hex)?.policy.version).toBe(2);
    expect(provider.policyFor(testKey().hex)).toBeUndefined();

    const unsigned = await policyFile('unsigned.json', false);
    const error = await expectWalletError(
      loadPolicyFiles([unsigned], async () => owner, new Set([treasury.hex])),
      'WatchError',
      'WATCH_POLICY_UNUSABLE',
    );
    expect(error.message).toContain('carries no owner signatures');
    await expectWalletError(
      loadPolicyFiles([good], async () => owner, new Set()),
      'WatchError',
      'WATCH_POLICY_UNUSABLE',
    );
  });
});
