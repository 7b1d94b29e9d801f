import { syncDir } from './atomic-file';
import { namedSecretIds } from './consistency';
import { deriveKey, newKdfRecord } from './kdf';
import { encodePayload, zeroPayload } from './keystore';
import { checkNewPassword, sealPasswordCheck } from './password';
import { rewrapDeviceKey } from './vault-device';
import { checkPassword } from './vault-password';
import type { VaultSession } from './vault-session';
import type { PasswordOrigin } from './vault-types';

/**
 * Re-encrypts every keystore under the new password into the next generation directory, then
 * commits by rewriting vault.json, then moves the previous generation into superseded/, where a
 * backup of vault.json from before the change still finds its keys. A crash before the commit
 * leaves the old password working; the next `open` reports the unfinished generation and keeps it.
 */
export async function changePassword(
  session: VaultSession,
  currentPassword: string,
  newPassword: string,
  origin: PasswordOrigin,
): Promise<void> {
  const keystores = session.keystores;
  session.requireWritable();
  checkNewPassword(newPassword);
  const oldKek = await checkPassword(session, currentPassword, origin);
  const meta = session.requireInitialized();
  const kdf = newKdfRecord(session.scrypt);
  const newKek = await deriveKey(newPassword, kdf);
  const generation = meta.generation + 1;
  let committed = false;
  let dir = keystores.generationDir(generation);
  try {
    dir = await keystores.fresh(generation);
    for (const secretId of namedSecretIds(meta)) {
      const { kind, payload } = await keystores.read(meta.generation, secretId, oldKek, meta.password.kdf);
      const bytes = encodePayload(payload);
      try {
        await keystores.write(generation, secretId, kind, bytes, newKek, kdf);
      } finally {
        bytes.fill(0);
        zeroPayload(payload);
      }
      await session.onStep('password-change:keystore-written');
    }
    await syncDir(dir);
    const device = await rewrapDeviceKey(session, meta, newKek);
    await session.onStep('password-change:before-commit');
    await session.commit(
      {
        ...session.requireInitialized(),
        generation,
        password: { kdf, check: sealPasswordCheck(newKek, meta.vaultId) },
        device,
      },
      newKek,
    );
    committed = true;
    await session.onStep('password-change:committed');
    await keystores.moveAside(keystores.generationDir(meta.generation), String(meta.generation));
  } catch (error) {
    if (!committed) await keystores.moveAside(dir, `${generation}-unfinished`).catch(() => undefined);
    newKek.fill(0);
    throw error;
  } finally {
    oldKek.fill(0);
  }
  if (session.kek) session.setUnlocked(newKek);
  else newKek.fill(0);
}
