import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import type { ParsedContract } from '../chain/tx';
import type { VoteInput } from '../staking/votes';
import { applyVote, validateVote } from '../staking/votes';

/** VoteWitnessContract (java-tron VoteWitnessActuator): replaces the account's votes, counted at the next maintenance. */
const TYPE_ERROR = 'contract type error, expected type [VoteWitnessContract], real type[class com.google.protobuf.Any]';

function votes(contract: ParsedContract): VoteInput[] {
  const list = (contract.message!.votes as Record<string, unknown>[] | undefined) ?? [];
  return list.map((v) => ({
    address: v.vote_address as Uint8Array | undefined,
    count: longToBigint(v.vote_count as never),
  }));
}

export const voteWitnessActuator: Actuator = {
  typeName: 'VoteWitnessContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateVote(ctx.view, m.owner_address as Uint8Array | undefined, votes(contract));
  },
  execute(contract, ctx) {
    applyVote(ctx.view, bytesToHex(contract.message!.owner_address as Uint8Array), votes(contract));
    return 0n;
  },
};
