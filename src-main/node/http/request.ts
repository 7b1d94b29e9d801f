import { parseJsonLossless } from '../../../src-core/json/lossless';
import { EncodingError } from '../../../src-core/errors';
import { JAVA } from './error-body';
import { JavaError } from '../errors';

/**
 * What a handler sees: the parameters (JSON body for POST, query string for GET, as java-tron
 * reads them), `visible`, and the method.
 */
export interface ApiRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query: URLSearchParams;
  readonly bodyText: string;
  readonly contentType: string;
  /** Parsed lazily: handlers that ignore the body never fail on it. */
  body(): Record<string, unknown>;
  /** POST: Boolean.parseBoolean of the body's `visible`; GET: the query parameter. */
  visible(): boolean;
}

function formToJson(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

/** `search` is the target's query string with its '?' (or empty); it is parsed when a handler asks. */
export function makeRequest(
  method: 'GET' | 'POST',
  path: string,
  search: string,
  bodyText: string,
  contentType: string,
): ApiRequest {
  let parsed: Record<string, unknown> | undefined;
  let query: URLSearchParams | undefined;
  const queryParams = (): URLSearchParams => (query ??= new URLSearchParams(search));
  const body = (): Record<string, unknown> => {
    if (parsed) return parsed;
    if (method === 'GET' || bodyText.trim() === '') return (parsed = {});
    if (contentType.includes('application/x-www-form-urlencoded') && !bodyText.trimStart().startsWith('{'))
      return (parsed = formToJson(bodyText));
    let value: unknown;
    try {
      value = parseJsonLossless(bodyText);
    } catch (error) {
      const message = error instanceof EncodingError ? error.message : 'syntax error';
      throw new JavaError(JAVA.json, message);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new JavaError(JAVA.json, `can not cast to JSONObject.`);
    return (parsed = value as Record<string, unknown>);
  };
  return {
    method,
    path,
    get query(): URLSearchParams {
      return queryParams();
    },
    bodyText,
    contentType,
    body,
    visible(): boolean {
      if (method === 'GET') return (queryParams().get('visible') ?? '').toLowerCase() === 'true';
      const v = body().visible;
      return String(v).toLowerCase() === 'true';
    },
  };
}

/** The parameters object of either method: POST body or GET query (strings). */
export function params(req: ApiRequest): Record<string, unknown> {
  if (req.method === 'POST') return req.body();
  const out: Record<string, unknown> = {};
  for (const [k, v] of req.query) out[k] = v;
  return out;
}
