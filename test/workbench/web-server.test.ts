// Web mode's guard: the per-launch token, the Host check and the Origin check, for pages and for
// the API socket, against a real server and a real Workbench.

import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { WebServer } from '../../main/web/web-server.ts';
import { startWebFixture, type WebFixture } from './web-fixture.ts';

let fixture: WebFixture;
let server: WebServer;

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, headers: { host: `127.0.0.1:${server.port}`, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function openSocket(query: string, origin: string | undefined): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api${query}`, origin ? { origin } : {});
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('web mode server', () => {
  before(async () => {
    fixture = await startWebFixture();
    ({ server } = fixture);
  });
  after(() => fixture.close());

  it('listens on 127.0.0.1 and prints a URL with the token', () => {
    assert.match(server.url, new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=${server.token}$`));
    assert.ok(server.token.length >= 32);
  });

  it('serves the page only with the token, and hands the token on as a strict cookie', async () => {
    assert.equal((await get('/')).status, 403);
    assert.equal((await get('/?token=wrong')).status, 403);
    const page = await get(`/?token=${server.token}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>ui<\/title>/);
    assert.match(
      String(page.headers['set-cookie']),
      new RegExp(`brainbench_token=${server.token}; HttpOnly; SameSite=Strict`),
    );
    assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
    const asset = await get('/app.js', { cookie: `brainbench_token=${server.token}` });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['content-type'], 'text/javascript; charset=utf-8');
  });

  it('refuses another Host (DNS rebinding) or a foreign Origin even with the token', async () => {
    assert.equal((await get(`/?token=${server.token}`, { host: 'evil.example:80' })).status, 403);
    assert.equal((await get(`/?token=${server.token}`, { origin: 'http://evil.example' })).status, 403);
  });

  it('does not serve files outside the UI folder', async () => {
    const escaped = await get(`/..%2fsecret.txt?token=${server.token}`);
    assert.doesNotMatch(escaped.body, /not for the browser/);
  });

  it('opens the API socket only with the token and our Origin, then answers requests', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    await assert.rejects(openSocket('', origin));
    await assert.rejects(openSocket(`?token=${server.token}`, 'http://evil.example'));
    await assert.rejects(openSocket(`?token=${server.token}`, undefined));
    const socket = await openSocket(`?token=${server.token}`, origin);
    const answers: unknown[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(data.toString())));
    socket.send(JSON.stringify({ id: 1, method: 'workspace', params: [] }));
    socket.send(JSON.stringify({ id: 2, method: 'nope', params: [] }));
    socket.send(JSON.stringify({ id: 3, method: 'step', params: ['a'] }));
    const deadline = Date.now() + 15_000;
    const responded = () => answers.filter((a) => (a as { kind: string }).kind === 'response').length >= 3;
    // Trace events are batched, so they may follow the step's answer by a few milliseconds.
    const traced = () => answers.some((a) => (a as { event?: { type: string } }).event?.type === 'trace');
    while (!(responded() && traced()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    socket.close();
    const responses = new Map(
      answers
        .filter((a) => (a as { kind: string }).kind === 'response')
        .map((a) => [(a as { id: number }).id, a as Record<string, unknown>]),
    );
    assert.equal((responses.get(1)?.result as { agents: { name: string }[] }).agents[0]?.name, 'a');
    assert.deepEqual(responses.get(2), { kind: 'response', id: 2, ok: false, error: 'unknown method "nope"' });
    assert.deepEqual(responses.get(3)?.result, { kind: 'outcome', outcome: { exited: '42' } });
    assert.ok(
      answers.some((a) => (a as { kind: string; event?: { type: string } }).event?.type === 'trace'),
      'trace events are pushed',
    );
  });
});
