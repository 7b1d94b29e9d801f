/**
 * Why a fork's upstream failed, read from the text the node gives (src-main/node/fork/upstream.ts
 * writes the fetch error's code before its message, or "HTTP <status>" for an answer it refused),
 * so the person is told the cause they can act on: a name that does not resolve is not a wrong
 * API key. Only 401 and 403 are the key's fault.
 */
export const UpstreamCauseKind = {
  dns: 'dns',
  tls: 'tls',
  refused: 'refused',
  timeout: 'timeout',
  unreachable: 'unreachable',
  badPort: 'bad-port',
  keyRefused: 'key-refused',
  rateLimited: 'rate-limited',
  serverError: 'server-error',
  httpStatus: 'http-status',
  unknown: 'unknown',
} as const;
export type UpstreamCauseKind = (typeof UpstreamCauseKind)[keyof typeof UpstreamCauseKind];

export interface UpstreamCause {
  readonly kind: UpstreamCauseKind;
  /** The system or TLS error code (ENOTFOUND, CERT_HAS_EXPIRED), or "HTTP 401"; null when none was given. */
  readonly code: string | null;
  /** What happened, as the middle of a sentence. */
  readonly what: string;
  /** What the person can do about it. */
  readonly advice: string;
}

const DNS = /\b(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|EAI_NODATA)\b/;
const TLS =
  /\b(CERT_[A-Z_]+|[A-Z_]+_CERT(?:_[A-Z_]+)?|UNABLE_TO_[A-Z_]+|ERR_TLS_[A-Z_]+|ERR_SSL_[A-Z_]+|EPROTO|HOSTNAME_MISMATCH)\b/;
const REFUSED = /\bECONNREFUSED\b/;
const TIMEOUT = /\b(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)\b|aborted/;
const UNREACHABLE = /\b(ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENETDOWN|EPIPE|UND_ERR_SOCKET)\b/;
const HTTP = /\bHTTP (\d{3})\b/;
/** fetch refuses ports reserved for other protocols (the WHATWG Fetch standard's "bad port" list). */
const BAD_PORT = /\bbad port\b/;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The cause in `text` (the node's cause, or an error's code and message) of a failure reading
 * `url`; `hasApiKey` says whether a key was sent, so a 401 can say whether it was refused or missing.
 */
export function upstreamCause(text: string, url: string, hasApiKey: boolean): UpstreamCause {
  const host = hostOf(url);
  const dns = DNS.exec(text)?.[1];
  if (dns)
    return {
      kind: UpstreamCauseKind.dns,
      code: dns,
      what: `the name ${host.replace(/:\d+$/, '')} could not be looked up (DNS, ${dns})`,
      advice: 'Check that this computer is online and that the address is spelled right, then try again.',
    };
  const tls = TLS.exec(text)?.[1];
  if (tls)
    return {
      kind: UpstreamCauseKind.tls,
      code: tls,
      what: `the secure connection to ${host} failed: its certificate was not accepted (TLS, ${tls})`,
      advice: "Check the address and this computer's date and time, then try again.",
    };
  if (REFUSED.test(text))
    return {
      kind: UpstreamCauseKind.refused,
      code: 'ECONNREFUSED',
      what: `nothing accepts connections at ${host} (connection refused, ECONNREFUSED)`,
      advice: 'Check that the node runs and that its address and port are right, then try again.',
    };
  const timeout = TIMEOUT.exec(text);
  if (timeout)
    return {
      kind: UpstreamCauseKind.timeout,
      code: timeout[1] ?? 'TIMEOUT',
      what: `${host} did not answer in time (timeout)`,
      advice: 'Check that this computer is online and that the node answers, then try again.',
    };
  const unreachable = UNREACHABLE.exec(text)?.[1];
  if (unreachable)
    return {
      kind: UpstreamCauseKind.unreachable,
      code: unreachable,
      what: `the connection to ${host} failed (${unreachable})`,
      advice: 'Check that this computer is online and that the node answers, then try again.',
    };
  if (BAD_PORT.test(text))
    return {
      kind: UpstreamCauseKind.badPort,
      code: 'BAD_PORT',
      what: `the port of ${host} is one web requests may not use (bad port)`,
      advice: "Check the port: use the node's HTTP API port, then try again.",
    };
  const status = HTTP.exec(text)?.[1];
  if (status) return httpCause(Number(status), host, hasApiKey);
  return {
    kind: UpstreamCauseKind.unknown,
    code: null,
    what: text.replace(/\.$/, ''),
    advice: 'Check that the node answers, then try again.',
  };
}

function httpCause(status: number, host: string, hasApiKey: boolean): UpstreamCause {
  const code = `HTTP ${status}`;
  if (status === 401 || status === 403)
    return {
      kind: UpstreamCauseKind.keyRefused,
      code,
      what: hasApiKey ? `${host} refused the API key (${code})` : `${host} wants an API key (${code})`,
      advice: hasApiKey
        ? 'Check the API key typed for this network, or type a new one, then try again.'
        : "Type the network's API key (TronGrid's TRON-PRO-API-KEY) beside the network, then try again.",
    };
  if (status === 429)
    return {
      kind: UpstreamCauseKind.rateLimited,
      code,
      what: `${host} is limiting how often it answers (rate limited, ${code})`,
      advice: 'Wait a minute, then try again; TronGrid allows more requests to a saved key.',
    };
  if (status >= 500)
    return {
      kind: UpstreamCauseKind.serverError,
      code,
      what: `${host} had a server error (${code})`,
      advice: "The fault is on the node's side: try again later, or fork another network.",
    };
  return {
    kind: UpstreamCauseKind.httpStatus,
    code,
    what: `${host} refused the request (${code})`,
    advice: "Check that the address is a java-tron node's HTTP API, then try again.",
  };
}
