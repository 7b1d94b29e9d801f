import { parseJsonLossless } from '../../../src-core/json/lossless';
import { EncodingError } from '../../../src-core/errors';
import { JAVA } from '../java-json/error-body';
import { JavaError } from '../errors';
import {
  FORM_CONTENT_TYPE,
  formToJsonText,
  getHexAddress,
  getString,
  servletText,
  type ServletBody,
} from './servlet-body';
import { stringifyJson } from '../../../src-core/json/lossless';
import { mergeJsonFormat } from '../java-json/json-format';
import { checkJsonDepth } from './json-depth';
import { jsonToMessage } from '../../../src-core/proto/json-codec';

/**
 * What a handler sees: the parameters (JSON body for POST, query string for GET, as java-tron
 * reads them), `visible`, and the method.
 */
export interface ApiRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** `http://host:port` as the client addressed the node. */
  readonly origin: string;
  readonly query: URLSearchParams;
  readonly contentType: string;
  /** The body exactly as received. */
  readonly bodyText: string;
  /** The body as the servlet reads it (lines joined with "\n"; a form converted where the servlet converts one). */
  text(): string;
  /**
   * `text()` parsed as fastjson's JSONObject; `{}` for an empty body. Parsed lazily: handlers that ignore the body
   * never fail on it.
   */
  body(): Record<string, unknown>;
  /** `text()` and `body()` together, for the fastjson reads of servlet-body.ts. */
  servletBody(): ServletBody;
  /** POST: Boolean.parseBoolean of the body's `visible` (Util.getVisiblePost); GET: the query parameter. */
  visible(): boolean;
  /** The same request read the way a servlet with another `InputKind` reads it. */
  readAs(input: InputKind): ApiRequest;
}

/**
 * How a servlet reads its input: `reader` the raw body (getReader), `postParams` the body after
 * PostParams (a form sent as exactly application/x-www-form-urlencoded becomes JSON), `query`
 * never the body (a doPost that calls doGet: `visible` and the rest come from the query string).
 */
export const INPUT = { reader: 'reader', postParams: 'postParams', query: 'query' } as const;
export type InputKind = (typeof INPUT)[keyof typeof INPUT];

function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = parseJsonLossless(text);
  } catch (error) {
    // fastjson's own wording is not reproduced, and V8's never reaches the client.
    throw new JavaError(JAVA.json, error instanceof EncodingError ? `syntax error, ${error.message}` : 'syntax error');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new JavaError(JAVA.json, `can not cast to JSONObject.`);
  return value as Record<string, unknown>;
}

function queryVisible(url: URL): boolean {
  return (url.searchParams.get('visible') ?? '').toLowerCase() === 'true';
}

export function makeRequest(
  method: 'GET' | 'POST',
  url: URL,
  bodyText: string,
  contentType: string,
  input: InputKind = INPUT.reader,
): ApiRequest {
  return new ServletRequest(method, url, bodyText, contentType, input);
}

/** One request as a servlet of `input` reads it; the text and the parsed body are made once, when first asked for. */
class ServletRequest implements ApiRequest {
  private readText: string | undefined;
  private parsed: Record<string, unknown> | undefined;

  constructor(
    readonly method: 'GET' | 'POST',
    private readonly url: URL,
    readonly bodyText: string,
    readonly contentType: string,
    private readonly input: InputKind,
  ) {}

  get path(): string {
    return this.url.pathname;
  }

  get origin(): string {
    return this.url.origin;
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  text(): string {
    if (this.readText !== undefined) return this.readText;
    if (this.method === 'GET' || this.input === INPUT.query) return (this.readText = '');
    let text = servletText(this.bodyText);
    if (this.input === INPUT.postParams && this.contentType === FORM_CONTENT_TYPE) text = formToJsonText(text);
    checkJsonDepth(text);
    return (this.readText = text);
  }

  body(): Record<string, unknown> {
    return (this.parsed ??= parseBody(this.text()));
  }

  servletBody(): ServletBody {
    return { text: this.text(), json: this.body() };
  }

  visible(): boolean {
    if (this.method === 'GET' || this.input === INPUT.query) return queryVisible(this.url);
    const v = (this.parsed ?? this.plainObject() ?? this.body()).visible;
    return v !== undefined && v !== null && String(v).toLowerCase() === 'true';
  }

  /**
   * The text as a plain object by V8's JSON.parse, or undefined when it is not one (then `body()`
   * reads it or refuses it). `visible` is a literal or a string, which both parsers read alike; the
   * lossless parse builds every number of a body of megabytes for nothing but that.
   */
  private plainObject(): Record<string, unknown> | undefined {
    const text = this.text();
    if (text.trim() === '') return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  }

  readAs(other: InputKind): ApiRequest {
    return other === this.input ? this : makeRequest(this.method, this.url, this.bodyText, this.contentType, other);
  }
}

/** The parameters object of either method: POST body or GET query (strings). */
export function params(req: ApiRequest): Record<string, unknown> {
  if (req.method === 'POST') return req.body();
  const out: Record<string, unknown> = {};
  for (const [k, v] of req.query) out[k] = v;
  return out;
}

/**
 * The request as the message `messageName`: a POST body through JsonFormat.merge, as the servlets
 * that read a message builder do (so "1000" as a string, 1e3, or a number past the long range is
 * JsonFormat's ParseException); a GET's query parameters, all strings, through the core codec.
 */
export function requestMessage(req: ApiRequest, messageName: string): Record<string, unknown> {
  if (req.method === 'POST') return mergeJsonFormat(req.text(), messageName, req.visible());
  return jsonToMessage(messageName, params(req), { hexMode: 'java-tron', visible: req.visible() });
}

/**
 * The `value` of GetContractServlet, GetContractInfoServlet and GetDelegatedResourceAccountIndexV2Servlet:
 * with `visible` the servlet swaps `value` for Util.getHexAddress(value) (a hex "41…" has a '0'
 * outside the Base58 alphabet: IllegalArgumentException; a bad checksum: no value), then merges
 * a BytesMessage with JsonFormat. Undefined when there is no value.
 */
export function addressValueParam(req: ApiRequest): Uint8Array | undefined {
  const visible = req.visible();
  let text: string;
  if (req.method === 'POST') {
    const body = req.servletBody();
    if (!visible) text = body.text;
    else {
      const value = getString(body, 'value');
      // jsonObject.put then toJSONString: fastjson leaves a null value out.
      const { value: _dropped, ...rest } = body.json;
      text = stringifyJson(value === undefined ? rest : { ...rest, value: getHexAddress(value) });
    }
  } else {
    const value = req.query.get('value');
    text = stringifyJson(value === null ? {} : { value: visible ? getHexAddress(value) : value });
  }
  const bytes = mergeJsonFormat(text, 'protocol.BytesMessage', visible).value;
  return bytes instanceof Uint8Array && bytes.length > 0 ? bytes : undefined;
}
