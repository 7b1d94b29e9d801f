import { describe, expect, it } from 'vitest';
import { NetworkError, ValidationError } from '../../../src-core/errors';
import { toErrorView } from '../../../src-renderer/errors/error-view';

describe('error view', () => {
  it('keeps class, code and sentence, and picks a title by class', () => {
    expect(toErrorView(new NetworkError('NETWORK_UNREACHABLE', 'No answer from 127.0.0.1:8090.'))).toEqual({
      name: 'NetworkError',
      code: 'NETWORK_UNREACHABLE',
      title: 'The node could not be reached',
      message: 'No answer from 127.0.0.1:8090.',
      issues: [],
    });
  });

  it('lists validation issues from details', () => {
    const view = toErrorView(
      new ValidationError('VALIDATION_FAILED', 'Refused.', { issues: [{ path: 'txid', message: 'must be hex' }] }),
    );
    expect(view.issues).toEqual([{ path: 'txid', message: 'must be hex' }]);
    expect(view.title).toBe('Please check the input');
  });

  it('marks anything untyped as unexpected', () => {
    expect(toErrorView(new TypeError('x is undefined'))).toMatchObject({
      name: 'TypeError',
      code: 'UNEXPECTED',
      message: 'Unexpected error: x is undefined',
    });
    expect(toErrorView('boom')).toMatchObject({ name: 'Error', code: 'UNEXPECTED', message: 'Unexpected error: boom' });
  });
});
