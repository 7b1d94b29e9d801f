import type { watchChannels } from '../../../src-core/ipc/channels/watch';
import type { WatchtowerService } from '../../wallet/watchtower/watchtower-service';
import type { HandlerMap } from '../registry';

export type WatchService = Pick<
  WatchtowerService,
  'inbox' | 'markRead' | 'status' | 'watched' | 'add' | 'remove' | 'setRules'
>;

export function createWatchHandlers(watch: WatchService): HandlerMap<typeof watchChannels> {
  return {
    'watch:inbox': () => watch.inbox(),
    'watch:markRead': (input) => watch.markRead(input),
    'watch:status': () => watch.status(),
    'watch:watched': () => watch.watched(),
    'watch:add': (input) => watch.add(input),
    'watch:remove': (input) => watch.remove(input),
    'watch:setRules': (input) => watch.setRules(input),
  };
}
