import type { payoutsChannels } from '../../../src-core/ipc/channels/payouts';
import type { PayoutsScreen } from '../../wallet/payouts/payouts-screen';
import type { HandlerMap } from '../registry';

export type PayoutsService = Pick<PayoutsScreen, 'plan' | 'openFile'>;

/** Payout channels; the registry has parsed the owner as an address and capped the file's size. */
export function createPayoutsHandlers(payouts: PayoutsService): HandlerMap<typeof payoutsChannels> {
  return {
    'payouts:plan': (input) => payouts.plan(input),
    'payouts:openFile': () => payouts.openFile(),
  };
}
