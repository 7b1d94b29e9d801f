import { describe, expect, it } from 'vitest';
import { BroadcastError, NetworkError, ValidationError } from '../../../src-core/errors';
import { fieldErrors, toErrorView } from '../../../src-renderer/errors/error-view';

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

  it("gives java-tron's balance refusal as the app's sentence, the node's words as the details line", () => {
    const nodeMessage = 'Contract validate error : Validate TransferContract error, balance is not sufficient.';
    const view = toErrorView(
      new BroadcastError('BROADCAST_FAILED', `The node refused the transaction: ${nodeMessage}`, {
        nodeCode: 'CONTRACT_VALIDATE_ERROR',
        nodeMessage,
      }),
    );
    expect(view).toMatchObject({
      name: 'BroadcastError',
      code: 'BROADCAST_FAILED',
      message:
        'The account does not hold enough TRX for this amount and its fees. Lower the amount or add TRX to the account.',
      reason: nodeMessage,
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

  it('names each field an error puts at fault, with its problem in words', () => {
    const refused = new ValidationError('VALIDATION_FAILED', 'The request to addressBook:save was refused.', {
      issues: [
        { path: 'name', message: 'must not be empty' },
        { path: 'address', message: 'must be a TRON address (T… or 41…) with a valid checksum' },
      ],
    });
    expect(fieldErrors(refused)).toEqual({
      name: 'must not be empty',
      address: 'must be a TRON address (T… or 41…) with a valid checksum',
    });
    const fee = new ValidationError(
      'TX_BAD_FEE_LIMIT',
      'The fee limit is above the chain maximum (TX_BAD_FEE_LIMIT).',
      {
        field: 'feeLimitSun',
      },
    );
    expect(fieldErrors(fee)).toEqual({ feeLimitSun: 'The fee limit is above the chain maximum.' });
  });

  it('names no field for an error that concerns none', () => {
    expect(fieldErrors(new NetworkError('NETWORK_UNREACHABLE', 'No answer.'))).toEqual({});
    expect(fieldErrors(new Error('bug'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });
});
