import { join } from 'node:path';
import { VaultError } from '../../src-core/errors';
import { addressFromPrivateKey } from '../../src-core/keys/keys';
import { newId } from './accounts';
import { namedSecretIds } from './consistency';
import { deriveTronPrivateKeys } from './hd';
import { zeroPayload, type SecretPayload } from './keystore';
import type { KeystoreFiles } from './keystore-files';
import type { StoredAccount, VaultMetadata } from './metadata';

/** A folder of keystores the password may open: a generation under keystores/ or superseded/. */
interface Candidate {
  readonly dir: string;
  readonly place: 'keystores' | 'superseded';
  readonly name: string;
}

export interface AdoptionPlan {
  /** The folder whose keystores become the current generation, and the number it gets. */
  readonly chosen: Candidate;
  readonly generation: number;
  /** Folders under keystores/ that move into superseded/ (kept, not current). */
  readonly setAside: readonly Candidate[];
  /** Accounts for keystores in the chosen folder that no account named. */
  readonly found: readonly StoredAccount[];
  /** Files in the chosen folder the password does not open; they move into superseded/. */
  readonly unreadable: readonly string[];
}

/**
 * Decides, with the password's key, which keystores the vault should call its own: the folder
 * that opens every secret vault.json names (preferring the one it names, then any under
 * keystores/, then one moved aside). Files in it that no account names become accounts ("Found
 * key …"). Refuses, changing nothing, when no folder opens every named secret.
 */
export async function planAdoption(
  meta: VaultMetadata,
  kek: Uint8Array,
  files: KeystoreFiles,
  now: number,
): Promise<AdoptionPlan> {
  const kdf = meta.password!.kdf;
  const named = namedSecretIds(meta);
  const candidates: Candidate[] = [
    ...(await files.generations()).map((name) => ({ dir: join(files.root, name), place: 'keystores' as const, name })),
    ...(await files.supersededSets()).map((name) => ({
      dir: join(files.supersededRoot, name),
      place: 'superseded' as const,
      name,
    })),
  ];
  const current = String(meta.generation);
  candidates.sort((a, b) => rank(a, current) - rank(b, current));

  let chosen: Candidate | undefined;
  for (const candidate of candidates) {
    if (await opensAll(files, candidate.dir, named, kek, kdf)) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen && named.length === 0) {
    chosen = { dir: files.generationDir(meta.generation), place: 'keystores', name: current };
  }
  if (!chosen) {
    throw new VaultError(
      'VAULT_ADOPT_INCOMPLETE',
      'No keystore folder holds every key vault.json names, readable with this password (looked in ' +
        `${candidates.map((c) => c.dir).join(', ') || files.root}). Nothing was changed; restore the missing ` +
        'keystore files from a backup, or the vault.json that belongs to them.',
      { secretIds: named },
    );
  }

  const generation = chosen.place === 'keystores' ? Number(chosen.name) : freeGeneration(meta.generation, candidates);
  const setAside = candidates.filter((c) => c.place === 'keystores' && c !== chosen);
  const known = new Set(named);
  const found: StoredAccount[] = [];
  const unreadable: string[] = [];
  const taken = new Set(meta.accounts.map((a) => a.address));
  for (const secretId of await files.secretIdsIn(chosen.dir)) {
    if (known.has(secretId)) continue;
    let read: { kind: string; payload: SecretPayload };
    try {
      read = await files.readIn(chosen.dir, secretId, kek, kdf);
    } catch {
      unreadable.push(secretId);
      continue;
    }
    try {
      const address = await firstAddress(read.payload);
      if (taken.has(address)) continue;
      taken.add(address);
      const base = { id: newId('acc'), address, label: `Found key ${found.length + 1}`, createdAt: now, secretId };
      found.push(
        read.payload.kind === 'mnemonic' ? { ...base, kind: 'mnemonic', index: 0 } : { ...base, kind: 'privateKey' },
      );
    } finally {
      zeroPayload(read.payload);
    }
  }
  return { chosen, generation, setAside, found, unreadable };
}

/** The folder vault.json names first, then other keystores/ folders, then superseded/ ones. */
function rank(candidate: Candidate, current: string): number {
  if (candidate.place === 'keystores') return candidate.name === current ? 0 : 1;
  return 2;
}

function freeGeneration(current: number, candidates: readonly Candidate[]): number {
  const used = candidates.filter((c) => c.place === 'keystores').map((c) => Number(c.name));
  return used.includes(current) ? Math.max(current, ...used.filter(Number.isFinite)) + 1 : current;
}

async function opensAll(
  files: KeystoreFiles,
  dir: string,
  secretIds: readonly string[],
  kek: Uint8Array,
  kdf: NonNullable<VaultMetadata['password']>['kdf'],
): Promise<boolean> {
  if (secretIds.length === 0) return false;
  for (const secretId of secretIds) {
    try {
      zeroPayload((await files.readIn(dir, secretId, kek, kdf)).payload);
    } catch {
      return false;
    }
  }
  return true;
}

async function firstAddress(payload: SecretPayload): Promise<string> {
  if (payload.kind === 'privateKey') return addressFromPrivateKey(payload.privateKey);
  const [key] = await deriveTronPrivateKeys(payload.entropy, payload.passphrase, 0, 1);
  try {
    return addressFromPrivateKey(key!);
  } finally {
    key!.fill(0);
  }
}
