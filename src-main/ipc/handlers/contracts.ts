import type { contractsChannels } from '../../../src-core/ipc/channels/contracts';
import type { ContractsService as Contracts } from '../../wallet/transactions/contracts-service';
import type { HandlerMap } from '../registry';

export type ContractsService = Pick<Contracts, 'load' | 'call' | 'events'>;

export function createContractsHandlers(contracts: ContractsService): HandlerMap<typeof contractsChannels> {
  return {
    'contracts:load': (input) => contracts.load(input),
    'contracts:call': (input) => contracts.call(input),
    'contracts:events': (input) => contracts.events(input),
  };
}
