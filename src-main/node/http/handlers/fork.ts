import { JAVA } from '../../java-json/error-body';
import type { ApiRequest } from '../request';
import type { NodeServices } from '../services';
import { JavaError } from '../../errors';
import type { ForkHandle } from '../../fork/open-fork';

/**
 * Fork mode's admin endpoints: `/admin/fork` (the fork point, the range of upstream blocks the
 * fetched state was read at, counts per kind, the request log) and `/admin/impersonate`
 * (`{"address": …}`: that account's transactions pass without signatures, for every permission).
 */
type Json = Record<string, unknown>;

function forkOf(s: NodeServices): ForkHandle {
  if (!s.fork) throw new JavaError(JAVA.illegalArgument, 'This node is not a fork; start it with --fork-url.');
  return s.fork;
}

export const adminFork = (s: NodeServices) => (): Json => forkOf(s).report();

export const adminImpersonate =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const fork = forkOf(s);
    const address = req.body().address;
    if (typeof address !== 'string' || address === '')
      throw new JavaError(JAVA.illegalArgument, 'address must be a TRON address (T… or 41…)');
    try {
      return { impersonating: fork.impersonate(address) };
    } catch {
      throw new JavaError(JAVA.illegalArgument, `address "${address}" is not a TRON address (T… or 41…)`);
    }
  };
