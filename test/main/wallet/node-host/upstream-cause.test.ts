import { describe, expect, it } from 'vitest';
import { ForkUpstreamError } from '../../../../src-main/node/errors';
import { forkFailure } from '../../../../src-main/wallet/node-host/fork-errors';
import { upstreamCause } from '../../../../src-main/wallet/node-host/upstream-cause';

/**
 * The upstream's failure in words, from the cause text src-main/node/fork/upstream.ts writes
 * (`<path> at <url>: <code> <message>` or `HTTP <status>`): the API key is blamed only for 401/403.
 */
const URL_ = 'https://api.trongrid.io';
const at = (rest: string) => `/wallet/getnowblock at ${URL_}: ${rest}`;

describe('upstreamCause', () => {
  it.each([
    [at('ENOTFOUND fetch failed'), 'dns', 'ENOTFOUND', /could not be looked up \(DNS, ENOTFOUND\)/],
    [at('EAI_AGAIN fetch failed'), 'dns', 'EAI_AGAIN', /api\.trongrid\.io could not be looked up/],
    [at('CERT_HAS_EXPIRED fetch failed'), 'tls', 'CERT_HAS_EXPIRED', /certificate was not accepted/],
    [at('SELF_SIGNED_CERT_IN_CHAIN fetch failed'), 'tls', 'SELF_SIGNED_CERT_IN_CHAIN', /TLS/],
    [at('ECONNREFUSED fetch failed'), 'refused', 'ECONNREFUSED', /connection refused/],
    [at('UND_ERR_CONNECT_TIMEOUT fetch failed'), 'timeout', 'UND_ERR_CONNECT_TIMEOUT', /did not answer in time/],
    [at('This operation was aborted'), 'timeout', 'TIMEOUT', /did not answer in time/],
    [at('ECONNRESET fetch failed'), 'unreachable', 'ECONNRESET', /connection to api\.trongrid\.io failed/],
    [at('bad port fetch failed'), 'bad-port', 'BAD_PORT', /may not use \(bad port\)/],
    [at('HTTP 429: {"Error":"limit"}'), 'rate-limited', 'HTTP 429', /rate limited/],
    [at('HTTP 503: busy'), 'server-error', 'HTTP 503', /server error/],
    [at('HTTP 404'), 'http-status', 'HTTP 404', /refused the request \(HTTP 404\)/],
  ])('reads %s as %s (%s), without blaming the API key', (text, kind, code, what) => {
    const cause = upstreamCause(text, URL_, true);
    expect(cause).toMatchObject({ kind, code });
    expect(cause.what).toMatch(what);
    expect(`${cause.what} ${cause.advice}`).not.toMatch(/API key|wrong key|refused the .*key/i);
  });

  it.each([401, 403])('blames the API key for HTTP %i: refused when one was sent, wanted when none was', (status) => {
    const sent = upstreamCause(at(`HTTP ${status}`), URL_, true);
    expect(sent).toMatchObject({ kind: 'key-refused', code: `HTTP ${status}` });
    expect(sent.what).toBe(`api.trongrid.io refused the API key (HTTP ${status})`);
    const none = upstreamCause(at(`HTTP ${status} with a body that is not JSON: <html>`), URL_, false);
    expect(none.what).toBe(`api.trongrid.io wants an API key (HTTP ${status})`);
  });

  it('puts the item, the cause in words and its code in the ForkError, never the key', () => {
    const failure = forkFailure(
      new ForkUpstreamError('the head block', at('ENOTFOUND fetch failed')),
      'TRON Mainnet',
      URL_,
      true,
    );
    expect(failure).toMatchObject({
      code: 'FORK_UPSTREAM_FAILED',
      details: { url: URL_, item: 'the head block', cause: 'dns', code: 'ENOTFOUND' },
    });
    expect(failure.message).toBe(
      `The fork of TRON Mainnet could not read the head block from ${URL_}: the name api.trongrid.io could not be ` +
        'looked up (DNS, ENOTFOUND). Check that this computer is online and that the address is spelled right, ' +
        'then try again.',
    );
  });

  it('reads a system error thrown before any request by its code', () => {
    const error = Object.assign(new Error('getaddrinfo EAI_AGAIN api.trongrid.io'), { code: 'EAI_AGAIN' });
    expect(forkFailure(error, 'TRON Mainnet', URL_)).toMatchObject({ details: { cause: 'dns', code: 'EAI_AGAIN' } });
  });
});
