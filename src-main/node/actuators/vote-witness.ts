import { bytesToHex } from '../../../src-core/bytes/hex';
import type { protocol } from '../../../src-core/proto/runtime';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import type { VoteInput } from '../staking/votes';
import { applyVote, validateVote } from '../staking/votes';

/**
 * VoteWitnessContract (java-tron VoteWitnessActuator): replaces the account's votes, counted at the next maintenance.
 */
const TYPE_ERROR = 'contract type error, expected type [VoteWitnessContract], real type[class com.google.protobuf.Any]';

function votes(message: protocol.VoteWitnessContract): VoteInput[] {
  return message.votes.map((v) => ({ address: v.vote_address ?? undefined, count: longToBigint(v.vote_count) }));
}

export const voteWitnessActuator: Actuator<'VoteWitnessContract'> = {
  typeName: 'VoteWitnessContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateVote(ctx.view, m.owner_address, votes(m));
  },
  execute(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    applyVote(ctx.view, bytesToHex(m.owner_address), votes(m));
    return 0n;
  },
};
