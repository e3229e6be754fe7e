// The built renderer's files for web mode: any path that is not a file of the UI folder gets
// index.html (the app routes itself), nothing outside the folder is served, and a path that is
// not valid percent-encoding is a 400.

import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

export function answerPlain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Serves `pathname` (still percent-encoded) from `root`; `setCookie` goes with the page. */
export function serveAsset(root: string, pathname: string, response: ServerResponse, setCookie: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    answerPlain(response, 400, 'bad request: the path is not valid percent-encoding');
    return;
  }
  const relativePath = normalize(decoded).replace(/^([/\\])+/, '');
  let file = join(root, relativePath || 'index.html');
  if (!file.startsWith(root + sep) && file !== root) {
    answerPlain(response, 403, 'forbidden: outside the workbench UI');
    return;
  }
  if (!isFile(file)) file = join(root, 'index.html');
  if (!isFile(file)) {
    answerPlain(response, 500, 'the workbench UI is not built: run `npm run build`');
    return;
  }
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (file.endsWith('.html')) {
    headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    headers['set-cookie'] = setCookie;
  }
  response.writeHead(200, headers);
  // A file that vanishes or cannot be read after the check ends this response, not the server.
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}
