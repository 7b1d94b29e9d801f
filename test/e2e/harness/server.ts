import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy, replaceCspMeta } from '../../../src-main/app/csp';
import { resolveAppFile, responseHeaders } from '../../../src-main/app/app-url';
import type { IpcRegistry } from '../../../src-main/ipc/registry';
import type { EventListener } from '../../../src-main/ipc/events';
import type { SenderInfo } from '../../../src-main/ipc/sender';
import { decodeWire, encodeWire, type CallMessage, type ServerMessage } from './wire';

export interface BridgeServerOptions {
  readonly rendererRoot: string;
  /** Built once the origin is known, because the sender check needs it. */
  readonly createRegistry: (origin: string) => IpcRegistry;
  readonly subscribeEvents: (listener: EventListener) => () => void;
}

export interface BridgeServer {
  /** `http://127.0.0.1:<port>`: the page origin, playing the part of app://wallet. */
  readonly origin: string;
  readonly socketUrl: string;
  /** The policy sent with every file; production's, except `connect-src` allows the bridge socket. */
  readonly csp: string;
  readonly registry: IpcRegistry;
  /** How many bridge sockets have been accepted so far (one per page load). */
  readonly acceptedSockets: number;
  /** Resolves once more than `count` sockets have been accepted. */
  waitForSockets(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function sameToken(given: string | null, expected: string): boolean {
  if (given === null || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * One loopback HTTP server: the built renderer with the app's CSP and path checks, and on the same
 * port a WebSocket that forwards contract calls to the real handler registry. The socket accepts
 * only connections from the page origin that present the random token.
 */
export async function startBridgeServer(options: BridgeServerOptions): Promise<BridgeServer> {
  const token = randomBytes(32).toString('hex');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const socketBase = `ws://127.0.0.1:${port}`;
  const socketUrl = `${socketBase}/bridge?token=${token}`;
  const csp = contentSecurityPolicy({ connectSources: [socketBase] });
  const metaCsp = contentSecurityPolicy({ delivery: 'meta', connectSources: [socketBase] });
  const registry = options.createRegistry(origin);
  let accepted = 0;
  const socketWaiters = new Set<() => void>();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void serveFile(request, response);
  });

  async function serveFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    // The same path check as the app:// handler, with this server's origin.
    const lookup = resolveAppFile(options.rendererRoot, `${origin}${request.url ?? '/'}`, origin);
    if (!lookup.ok) {
      response.writeHead(lookup.status).end();
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(lookup.path);
    } catch {
      response.writeHead(404).end();
      return;
    }
    if (lookup.path.endsWith('.html')) body = Buffer.from(replaceCspMeta(body.toString('utf8'), metaCsp));
    response.writeHead(200, responseHeaders(lookup.path, csp));
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', origin);
    if (
      url.pathname !== '/bridge' ||
      !sameToken(url.searchParams.get('token'), token) ||
      request.headers.origin !== origin
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => attach(ws));
  });

  function send(ws: WebSocket, message: ServerMessage): void {
    if (ws.readyState === ws.OPEN) ws.send(encodeWire(message));
  }

  function attach(ws: WebSocket): void {
    const unsubscribe = options.subscribeEvents((event, payload) => send(ws, { type: 'event', event, payload }));
    ws.on('close', unsubscribe);
    accepted++;
    for (const wake of [...socketWaiters]) wake();
    ws.on('message', (data) => {
      let call: CallMessage;
      try {
        call = decodeWire(String(data)) as CallMessage;
      } catch {
        ws.close(1003, 'not JSON');
        return;
      }
      if (call?.type !== 'call' || typeof call.id !== 'number' || typeof call.channel !== 'string') {
        ws.close(1003, 'not a call');
        return;
      }
      // What Electron's senderFrame tells main; here the socket is already authenticated (token and
      // Origin header), and the frame facts come from the injected script.
      const sender: SenderInfo = {
        url: typeof call.frame?.url === 'string' ? call.frame.url : null,
        isTopFrame: call.frame?.top === true,
        isAppWindow: true,
      };
      void registry
        .call(call.channel, call.args, sender)
        .then((result) => send(ws, { type: 'result', id: call.id, result }));
    });
  }

  return {
    origin,
    socketUrl,
    csp,
    registry,
    get acceptedSockets() {
      return accepted;
    },
    waitForSockets(count, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          socketWaiters.delete(check);
          reject(new Error(`The page did not open its bridge socket within ${timeoutMs} ms.`));
        }, timeoutMs);
        function check(): void {
          if (accepted <= count) return;
          clearTimeout(timer);
          socketWaiters.delete(check);
          resolve();
        }
        socketWaiters.add(check);
        check();
      });
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
