import type { forkChannels } from '../../../src-core/ipc/channels/fork';
import type { ForkService as WalletForkService } from '../../wallet/fork/fork-service';
import type { HandlerMap } from '../registry';

export type ForkService = Pick<
  WalletForkService,
  | 'targets'
  | 'status'
  | 'startEmbedded'
  | 'stopEmbedded'
  | 'impersonate'
  | 'stopImpersonating'
  | 'simulateTx'
  | 'simulateEnvelope'
  | 'rehearsePermissions'
>;

/**
 * Fork channels; the registry has already checked every argument against its schema, so a target
 * is one of the four known names and the service alone turns it into a URL.
 */
export function createForkHandlers(fork: ForkService): HandlerMap<typeof forkChannels> {
  return {
    'fork:targets': () => fork.targets(),
    'fork:status': () => fork.status(),
    'fork:startEmbedded': (input) => fork.startEmbedded(input),
    'fork:stopEmbedded': () => fork.stopEmbedded(),
    'fork:impersonate': (input) => fork.impersonate(input),
    'fork:stopImpersonating': (input) => fork.stopImpersonating(input),
    'fork:simulateTx': (input) => fork.simulateTx(input),
    'fork:simulateEnvelope': (input) => fork.simulateEnvelope(input),
    'fork:rehearsePermissions': (input) => fork.rehearsePermissions(input),
  };
}
