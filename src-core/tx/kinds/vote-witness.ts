import { z } from 'zod';
import * as builders from '../builders';
import { AddressSchema, PositiveSunSchema, requestSchema } from './fields';
import { b58, built, defineKind, fromLine } from './kind';

/** VoteWitnessContract: the whole vote, replacing every earlier one (the form's votes editor). */
export const voteWitness = defineKind({
  kind: 'vote',
  contractType: 'VoteWitnessContract',
  runsCode: false,
  schema: requestSchema('vote', {
    votes: z
      .array(z.strictObject({ representative: AddressSchema, count: PositiveSunSchema }), {
        error: 'must be a list of votes',
      })
      .min(1, 'must name at least one representative')
      .max(30, 'may name at most 30 representatives'),
  }),
  form: {
    title: 'Vote for representatives',
    group: 'Voting',
    description:
      'Give your TRON power (1 vote per staked TRX) to super representatives. A new vote replaces all earlier ones.',
    fields: [],
    votes: true,
  },
  plan: (request) => ({
    spec: built(() =>
      builders.voteWitnessContract({
        owner: request.owner,
        votes: request.votes.map((v) => ({ witness: v.representative, count: v.count })),
      }),
    ),
    summary: [
      fromLine(request.owner),
      ...request.votes.map((v) => ({ label: 'Vote', value: `${v.count} for ${b58(v.representative)}` })),
    ],
  }),
});
