import { NetworkError, NodeApiError, NodeClientErrorCode, ValidationError } from '../errors';
import type { AbortControllerLike, FetchLike, TimersLike } from './fetch';
import { defaultAbortController, defaultTimers } from './fetch';
import { parseJsonLossless, stringifyJson } from '../json/lossless';
import { isObject } from './read';

export interface NodeClientConfig {
  /** Origin of the full node's HTTP API (`/wallet/*`), e.g. `https://api.trongrid.io` or `http://127.0.0.1:8090`. */
  fullNodeUrl: string;
  /** Origin serving `/walletsolidity/*`; defaults to `fullNodeUrl` (TronGrid and our node serve both). Stock java-tron uses port 8091. */
  solidityNodeUrl?: string;
  /** Sent as `TRON-PRO-API-KEY`; never written into errors. */
  apiKey?: string;
  fetch: FetchLike;
  /** Deadline for a whole request (send + body), default 30 000 ms; 0 turns it off. */
  timeoutMs?: number;
  /** Extra request headers (e.g. for a proxy); their values are kept out of errors too. */
  headers?: Readonly<Record<string, string>>;
  /** Timers for the deadline; defaults to the host's. */
  timers?: TimersLike;
  /** Used to cancel a request that ran past its deadline; defaults to the host's AbortController. */
  createAbortController?: () => AbortControllerLike | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const API_KEY_HEADER = 'TRON-PRO-API-KEY';

export type ApiPrefix = 'wallet' | 'walletsolidity';

const URL_PATTERN = /^https?:\/\/[^\s/?#@]+(?:\/[^\s?#]*)?$/i;

function configError(message: string, field: string): ValidationError {
  return new ValidationError(NodeClientErrorCode.CLIENT_BAD_CONFIG, message, { field });
}

function baseUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || !URL_PATTERN.test(value.trim())) {
    // The value is left out of the message: a mistyped key or token could be in it.
    throw configError(
      `The ${field} must be an http:// or https:// address without user name, query or fragment, such as https://api.trongrid.io.`,
      field,
    );
  }
  return value.trim().replace(/\/+$/, '');
}

interface Answer {
  status: number;
  text: string;
}

/**
 * Sends one POST with a JSON body and returns the parsed JSON. Transport failures become
 * NetworkError; java-tron's generic `{"Error": …}` body becomes NodeApiError NODE_ERROR
 * (java-tron Util.printErrorMsg). Endpoint-specific shapes are left to the caller.
 */
export class NodeHttp {
  readonly fullNodeUrl: string;
  readonly solidityNodeUrl: string;
  private readonly fetch: FetchLike;
  private readonly timeoutMs: number;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly secrets: readonly string[];
  private readonly timers: TimersLike | undefined;
  private readonly createAbortController: () => AbortControllerLike | undefined;

