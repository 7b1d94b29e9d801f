import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../../src-core/errors';
import { summarizeIssues, validationErrorFrom } from '../../../src-core/ipc/validation';

const schema = z.strictObject({
  signers: z.array(z.strictObject({ weight: z.number().int('must be a whole number') })),
  name: z.string().min(1, 'must not be empty'),
});

describe('validation errors', () => {
  it('names each failing path, with array indices in brackets', () => {
    const result = schema.safeParse({ signers: [{ weight: 1 }, { weight: 1.5 }], name: '' });
    expect(summarizeIssues(result.error!)).toEqual([
      { path: 'signers[1].weight', message: 'must be a whole number' },
      { path: 'name', message: 'must not be empty' },
    ]);
  });

  it('builds one sentence and keeps the issues in details', () => {
    const result = schema.safeParse({ signers: [], name: '' });
    const error = validationErrorFrom(result.error!, 'The request to permission:update');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('The request to permission:update was refused: name: must not be empty.');
    expect(error.details).toEqual({ issues: [{ path: 'name', message: 'must not be empty' }] });
  });

  it('describes a failure of the whole value without a path', () => {
    const result = z.undefined({ error: 'takes no argument' }).safeParse(5);
    expect(validationErrorFrom(result.error!, 'The request to app:info').message).toBe(
      'The request to app:info was refused: takes no argument.',
    );
  });
});
