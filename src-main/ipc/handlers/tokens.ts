import type { tokensChannels } from '../../../src-core/ipc/channels/tokens';
import type { TokensService as Tokens } from '../../wallet/tokens/tokens-service';
import type { HandlerMap } from '../registry';

export type TokensService = Pick<Tokens, 'list' | 'inspect' | 'watch' | 'unwatch' | 'balances' | 'trc10'>;

export function createTokensHandlers(tokens: TokensService): HandlerMap<typeof tokensChannels> {
  return {
    'tokens:list': () => tokens.list(),
    'tokens:inspect': (input) => tokens.inspect(input),
    'tokens:watch': (input) => tokens.watch(input),
    'tokens:unwatch': (input) => tokens.unwatch(input),
    'tokens:balances': () => tokens.balances(),
    'tokens:trc10': (input) => tokens.trc10(input),
  };
}
