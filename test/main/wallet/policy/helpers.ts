/** The error a promise rejects with; fails the test when it resolves. */
export async function expectRejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}
