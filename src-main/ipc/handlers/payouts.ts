import type { payoutsChannels } from '../../../src-core/ipc/channels/payouts';
import type { PayoutBundles } from '../../wallet/payouts/payout-bundles';
import type { PayoutsScreen } from '../../wallet/payouts/payouts-screen';
import type { HandlerMap } from '../registry';

export type PayoutsService = Pick<PayoutsScreen, 'plan' | 'openFile'>;
export type PayoutBundlesService = Pick<
  PayoutBundles,
  'propose' | 'importBundle' | 'signBundle' | 'startRun' | 'runs' | 'run' | 'repropose' | 'report' | 'saveReport'
>;

/**
 * Payout channels; the registry has parsed every input (addresses, sizes, ids as 64 hex, row
 * numbers), so each reaches main's services in its schema's shape. Signing happens only after main's
 * own confirmation (`payouts:propose`, `payouts:signBundle` are consent channels).
 */
export function createPayoutsHandlers(
  payouts: PayoutsService,
  bundles: PayoutBundlesService,
): HandlerMap<typeof payoutsChannels> {
  return {
    'payouts:plan': (input) => payouts.plan(input),
    'payouts:openFile': () => payouts.openFile(),
    'payouts:propose': (input) => bundles.propose(input),
    'payouts:importBundle': (input) => bundles.importBundle(input),
    'payouts:signBundle': (input) => bundles.signBundle(input),
    'payouts:startRun': (input) => bundles.startRun(input),
    'payouts:runs': () => bundles.runs(),
    'payouts:run': (input) => bundles.run(input),
    'payouts:repropose': (input) => bundles.repropose(input),
    'payouts:report': (input) => bundles.report(input),
    'payouts:saveReport': (input) => bundles.saveReport(input),
  };
}
