import type { txChannels } from '../../../src-core/ipc/channels/tx';
import type { TransactionService } from '../../wallet/transactions/transaction-service';
import type { HandlerMap } from '../registry';

export type TxService = Pick<
  TransactionService,
  | 'permissions'
  | 'pickSigner'
  | 'estimate'
  | 'build'
  | 'prepare'
  | 'simulate'
  | 'sign'
  | 'broadcast'
  | 'track'
  | 'history'
  | 'block'
  | 'discard'
>;

/** Transaction channels: the service parses nothing itself; the registry checked the schemas. */
export function createTxHandlers(tx: TxService): HandlerMap<typeof txChannels> {
  return {
    'tx:permissions': (input) => tx.permissions(input),
    'tx:pickSigner': (input) => tx.pickSigner(input),
    'tx:estimate': (request) => tx.estimate(request),
    'tx:build': (request) => tx.build(request),
    'tx:prepared': (input) => tx.prepare(input),
    'tx:simulate': (input) => tx.simulate(input),
    'tx:sign': (input) => tx.sign(input),
    'tx:broadcast': (input) => tx.broadcast(input),
    'tx:track': (input) => tx.track(input),
    'tx:history': (input) => tx.history(input),
    'tx:block': (input) => tx.block(input),
    'tx:discard': (input) => tx.discard(input),
  };
}
