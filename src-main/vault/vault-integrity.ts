import { join } from 'node:path';
import { accountInfo, type AccountInfo } from './accounts';
import { planAdoption } from './adopt';
import { ensurePrivateDir } from './atomic-file';
import { findProblems, VaultProblemKind } from './consistency';
import { assumedAfterLoss, readLockoutRecord, stricter, writeLockoutRecord, LOCKOUT_FILE } from './lockout-record';
import { changedParts, MAC_PART_TEXT, MAC_PARTS, MAC_REMOVED_TEXT } from './metadata-mac';
import { checkPassword } from './vault-password';
import type { VaultSession } from './vault-session';
import type { PasswordOrigin } from './vault-types';

/**
 * Compares vault.json with the keystore folders and reads the lockout copy. Only reads: a
 * disagreement makes the vault read-only and is reported, it is never resolved by deleting.
 */
export async function inspectFiles(session: VaultSession): Promise<void> {
  const meta = session.meta;
  session.removedCount = (await session.keystores.removedFiles()).length;
  if (!meta) return;
  session.problems = await findProblems(meta, session.keystores);
  session.lockoutState = meta.lockout;
  if (!meta.password) return;
  const record = await readLockoutRecord(session.dataDir, meta.vaultId);
  if (record.status === 'present') {
    session.lockoutState = stricter(meta.lockout, record.state);
    session.macExpected = record.sealed;
  } else if (meta.mac) {
    // A vault with a MAC always wrote this file: its absence was not the app's doing.
    session.lockoutState = stricter(meta.lockout, assumedAfterLoss(session.clock.now()));
    const file = join(session.dataDir, LOCKOUT_FILE);
    const how = record.status === 'missing' ? 'deleted' : 'changed';
    session.problems.push({
      kind: VaultProblemKind.changedOutside,
      file,
      message:
        `The failed-password record ${file} was ${how} outside the app, ` +
        'so the vault counts the free attempts as used.',
    });
  }
}

/**
 * Checks the MAC of vault.json with a key the password just proved. A file without one (written
 * before the MAC existed) gets one now, as the password proves the owner; a file whose MAC does
 * not match makes the vault read-only, saying which part changed.
 */
export async function checkIntegrity(session: VaultSession, kek: Buffer): Promise<void> {
  const meta = session.requireInitialized();
  const metaFile = session.metaFile;
  session.problems = session.problems.filter((p) => p.kind !== VaultProblemKind.changedOutside || p.file !== metaFile);
  session.untrusted = new Set();
  if (!meta.mac && session.macExpected) {
    for (const part of MAC_PARTS) session.untrusted.add(part);
    session.problems.push({ kind: VaultProblemKind.changedOutside, file: metaFile, message: MAC_REMOVED_TEXT });
    return;
  }
  if (!meta.mac) {
    if (session.problems.length > 0) return;
    // vault.json first: a crash between the two leaves a sealed file and a record that does not
    // expect it yet, which is harmless; the other order would read as a MAC removed by hand.
    await session.commit(meta, kek);
    await writeLockoutRecord(session.dataDir, meta.vaultId, session.lockoutState, true);
    return;
  }
  for (const part of changedParts(kek, meta, meta.mac)) {
    session.untrusted.add(part);
    session.problems.push({ kind: VaultProblemKind.changedOutside, file: metaFile, message: MAC_PART_TEXT[part] });
  }
}

/**
 * Repairs a read-only vault with the password: makes the folder `planAdoption` chose the current
 * generation, sets the other folders and the unreadable files aside, adds the keystores no
 * account named, and writes vault.json with a fresh MAC. Deletes nothing.
 */
export async function adoptFiles(
  session: VaultSession,
  password: string,
  origin: PasswordOrigin,
): Promise<{ found: AccountInfo[] }> {
  const kek = await checkPassword(session, password, origin);
  const keystores = session.keystores;
  try {
    const meta = session.requireInitialized();
    const plan = await planAdoption(meta, kek, keystores, session.clock.now());
    for (const folder of plan.setAside) await keystores.moveAside(folder.dir, folder.name);
    if (plan.chosen.place === 'superseded') await keystores.bringBack(plan.chosen.name, plan.generation);
    await ensurePrivateDir(keystores.generationDir(plan.generation));
    for (const secretId of plan.unreadable) {
      await keystores.moveAside(
        keystores.path(plan.generation, secretId),
        `unreadable-${plan.generation}-${secretId}.json`,
      );
    }
    const next = { ...meta, generation: plan.generation, accounts: [...meta.accounts, ...plan.found] };
    await session.commit(next, kek);
    await writeLockoutRecord(session.dataDir, meta.vaultId, session.lockoutState, true);
    session.problems = await findProblems(next, keystores);
    session.untrusted = new Set();
    session.emit();
    return { found: plan.found.map(accountInfo) };
  } finally {
    kek.fill(0);
  }
}
