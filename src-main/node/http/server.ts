import { isAscii } from 'node:buffer';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringifyJson } from '../../../src-core/json/lossless';
import { errorBody } from '../java-json/error-body';
import { hostAllowed, isLoopbackOrigin } from './host-header';
import type { ApiRequest } from './request';
import { makeRequest } from './request';

/**
 * node:http server for `/wallet/*`, `/walletsolidity/*` and `/admin/*` on one port
 * (java-tron's servlets and Util.printErrorMsg): HTTP 200 with `application/json; charset=utf-8` and a trailing
 * newline; java-tron's body-size message; a Host-header check (DNS rebinding, `host-header.ts`) and minimal
 * CORS for loopback origins, or no browser requests at all (`refuseBrowserRequests`). Every failure
 * is caught and answered with a JSON body.
 */
export type Handler = (req: ApiRequest) => unknown;

/**
 * A reply whose body is already text (java-tron's empty 200 for builder GETs, validateaddress), or
 * already its UTF-8 bytes (a block's text kept from an earlier request or from its commit).
 */
export class RawReply {
  constructor(
    readonly text: string | Buffer,
    readonly status = 200,
    /** A reply that is not JSON (TRE's account listings are text/plain). */
    readonly contentType?: string,
  ) {}
}

export interface Route {
  readonly post?: Handler;
  /** `'empty'`: java-tron servlets whose doGet prints nothing; undefined: HTTP 405. */
  readonly get?: Handler | 'empty';
}

