// Web mode: the renderer bundle and the workbench API over HTTP + WebSocket, on 127.0.0.1 only.
// A random token minted per launch guards both: the page URL carries it once, a strict cookie
// carries it for the assets, and the socket must present it. Host and Origin are checked too, so
// other sites (and DNS rebinding) cannot reach the API through the user's browser. A request the
// server cannot make sense of (a target that is no URL, a path that is no percent-encoding) gets a
// 400; nothing a client sends ends the server. API calls from all sockets share the host fairly
// (call-scheduler.ts), and a socket that stops reading costs bounded memory (socket-outbox.ts).

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Workbench } from '../workbench/workbench.ts';
import { serveApiSocket, type ApiSocket } from './api-socket.ts';
import { CallScheduler, DEFAULT_SCHEDULER_LIMITS, type SchedulerLimits } from './call-scheduler.ts';
import { DEFAULT_OUTBOX_LIMITS, type OutboxLimits } from './socket-outbox.ts';
import { answerPlain, serveAsset } from './static-assets.ts';

export interface WebServerOptions {
  workbench: Workbench;
  /** The built renderer (index.html and assets). */
  staticDir: string;
  /** 0 picks a free port. */
  port?: number;
  token?: string;
  /** How much the server holds for a socket; the defaults suit a page (tests make them small). */
  limits?: { calls?: Partial<SchedulerLimits>; outbox?: Partial<OutboxLimits> };
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  /** What the server holds for its sockets now. */
  load(): WebServerLoad;
  close(): Promise<void>;
}

export interface WebServerLoad {
  sockets: number;
  /** Bytes written to sockets and not yet taken by the operating system. */
  unsentBytes: number;
  /** Sockets whose events are held back because they stopped reading. */
  holdingEvents: number;
  /** Calls waiting for their turn. */
  queuedCalls: number;
}

const COOKIE = 'brainbench_token';
/** The largest WebSocket message a client may send (a file being saved, as JSON). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  // Compared as bytes: a token of the right length in characters may be longer in UTF-8.
  const givenBytes = Buffer.from(given);
  const tokenBytes = Buffer.from(token);
  return givenBytes.length === tokenBytes.length && timingSafeEqual(givenBytes, tokenBytes);
}

function cookieToken(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

export function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const root = resolve(options.staticDir);
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const trusted = (request: IncomingMessage) => {
    if (!allowedHosts().has(request.headers.host ?? '')) return false;
    const origin = request.headers.origin;
    return origin === undefined || allowedOrigins().has(origin);
  };

  const server = createServer((request, response) => {
    const url = requestUrl(request);
    if (!url) {
      answerPlain(response, 400, 'bad request: the request target is not a URL');
      return;
    }
    const given = url.searchParams.get('token') ?? cookieToken(request);
    if (!trusted(request) || !sameToken(given ?? undefined, token)) {
      answerPlain(response, 403, 'forbidden: open the URL brainbench printed');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      answerPlain(response, 405, 'method not allowed: the workbench UI is read with GET');
      return;
    }
    serveAsset(root, url.pathname, response, `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const scheduler = new CallScheduler({ ...DEFAULT_SCHEDULER_LIMITS, ...options.limits?.calls });
  const outboxLimits = { ...DEFAULT_OUTBOX_LIMITS, ...options.limits?.outbox };
  const served = new Map<WebSocket, ApiSocket>();
  server.on('upgrade', (request, socket, head) => {
    const url = requestUrl(request);
    if (!url) {
      refuseUpgrade(socket, '400 Bad Request', 'bad request: the request target is not a URL');
      return;
    }
    const origin = request.headers.origin;
    const originOk = origin !== undefined && allowedOrigins().has(origin);
    if (
      url.pathname !== '/api' ||
      !trusted(request) ||
      !originOk ||
      !sameToken(url.searchParams.get('token') ?? cookieToken(request), token)
    ) {
      refuseUpgrade(socket, '403 Forbidden', 'forbidden: open the URL brainbench printed');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      served.set(ws, serveApiSocket(ws, options.workbench, scheduler, outboxLimits));
      ws.on('close', () => served.delete(ws));
    });
  });

  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : 0;
      resolveStart({
        url: `http://127.0.0.1:${port}/?token=${token}`,
        port,
        token,
        load: () => {
          let unsentBytes = 0;
          let holdingEvents = 0;
          for (const [ws, api] of served) {
            unsentBytes += ws.bufferedAmount;
            if (api.outbox.holding) holdingEvents++;
          }
          return { sockets: served.size, unsentBytes, holdingEvents, queuedCalls: scheduler.queued };
        },
        close: () =>
          new Promise<void>((done) => {
            for (const client of sockets.clients) client.terminate();
            sockets.close();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** The request target as a URL; undefined for one that is none (`GET http://[ HTTP/1.1`). */
function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? '/', 'http://127.0.0.1');
  } catch {
    return undefined;
  }
}

/** Answers an upgrade that is not let through. Node hands the socket over without an error handler. */
function refuseUpgrade(socket: Duplex, status: string, text: string): void {
  socket.on('error', () => socket.destroy());
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
