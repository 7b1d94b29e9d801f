import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { ValidationError, WalletError } from '../../../src-core/errors';
import type { TokenBalances, Trc10Token, Trc20Token } from '../../../src-core/ipc/channels/tokens';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { ChainAccess } from '../node-host/chain-access';
import type { ChainReads } from '../chain-knowledge/chain-reads';

export type TokensChain = Pick<ChainAccess, 'requireClient' | 'stores'>;

export interface TokenAccounts {
  listAccounts(): VaultAccount[];
}

/**
 * Watched TRC20 tokens per network (name, symbol and decimals read from the contract by constant
 * calls) and their balances for the vault's accounts; TRC10 token facts for amounts.
 */
export class TokensService {
  constructor(
    private readonly chain: TokensChain,
    private readonly accounts: TokenAccounts,
    private readonly reads: ChainReads,
    private readonly now: () => number = Date.now,
  ) {}

  private client(): TronNodeClient {
    return this.chain.requireClient();
  }

  list(): Trc20Token[] {
    return this.chain
      .stores()
      .tokens.list()
      .map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals }));
  }

  async inspect(input: { address: string }): Promise<Trc20Token> {
    const info = await this.reads.trc20(this.client(), input.address);
    return { address: toBase58Address(input.address), ...info };
  }

  async watch(input: { address: string }): Promise<Trc20Token> {
    const token = await this.inspect(input);
    await this.chain.stores().tokens.put({ ...token, addedAt: this.now() });
    return token;
  }

  async unwatch(input: { address: string }): Promise<{ address: string }> {
    const address = toBase58Address(input.address);
    await this.chain.stores().tokens.remove(address);
    return { address };
  }

  async balances(): Promise<TokenBalances> {
    const tokens = this.list();
    const accounts = this.accounts.listAccounts();
    if (tokens.length === 0 || accounts.length === 0) return { tokens, balances: [] };
    const client = this.client();
    const balances = await Promise.all(
      tokens.flatMap((token) =>
        accounts.map(async (account) => {
          try {
            return {
              account: account.address,
              token: token.address,
              balance: await this.reads.trc20Balance(client, token.address, account.address),
            };
          } catch (error) {
            if (!(error instanceof WalletError)) throw error;
            return { account: account.address, token: token.address, balance: null, error: error.message };
          }
        }),
      ),
    );
    return { tokens, balances };
  }

  async trc10(input: { tokenId: string }): Promise<Trc10Token> {
    const asset = await this.client().getAssetIssueById(input.tokenId);
    if (!asset)
      throw new ValidationError('TOKEN_NO_TRC10', `There is no TRC10 token ${input.tokenId} on this network.`, {
        field: 'tokenId',
      });
    return { id: asset.id || input.tokenId, name: asset.name, abbr: asset.abbr, precision: asset.precision };
  }
}
