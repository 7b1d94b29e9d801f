import type { offlineChannels } from '../../../src-core/ipc/channels/offline';
import type { OfflineSigner } from '../../wallet/offline/offline-signer';
import type { HandlerMap } from '../registry';

export type OfflineService = Pick<
  OfflineSigner,
  'status' | 'enter' | 'leave' | 'import' | 'importQr' | 'sign' | 'export' | 'saveFile'
>;

/** Offline signer channels; the registry has already checked every argument against its schema. */
export function createOfflineHandlers(offline: OfflineService): HandlerMap<typeof offlineChannels> {
  return {
    'offline:status': () => offline.status(),
    'offline:enter': () => offline.enter(),
    'offline:leave': () => offline.leave(),
    'offline:import': (input) => offline.import(input),
    'offline:importQr': (input) => offline.importQr(input),
    'offline:sign': (input) => offline.sign(input),
    'offline:export': (input) => offline.export(input),
    'offline:saveFile': (input) => offline.saveFile(input),
  };
}
