import { summarizeTransaction } from '../../../src-core/envelope/summary';
import { addressField, type TxFacts } from '../block-facts';
import { RULES, type AlertDraft } from '../types';
import { accountName, type RuleContext } from './context';

/** Stake 1.0 and 2.0, delegation and votes: everything that moves the account's stake or votes. */
const STAKING_TYPES: Readonly<Record<string, string>> = {
  FreezeBalanceContract: 'staked TRX (Stake 1.0)',
  UnfreezeBalanceContract: 'unstaked TRX (Stake 1.0)',
  FreezeBalanceV2Contract: 'staked TRX',
  UnfreezeBalanceV2Contract: 'started unstaking TRX',
  WithdrawExpireUnfreezeContract: 'withdrew unstaked TRX',
  CancelAllUnfreezeV2Contract: 'cancelled all pending unstaking',
  DelegateResourceContract: 'delegated resources',
  UnDelegateResourceContract: 'took back delegated resources',
  VoteWitnessContract: 'changed its votes',
};

export function stakingChanged(facts: TxFacts, ctx: RuleContext): AlertDraft[] {
  const what = STAKING_TYPES[facts.type];
  if (!ctx.account.rules.stakingChanged.enabled || what === undefined || facts.owner !== ctx.account.address) return [];
  const summary = summarizeTransaction(facts.transaction, { decoder: false });
  const amounts = summary.amounts.flatMap((line) =>
    line.asset === 'TRX' ? [ctx.words.amount('TRX', BigInt(line.sun))] : [],
  );
  const receiver = addressField(facts.value.receiver_address);
  const direction = facts.type === 'UnDelegateResourceContract' ? 'from' : 'to';
  const moved = [amounts.join(', '), receiver ? `${direction} ${ctx.words.name(receiver)}` : '']
    .filter((part) => part !== '')
    .join(' ');
  return [
    {
      rule: RULES.stakingChanged,
      account: ctx.account.address,
      txid: facts.txid,
      title: `${accountName(ctx)} ${what}${moved ? `: ${moved}` : ''}.`,
      details: {
        contractType: facts.type,
        amounts: summary.amounts,
        recipients: summary.recipients,
        ...(summary.votes ? { votes: summary.votes } : {}),
        ...summary.details,
      },
    },
  ];
}
