import { expect } from 'vitest';
import { AbiError } from '../../../src-core/errors';

/** Runs `fn`, requires an AbiError with `code`, and returns it for further checks. */
export function expectAbiError(fn: () => unknown, code: string): AbiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AbiError);
    expect((error as AbiError).code).toBe(code);
    expect((error as AbiError).message.length).toBeGreaterThan(10);
    return error as AbiError;
  }
  expect.unreachable(`expected an AbiError with code ${code}`);
}
