import { ForkError, WalletError } from '../../../src-core/errors';
import { ForkDataError, ForkUpstreamError } from '../../node/errors';

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
 * on. The node's ForkUpstreamError names the item it could not read; the URL is shown, never the
 * API key (it travels only in a header).
 */
export function forkFailure(error: unknown, name: string, url: string): WalletError {
  if (error instanceof WalletError) return error;
  if (error instanceof ForkUpstreamError) {
    return new ForkError(
      ForkErrorCode.upstreamFailed,
      `The fork of ${name} could not read ${error.item} from ${url} (${error.cause_}). Check that the node answers and that its API key is right on the Node screen, then try again.`,
      { item: error.item, url },
    );
  }
  if (error instanceof ForkDataError) return new ForkError(ForkErrorCode.upstreamFailed, error.message, { url });
  const detail = error instanceof Error ? error.message : String(error);
  return new ForkError(
    ForkErrorCode.upstreamFailed,
    `The fork of ${name} could not start from ${url} (${detail.replace(/\.$/, '')}). Check that the node answers and that its API key is right on the Node screen, then try again.`,
    { url },
  );
}
