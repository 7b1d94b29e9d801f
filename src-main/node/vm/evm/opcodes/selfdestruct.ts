import { EVMError } from '@ethereumjs/evm';
import { Energy } from '../../energy-costs';
import { createInternalTx } from '../../internal-transactions';
import { addBalance, balanceOf, ensureAccount } from '../../world-state';
import { hexAddressOfWord } from '../addresses';
import type { AddOpcode, RunState } from '../evm-types';
import { guardStatic, tronOf } from './context';

const EMPTY = new Uint8Array(0);

/**
 * SELFDESTRUCT as java-tron's `Program.suicide`: energy 0, +25000 when the
 * inheritor account does not exist (allowEnergyAdjustment). `canSuicide()` false (delegations or
 * pending unfreezes) turns it into a REVERT. Otherwise rewards are withdrawn and votes cancelled,
 * TRX and every TRC10 balance move to the inheritor (to the black hole when the inheritor is the
 * contract itself), staked balances follow through the staking hooks, an internal transaction
 * `suicide` is recorded, and the contract is deleted when the transaction succeeds.
 */
export function selfDestructOpcode(): AddOpcode {
  return {
    opcode: 0xff,
    opcodeName: 'SELFDESTRUCT',
    baseFee: 0,
    gasFunction: async (runState: RunState) => {
      const { tx } = tronOf(runState);
      if (!tx.flags.allowEnergyAdjustment) return 0n;
      const [inheritor] = runState.stack.peek(1) as [bigint];
      return tx.world.getAccount(hexAddressOfWord(inheritor)) === undefined ? Energy.NEW_ACCT_CALL : 0n;
    },
    logicFunction: (runState: RunState) => {
      guardStatic(runState);
      const { tx, frame } = tronOf(runState);
      const ctx = tx.stakingContext;
      const owner = frame.address;
      if (!tx.staking.canSuicide(ctx, owner)) {
        runState.interpreter.revert(EMPTY);
        return;
      }
      const obtainer = hexAddressOfWord(runState.stack.pop());
      if (tx.flags.allowTvmVote) tx.staking.withdrawRewardAndCancelVotes(ctx, owner);
      const world = tx.world;
      const balance = balanceOf(world, owner);
      tx.nonce += 1n;
      const tokens = world.getTokenBalances(owner);
      const record = createInternalTx({
        parentHash: frame.itxHash,
        deep: runState.env.depth,
        caller: owner,
        transferTo: obtainer,
        value: balance,
        data: EMPTY,
        note: 'suicide',
        nonce: tx.nonce,
        tokenInfo: new Map(tokens),
      });
      tx.itxs.push(record);
      const toSelf = obtainer === owner;
      const heir = toSelf ? tx.blackHole : obtainer;
      if (!toSelf) ensureAccount(world, obtainer);
      if (balance > 0n || toSelf) {
        addBalance(world, owner, -balance);
        if (!toSelf || tx.flags.allowTvmTransferTrc10) addBalance(world, heir, balance);
      }
      if (tx.flags.allowTvmTransferTrc10) {
        for (const [tokenId, amount] of tokens) {
          if (amount === 0n) continue;
          world.setTokenBalance(heir, tokenId, world.getTokenBalance(heir, tokenId) + amount);
          world.setTokenBalance(owner, tokenId, 0n);
        }
      }
      if (tx.flags.allowTvmFreeze || tx.flags.allowTvmFreezeV2) {
        const { withdrawnExpired } = tx.staking.transferStakeToInheritor(ctx, owner, heir);
        if (withdrawnExpired > 0n) {
          tx.nonce += 1n;
          tx.itxs.push(
            createInternalTx({
              parentHash: frame.itxHash,
              deep: runState.env.depth,
              caller: owner,
              transferTo: heir,
              value: withdrawnExpired,
              data: EMPTY,
              note: 'withdrawExpireUnfreezeWhileSuiciding',
              nonce: tx.nonce,
            }),
          );
          record.value += withdrawnExpired;
        }
      }
      tx.deletedContracts.add(owner);
      throw new EVMError(EVMError.errorMessages.STOP);
    },
  };
}
