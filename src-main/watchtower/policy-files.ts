import { readFile } from 'node:fs/promises';
import { toBase58Address, toHexAddress } from '../../src-core/address/address';
import type { HexAddress } from '../../src-core/brand';
import { WalletError, WatchError } from '../../src-core/errors';
import { OWNER_PERMISSION_ID, type Permission } from '../../src-core/permission/model';
import { POLICY_SIGNATURE_STATUS, readSignedPolicy, verifyPolicySignatures } from '../../src-core/policy';
import type { PolicyProvider, WatchedPolicy } from './policies';

/**
 * The headless watcher's policies: each file the configuration's `policies` lists is a signed
 * treasury policy (`tron-treasury-policy/1` with its owner signatures), checked at start against
 * the owner permission the node holds now. A file that cannot be read, is not adopted by the
 * owner quorum, or is for an account the configuration does not watch stops the start with a
 * sentence: a watcher that silently ignored its policy would report nothing. The headless watcher
 * holds no address book, so recipients are not judged.
 */
export async function loadPolicyFiles(
  files: readonly string[],
  ownerOf: (account: HexAddress) => Promise<Permission>,
  watched: ReadonlySet<string>,
): Promise<PolicyProvider> {
  const byAccount = new Map<string, WatchedPolicy>();
  for (const file of files) {
    let signed;
    try {
      signed = readSignedPolicy(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      const why =
        error instanceof WalletError ? error.message : `it is not readable JSON (${(error as Error).message})`;
      throw new WatchError('WATCH_POLICY_UNUSABLE', `The policy file ${file} cannot be used: ${why}`, { file });
    }
    const account = toHexAddress(signed.policy.account);
    if (!watched.has(account)) {
      throw new WatchError(
        'WATCH_POLICY_UNUSABLE',
        `The policy file ${file} is for ${signed.policy.account}, which the configuration does not watch; add it ` +
          'to accounts.',
        { file },
      );
    }
    const report = verifyPolicySignatures(signed, await ownerOf(account));
    if (report.status !== POLICY_SIGNATURE_STATUS.verified) {
      throw new WatchError('WATCH_POLICY_UNUSABLE', `The policy file ${file} cannot be used: ${report.message}`, {
        file,
      });
    }
    const current = byAccount.get(account);
    if (current && current.policy.version >= signed.policy.version) continue;
    byAccount.set(account, { policy: signed.policy });
  }
  return { policyFor: (account) => byAccount.get(account) };
}

/** "permission 0" of an account as the node holds it, for the policy's owner check. */
export function ownerPermissionOf(permission: Permission | undefined, account: HexAddress): Permission {
  if (!permission || permission.id !== OWNER_PERMISSION_ID) {
    throw new WatchError(
      'WATCH_POLICY_UNUSABLE',
      `The node did not give the owner permission of ${toBase58Address(account)}.`,
    );
  }
  return permission;
}
