import { describe, expect, it } from 'vitest';
import { payAccounts } from '../../../src-main/node/dev-accounts';
import { deriveKeys, FUNDED_PATH } from '../../../src-main/node/genesis';
import { DEFAULT_DEV_MNEMONIC } from '../../../src-main/node/config';
import { newKey, startNode } from './helpers';

describe('paying dev accounts', () => {
  it('on a wall-clock chain, resolves once the producer has packed the transfers into its next block', async () => {
    const node = await startNode({ profile: 'tre', accounts: 1, blockTimeMs: 3000 });
    try {
      const payer = deriveKeys(DEFAULT_DEV_MNEMONIC, FUNDED_PATH, 1)[0]!;
      const to = newKey().hex;
      const before = node.head().number;
      const deps = { config: node.config, chain: node.chain, pool: node.pool, mine: async () => {} };
      const [id] = await payAccounts(deps, payer, [to], 5_000_000n);
      const stored = await node.chain.transaction(id!);
      expect(stored?.blockNumber).toBeGreaterThan(before);
      expect(node.chain.state.getAccount(to)?.balance).toBe(5_000_000n);
    } finally {
      await node.stop();
    }
  });

  it('fails with the admission error when the payer cannot pay', async () => {
    const node = await startNode({ accounts: 1 });
    try {
      const k = newKey();
      const broke = { privateKey: k.key, hex: k.hex };
      const deps = {
        config: node.config,
        chain: node.chain,
        pool: node.pool,
        mine: (n: number) => node.mine(n).then(() => {}),
      };
      await expect(payAccounts(deps, broke, [newKey().hex], 1n)).rejects.toThrow(
        /^Contract validate error : account \[T\w+\] does not exist$/,
      );
    } finally {
      await node.stop();
    }
  });
});