export interface ServerOptions {
  readonly host: string;
  readonly port: number;
  readonly maxBodyBytes: number;
  /** How long a request may take to arrive, headers and body; then 408 and the connection closed. */
  readonly requestTimeoutMs: number;
  readonly allowedHosts: readonly string[];
  readonly allowedOrigins: readonly string[];
  /** Refuse every request that carries an Origin header (web pages), whatever its origin. */
  readonly refuseBrowserRequests: boolean;
  readonly routes: ReadonlyMap<string, Route>;
  /**
   * Routes whose paths carry parameters (TronGrid's `/v1/contracts/{address}/events`), asked when `routes` has none.
   */
  readonly resolve?: (path: string) => Route | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const KEEP_ALIVE_MS = 30_000;

/**
 * A body or reply this large gives the event loop a turn before it is parsed or written: each of
 * those steps is one uninterrupted run over megabytes, and requests that arrived meanwhile (a
 * getnowblock behind four 4 MB bodies) are answered between them instead of after all of them.
 */
const LARGE_BYTES = 64 * 1024;

/**
 * The large steps waiting for a turn, one after the other: each gets a turn of its own, so between
 * two of them the event loop always reads its sockets (queued together, four would run back to
 * back in one turn). One queue per process, as there is one event loop.
 */
let largeSteps: Promise<void> = Promise.resolve();

/** A turn of the event loop before the next step over a text or bytes of `size`, when it is large (see LARGE_BYTES). */
export function turnIfLarge(size: number): Promise<void> {
  if (size <= LARGE_BYTES) return Promise.resolve();
  const turn = largeSteps.then(() => nextTurn());
  largeSteps = turn.then(undefined, () => undefined);
  return turn;
}

/** A reply written straight to the socket (no request object exists), closing the connection. */
function closingReply(status: string, error: string): string {
  const body = jsonText({ Error: error });
  return (
    `HTTP/1.1 ${status}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ` +
    `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * A request not received whole within `requestTimeoutMs`: Jetty's idle timeout ends a stalled read
 * with java.util.concurrent.TimeoutException; the status is HTTP's 408 (RFC 9110 §15.5.9).
 */
const requestTimedOut = (ms: number): string =>
  closingReply(
    '408 Request Timeout',
    `class java.util.concurrent.TimeoutException : Idle timeout expired: ${ms}/${ms} ms`,
  );

/** Browsers send Origin with cross-origin requests and with every POST; other HTTP clients do not. */
const BROWSER_REFUSED =
  'class java.lang.IllegalAccessException : Origin header refused: this node does not answer requests from web ' +
  'pages (browser access is turned off)';
const ORIGIN_REFUSED = 'class java.lang.IllegalAccessException : Origin not allowed';

/** Why a request with this Origin header is refused, or null when it is answered. */
export function originRefusal(
  origin: string,
  options: Pick<ServerOptions, 'allowedOrigins' | 'refuseBrowserRequests'>,
): string | null {
  if (options.refuseBrowserRequests) return BROWSER_REFUSED;
  return options.allowedOrigins.includes(origin) || isLoopbackOrigin(origin) ? null : ORIGIN_REFUSED;
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function jsonText(value: unknown): string {
  return `${stringifyJson(value)}\n`;
}

export class HttpApi {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly options: ServerOptions) {}

  async listen(): Promise<{ host: string; port: number }> {
    // Jetty's idle timeout (java-tron's HTTP connector keeps its default, 30 s). Node's 5 s default
    // also closed connections whose next request was already waiting while the event loop was busy.
    const timeout = this.options.requestTimeoutMs;
    const server = createServer(
      {
        keepAliveTimeout: KEEP_ALIVE_MS,
        // node:http checks both every connectionsCheckingInterval (30 s by default): a quarter of
        // the limit keeps the answer close to it.
        requestTimeout: timeout,
        headersTimeout: timeout,
        connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(timeout / 4))),
      },
      (req, res) => {
        this.handle(req, res).catch((error: unknown) => send(res, 200, jsonText(errorBody(error))));
      },
    );
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return;
      socket.end(
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? requestTimedOut(timeout)
          : closingReply('400 Bad Request', 'class java.lang.Exception : malformed HTTP request'),
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    return { host: this.options.host, port: address.port };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors: Record<string, string> = {};
    const origin = req.headers.origin;
    if (!hostAllowed(req.headers.host, this.options.allowedHosts)) {
      req.resume();
      send(res, 403, jsonText({ Error: 'class java.lang.IllegalAccessException : Host header not allowed' }));
      return;
    }
    if (origin !== undefined) {
      const refusal = originRefusal(origin, this.options);
      if (refusal !== null) {
        req.resume();
        send(res, 403, jsonText({ Error: refusal }));
        return;
      }
      cors['Access-Control-Allow-Origin'] = origin;
      cors.Vary = 'Origin';
    }
    if (req.method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, TRON-PRO-API-KEY',
        'Access-Control-Max-Age': '600',
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    const url = requestUrl(req);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const route = this.options.routes.get(path) ?? this.options.resolve?.(path);
    if (!route) {
      req.resume();
      send(
        res,
        404,
        jsonText({ Error: `class java.lang.Exception : ${url.pathname} is not an API of this node` }),
        cors,
      );
      return;
    }
    const method = req.method === 'GET' || req.method === 'HEAD' ? 'GET' : req.method === 'POST' ? 'POST' : undefined;
    const handler = method === 'GET' ? route.get : method === 'POST' ? route.post : undefined;
    if (!method || !handler) {
      req.resume();
      send(
        res,
        405,
        jsonText({ Error: `class java.lang.Exception : HTTP method ${req.method} is not supported by this URL` }),
        cors,
      );
      return;
    }
    const body = await readBody(req, this.options.maxBodyBytes);
    // The connection closed first (the client left, or the request timed out and was answered).
    if (body === undefined) return;
    if (body !== null) await turnIfLarge(body.length);
    if (body === null) {
      send(
        res,
        200,
        jsonText({
          Error: `class java.lang.Exception : body size is too big, the limit is ${this.options.maxBodyBytes}`,
        }),
        { ...cors, Connection: 'close' },
      );
      return;
    }
    if (handler === 'empty') {
      send(res, 200, '', cors);
      return;
    }
    let status = 200;
    let text: string | Buffer;
    const headers = { ...cors };
    try {
      const request = makeRequest(method, url, body, String(req.headers['content-type'] ?? ''));
      const result = await handler(request);
      if (result instanceof RawReply) {
        status = result.status;
        text = result.text;
        if (result.contentType) headers['Content-Type'] = result.contentType;
      } else {
        text = jsonText(result);
      }
    } catch (error) {
      text = jsonText(errorBody(error));
    }
    await turnIfLarge(text.length);
    send(res, status, text, headers);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }
}

/** The request's URL on the origin it was asked for (the Host header passed `hostAllowed`), for links in replies. */
function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    return new URL(req.url ?? '/', 'http://localhost');
  }
}

/**
 * The body as text, null when it exceeds `limit` bytes (the rest is discarded), undefined when the
 * connection closed before the body ended.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null | undefined> {
  return new Promise((resolve) => {
    req.on('close', () => resolve(undefined));
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      req.on('end', () => resolve(null));
      req.on('error', () => resolve(undefined));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      if (tooBig) return;
      size += chunk.length;
      if (size > limit) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooBig) return resolve(null);
      // A body in one chunk (most) is decoded where it lies, without a copy; ASCII (most bodies, all
      // of a transaction's hex) is its own UTF-8 and decodes as Latin-1, a plain copy.
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      resolve(bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8'));
    });
    req.on('error', () => resolve(undefined));
  });
}
