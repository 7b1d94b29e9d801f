import type { historyChannels } from '../../../src-core/ipc/channels/history';
import type { HistoryService as WalletHistoryService } from '../../wallet/history/history-service';
import type { HandlerMap } from '../registry';

export type HistoryService = Pick<WalletHistoryService, 'list' | 'exportCsv' | 'saveCsv'>;

export function createHistoryHandlers(history: HistoryService): HandlerMap<typeof historyChannels> {
  return {
    'history:list': (input) => history.list(input),
    'history:exportCsv': () => history.exportCsv(),
    'history:saveCsv': () => history.saveCsv(),
  };
}
