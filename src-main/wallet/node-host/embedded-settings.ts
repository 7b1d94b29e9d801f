import { isAbsolute } from 'node:path';
import { NodeHostError } from '../../../src-core/errors';
import type { EmbeddedNodeSettings } from '../../../src-core/ipc/channels/node';
import { NodeHostErrorCode } from './connection';
import type { HostSession } from './host-session';

/** Saves the embedded node's settings; a running embedded node restarts with them. */
export async function saveEmbeddedSettings(session: HostSession, next: EmbeddedNodeSettings): Promise<void> {
  if (next.dataDir !== null && (!isAbsolute(next.dataDir) || /(^|[\\/])\.\.?([\\/]|$)/.test(next.dataDir))) {
    throw new NodeHostError(
      NodeHostErrorCode.badSetting,
      'The data folder must be an absolute path without "." or ".." parts.',
      { field: 'dataDir' },
    );
  }
  await session.options.settings.update((current) => ({ ...current, embeddedNode: { ...next } }));
  session.hostLog('Node settings saved.');
  if (session.embedded) {
    await session.disconnect('Restarting with the new settings.');
    await session.connect({ kind: 'embedded' }, true);
  }
}
