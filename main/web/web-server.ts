// Web mode: the renderer bundle and the workbench API over HTTP + WebSocket, on 127.0.0.1 only.
// A random token minted per launch guards both: the page URL carries it once, a strict cookie
// carries it for the assets, and the socket must present it. Host and Origin are checked too, so
// other sites (and DNS rebinding) cannot reach the API through the user's browser.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ServerMessage } from '../../contract/messages.ts';
import { dispatchRequest, isApiRequest } from '../workbench/api-dispatch.ts';
import type { Workbench } from '../workbench/workbench.ts';

export interface WebServerOptions {
  workbench: Workbench;
  /** The built renderer (index.html and assets). */
  staticDir: string;
  /** 0 picks a free port. */
  port?: number;
  token?: string;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const COOKIE = 'brainbench_token';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Same policy as the Electron window; `img-src data:` is where Monaco's squiggles come from. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "font-src 'self' data:",
  "img-src 'self' data:",
].join('; ');

function sameToken(given: string | undefined, token: string): boolean {
  if (!given || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
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
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const given = url.searchParams.get('token') ?? cookieToken(request);
    if (!trusted(request) || !sameToken(given ?? undefined, token)) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden: open the URL brainbench printed\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    serveStatic(root, url.pathname, response, token);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const origin = request.headers.origin;
    const originOk = origin !== undefined && allowedOrigins().has(origin);
    if (
      url.pathname !== '/api' ||
      !trusted(request) ||
      !originOk ||
      !sameToken(url.searchParams.get('token') ?? cookieToken(request), token)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => connect(ws, options.workbench));
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

function connect(ws: WebSocket, workbench: Workbench): void {
  const send = (message: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = workbench.subscribe((event) => send({ kind: 'event', event }));
  ws.on('close', unsubscribe);
  ws.on('message', (data) => {
    let request: unknown;
    try {
      request = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (!isApiRequest(request)) {
      const id = (request as { id?: unknown }).id;
      if (typeof id === 'number') send({ kind: 'response', id, ok: false, error: 'unknown request' });
      return;
    }
    void dispatchRequest(workbench, request).then((answer) => send({ kind: 'response', ...answer }));
  });
}

function serveStatic(root: string, pathname: string, response: ServerResponse, token: string): void {
  const relativePath = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  let file = join(root, relativePath || 'index.html');
  if (!file.startsWith(root + sep) && file !== root) {
    response.writeHead(403).end();
    return;
  }
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
  if (!existsSync(file)) {
    response
      .writeHead(500, { 'content-type': 'text/plain' })
      .end('the workbench UI is not built: run `npm run build`\n');
    return;
  }
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (file.endsWith('.html')) {
    headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    headers['set-cookie'] = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
  }
  response.writeHead(200, headers);
  createReadStream(file).pipe(response);
}
