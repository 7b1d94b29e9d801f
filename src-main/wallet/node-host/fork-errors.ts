import { ForkError, WalletError } from '../../../src-core/errors';
import { ForkDataError, ForkUpstreamError } from '../../node/errors';
import { upstreamCause } from './upstream-cause';

export const ForkErrorCode = {
  /** The current network is the embedded dev chain: there is no real state to fork. */
  notRealNetwork: 'FORK_NOT_REAL_NETWORK',
  /** "custom" was asked for while no custom node is saved. */
  noCustomNode: 'FORK_NO_CUSTOM_NODE',
  /** The upstream node did not answer, or could not serve an item the fork read (named). */
  upstreamFailed: 'FORK_UPSTREAM_FAILED',
  /** Impersonation asked of an embedded node that is not a fork, or not running. */
  notForked: 'FORK_NOT_ACTIVE',
  /** Fork mode needs the node's fork support, absent from this build's node factory. */
  unavailable: 'FORK_UNAVAILABLE',
} as const;

/**
 * What went wrong while a fork of `name` (at `url`) started or ran, as a sentence a person can act
 * on: the item the node could not read, the cause by its kind (DNS, TLS, refused, timeout, an HTTP
 * status; `upstream-cause.ts`), and what to do. `details` carry the URL, the cause's kind and its
 * code; the API key is never shown (it travels only in a header) and is blamed only for 401 and 403.
 */
export function forkFailure(error: unknown, name: string, url: string, hasApiKey = false): WalletError {
  if (error instanceof WalletError) return error;
  if (error instanceof ForkDataError) return new ForkError(ForkErrorCode.upstreamFailed, error.message, { url });
  if (error instanceof ForkUpstreamError) {
    const cause = upstreamCause(error.cause_, url, hasApiKey);
    return new ForkError(
      ForkErrorCode.upstreamFailed,
      `The fork of ${name} could not read ${error.item} from ${url}: ${cause.what}. ${cause.advice}`,
      { url, item: error.item, cause: cause.kind, code: cause.code, upstream: error.cause_ },
    );
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  const cause = upstreamCause(`${typeof code === 'string' ? `${code} ` : ''}${detail}`, url, hasApiKey);
  return new ForkError(
    ForkErrorCode.upstreamFailed,
    `The fork of ${name} could not start from ${url}: ${cause.what}. ${cause.advice}`,
    { url, cause: cause.kind, code: cause.code, upstream: detail },
  );
}