  constructor(config: NodeClientConfig) {
    if (typeof config !== 'object' || config === null)
      throw configError('The node client needs a configuration object.', 'config');
    if (typeof config.fetch !== 'function')
      throw configError('The node client needs a fetch function to reach the node.', 'fetch');
    this.fullNodeUrl = baseUrl(config.fullNodeUrl, 'fullNodeUrl');
    this.solidityNodeUrl =
      config.solidityNodeUrl === undefined ? this.fullNodeUrl : baseUrl(config.solidityNodeUrl, 'solidityNodeUrl');
    const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isSafeInteger(timeout) || timeout < 0) {
      throw configError('The timeout must be a whole number of milliseconds, 0 or more.', 'timeoutMs');
    }
    if (
      config.apiKey !== undefined &&
      (typeof config.apiKey !== 'string' || config.apiKey.trim() === '' || /[\r\n]/.test(config.apiKey))
    ) {
      throw configError('The API key must be a single line of text.', 'apiKey');
    }
    this.fetch = config.fetch;
    this.timeoutMs = timeout;
    const extra = config.headers ?? {};
    this.headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...extra,
      ...(config.apiKey !== undefined ? { [API_KEY_HEADER]: config.apiKey.trim() } : {}),
    };
    const apiKey = config.apiKey?.trim();
    // Short header values (e.g. "json") would blank out ordinary words; credentials are longer.
    const headerValues = Object.values(extra).filter((value) => typeof value === 'string' && value.length >= 8);
    this.secrets = apiKey === undefined ? headerValues : [apiKey, ...headerValues];
    this.timers = config.timers ?? defaultTimers();
    this.createAbortController = config.createAbortController ?? defaultAbortController;
  }

  /** POST `<origin>/<prefix>/<endpoint>` with `body` as JSON (bigint → bare integer). */
  async post(prefix: ApiPrefix, endpoint: string, body: unknown = {}): Promise<unknown> {
    const origin = prefix === 'walletsolidity' ? this.solidityNodeUrl : this.fullNodeUrl;
    const url = `${origin}/${prefix}/${endpoint}`;
    const shownUrl = this.redact(url);
    const path = `/${prefix}/${endpoint}`;
    let text: string;
    try {
      text = stringifyJson(body);
    } catch {
      throw new ValidationError(
        NodeClientErrorCode.CLIENT_BAD_ARGUMENT,
        `The request for ${path} cannot be written as JSON (it refers to itself or holds a function).`,
        { endpoint: path },
      );
    }
    const answer = await this.exchange(url, shownUrl, text);

    if (answer.status < 200 || answer.status > 299) throw this.statusError(answer, shownUrl);
    const json = this.parseBody(answer, shownUrl);
    if (isObject(json) && typeof json.Error === 'string') throw nodeError(path, this.redact(json.Error));
    return json;
  }

  /** int64 values beyond 2^53 come back as bigint (json/lossless.ts). */
  private parseBody(answer: Answer, shownUrl: string): unknown {
    const empty = answer.text.trim() === '';
    if (!empty) {
      try {
        return parseJsonLossless(answer.text);
      } catch {
        // Any failure here (bad syntax, absurd nesting) means the answer is not java-tron JSON.
      }
    }
    throw new NetworkError(
      NodeClientErrorCode.NETWORK_NOT_JSON,
      empty
        ? `The node at ${shownUrl} answered with an empty body; check that the URL points at a TRON full node and that the request is valid.`
        : `The node at ${shownUrl} did not answer with JSON; check that the URL points at a TRON full node.`,
      { url: shownUrl, status: answer.status, bodyStart: this.redact(answer.text.slice(0, 200)) },
    );
  }

  private async exchange(url: string, shownUrl: string, body: string): Promise<Answer> {
    const controller = this.timeoutMs > 0 ? this.createAbortController() : undefined;
    const timers = this.timeoutMs > 0 ? this.timers : undefined;
    let handle: unknown;
    let timedOut = false;
    const deadline = new Promise<never>((_resolve, reject) => {
      if (!timers) return;
      handle = timers.setTimeout(() => {
        timedOut = true;
        controller?.abort();
        reject(this.timeoutError(shownUrl));
      }, this.timeoutMs);
    });
    try {
      const init = {
        method: 'POST' as const,
        headers: { ...this.headers },
        body,
        ...(controller ? { signal: controller.signal } : {}),
      };
      const response = await Promise.race([this.fetch(url, init), deadline]);
      const text = await Promise.race([response.text(), deadline]);
      return { status: response.status, text };
    } catch (error) {
      if (timedOut) throw this.timeoutError(shownUrl);
      if (error instanceof NetworkError) throw error;
      const reason = error instanceof Error && error.message ? this.redact(error.message) : 'no reason given';
      throw new NetworkError(
        NodeClientErrorCode.NETWORK_UNREACHABLE,
        `The node at ${shownUrl} could not be reached (${reason}); check the node URL and the network connection.`,
        { url: shownUrl, reason },
      );
    } finally {
      if (timers && handle !== undefined) timers.clearTimeout(handle);
    }
  }

  private timeoutError(shownUrl: string): NetworkError {
    const seconds = this.timeoutMs / 1000;
    return new NetworkError(
      NodeClientErrorCode.NETWORK_TIMEOUT,
      `The node at ${shownUrl} did not answer within ${seconds} seconds; check the connection or try again later.`,
      { url: shownUrl, timeoutMs: this.timeoutMs },
    );
  }

  private statusError(answer: Answer, shownUrl: string): NetworkError {
    const { status } = answer;
    const advice =
      status === 401 || status === 403
        ? 'check the API key'
        : status === 429
          ? 'the node is limiting requests; wait a moment or configure an API key'
          : status === 404 || status === 405
            ? 'the node does not offer this endpoint; check the node URL and version'
            : 'check the node URL or try again later';
    const details: Record<string, unknown> = { url: shownUrl, status };
    // java-tron answers disabled APIs with 404 {"Error": "this API is unavailable due to config"} (java-tron
    // HttpApiAccessFilter).
    try {
      const json = parseJsonLossless(answer.text);
      if (isObject(json) && typeof json.Error === 'string') details.nodeMessage = this.redact(json.Error);
    } catch {
      // Not JSON: nothing more to report.
    }
    return new NetworkError(
      NodeClientErrorCode.NETWORK_HTTP_STATUS,
      `The node at ${shownUrl} answered with HTTP status ${status}; ${advice}.`,
      details,
    );
  }

  /** Keeps the API key, header values and URL credentials/queries out of anything we report. */
  private redact(text: string): string {
    let out = text.replace(/\/\/[^/\s@]*@/g, '//');
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out;
  }
}

/**
 * `{"Error": "class org.tron.core.exception.ContractValidateException : Validate … sufficient."}`
 * (java-tron Util.printErrorMsg). Some servlets print the message without the `class X : ` part.
 */
export function nodeError(endpoint: string, text: string): NodeApiError {
  const match = /^class ([\w.$]+) : ([\s\S]*)$/.exec(text.trim());
  const javaClass = match?.[1];
  const nodeMessage = (match ? match[2]! : text).trim();
  const sentence = nodeMessage === '' ? 'no reason given' : nodeMessage.replace(/[.\s]+$/, '');
  return new NodeApiError(NodeClientErrorCode.NODE_ERROR, `The node refused ${endpoint}: ${sentence}.`, {
    endpoint,
    ...(javaClass !== undefined ? { javaClass } : {}),
    nodeMessage,
  });
}
