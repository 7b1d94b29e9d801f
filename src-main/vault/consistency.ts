import { join } from 'node:path';
import { AccountKind } from './accounts';
import type { KeystoreFiles } from './keystore-files';
import type { VaultMetadata } from './metadata';

/**
 * Where vault.json and the files beside it disagree. Any problem opens the vault read-only: it
 * unlocks but neither writes nor signs until the person repairs it with the password
 * (`Vault.adopt`) or restores the files. Nothing is deleted because of a problem.
 */
export const VaultProblemKind = {
  generationMissing: 'generation-missing',
  keystoreMissing: 'keystore-missing',
  keystoreUnnamed: 'keystore-unnamed',
  otherGeneration: 'other-generation',
  changedOutside: 'changed-outside',
} as const;
export type VaultProblemKind = (typeof VaultProblemKind)[keyof typeof VaultProblemKind];

export interface VaultProblem {
  readonly kind: VaultProblemKind;
  /** The file or folder concerned. */
  readonly file: string;
  /** A sentence for the person: which file and what is wrong with it. */
  readonly message: string;
}

/** The secret ids the accounts of `meta` name, each once. */
export function namedSecretIds(meta: VaultMetadata): string[] {
  return [...new Set(meta.accounts.flatMap((a) => (a.kind === AccountKind.watch ? [] : [a.secretId])))];
}

export async function findProblems(meta: VaultMetadata, files: KeystoreFiles): Promise<VaultProblem[]> {
  const problems: VaultProblem[] = [];
  const current = String(meta.generation);
  const generations = await files.generations();
  const currentDir = files.generationDir(meta.generation);
  const named = namedSecretIds(meta);
  if (!generations.includes(current)) {
    if (named.length > 0 || generations.length > 0) {
      problems.push({
        kind: VaultProblemKind.generationMissing,
        file: currentDir,
        message: `vault.json names the keystore folder ${currentDir}, which does not exist.`,
      });
    }
  } else {
    const present = new Set(await files.secretIdsIn(currentDir));
    for (const secretId of named) {
      if (present.has(secretId)) continue;
      const file = files.path(meta.generation, secretId);
      const addresses = meta.accounts
        .filter((a) => a.kind !== AccountKind.watch && a.secretId === secretId)
        .map((a) => a.address);
      problems.push({
        kind: VaultProblemKind.keystoreMissing,
        file,
        message: `The keystore file ${file} of account ${addresses.join(', ')} is missing.`,
      });
    }
    const known = new Set(named);
    for (const secretId of present) {
      if (known.has(secretId)) continue;
      const file = files.path(meta.generation, secretId);
      problems.push({
        kind: VaultProblemKind.keystoreUnnamed,
        file,
        message: `The keystore file ${file} belongs to no account in vault.json. It is kept.`,
      });
    }
  }
  for (const name of generations) {
    if (name === current) continue;
    const dir = join(files.root, name);
    problems.push({
      kind: VaultProblemKind.otherGeneration,
      file: dir,
      message: `The keystore folder ${dir} is not the one vault.json names (${current}). It is kept.`,
    });
  }
  return problems;
}
