import { isIP } from 'node:net';

/**
 * The Host-header check against DNS rebinding: a page on another site whose name resolves to
 * 127.0.0.1 still sends its own name as Host, so only loopback names (and names the operator lists)
 * are answered. The header is parsed as RFC 7230 §5.4 `Host = uri-host [ ":" port ]`, with
 * `uri-host` from RFC 3986 §3.2.2 (IP-literal, IPv4address or reg-name) and `port = *DIGIT`;
 * anything else (userinfo such as `127.0.0.1:80@evil.com`, an unclosed `[`, a port with letters)
 * is refused rather than guessed at.
 */

export interface ParsedHost {
  /** Lower-cased; an IPv6 literal keeps its brackets (`[::1]`). */
  readonly name: string;
  /** The digits after the colon; undefined when the header has no port. */
  readonly port?: string;
}

/** RFC 3986 reg-name: unreserved / pct-encoded / sub-delims, possibly empty. */
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const PORT = /^[0-9]*$/;

export function parseHostHeader(value: string): ParsedHost | null {
  let name: string;
  let rest: string;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close < 0) return null;
    name = value.slice(0, close + 1);
    // IPvFuture ("[v1.…]") names nothing this node could be reached by.
    if (isIP(name.slice(1, -1)) !== 6) return null;
    rest = value.slice(close + 1);
  } else {
    const colon = value.indexOf(':');
    name = colon < 0 ? value : value.slice(0, colon);
    rest = colon < 0 ? '' : value.slice(colon);
    if (!REG_NAME.test(name)) return null;
  }
  if (rest === '') return { name: name.toLowerCase() };
  if (!rest.startsWith(':') || !PORT.test(rest.slice(1))) return null;
  return { name: name.toLowerCase(), port: rest.slice(1) };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a request with this Host header is answered: loopback names, `*.localhost`, or `extra`. */
export function hostAllowed(hostHeader: string | undefined, extra: readonly string[]): boolean {
  if (!hostHeader) return false;
  const parsed = parseHostHeader(hostHeader);
  if (!parsed) return false;
  const { name } = parsed;
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || extra.some((h) => h.toLowerCase() === name);
}

/** Origins of pages served from this computer (http or https on a loopback name). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}
