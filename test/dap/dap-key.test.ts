// Over TCP `brainbench dap` is a door anyone on the machine can knock on: a real adapter refuses
// every request before a launch carrying its token, and any bytes that are not DAP frames, and
// the config behind a refused launch never runs (its stdio MCP command would leave a canary).

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { canaryWorkspace, exchange, frame, startDapServer, tcpClient, type DapServer } from './dap-tcp.ts';

const INITIALIZE = { adapterID: 'brainbench', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true };
/** Long enough for a launched config's MCP command to have run (it runs within milliseconds). */
const SETTLE_MS = 1500;

const framed = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

function failedResponse(messages: DebugProtocol.ProtocolMessage[], command: string): DebugProtocol.Response {
  const response = messages.find(
    (m): m is DebugProtocol.Response => m.type === 'response' && (m as DebugProtocol.Response).command === command,
  );
  assert.ok(response, `a response to ${command}: ${JSON.stringify(messages)}`);
  assert.equal(response.success, false, JSON.stringify(response));
  return response;
}

describe('brainbench dap --port: the token', () => {
  let server: DapServer;
  before(async () => {
    server = await startDapServer();
  });
  after(() => server.stop());

  it('prints a fresh 256-bit token with the address, in one line', async () => {
    assert.match(server.token, /^[0-9a-f]{64}$/);
    const other = await startDapServer();
    await other.stop();
    assert.notEqual(other.token, server.token);
  });

  it('refuses a launch without the token, closes the connection, and runs nothing', async () => {
    const { config, canary } = await canaryWorkspace();
    const result = await exchange(server.port, frame('initialize', INITIALIZE) + frame('launch', { config }));
    assert.equal(result.closed, true);
    assert.match(failedResponse(result.messages, 'launch').message ?? '', /token is missing or wrong/);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    assert.equal(existsSync(canary), false, 'the config ran');
  });

  it('refuses a launch with a wrong token, closes the connection, and runs nothing', async () => {
    const { config, canary } = await canaryWorkspace();
    const wrong = (server.token[0] === 'a' ? 'b' : 'a') + server.token.slice(1);
    for (const token of [wrong, server.token.slice(0, 32), 42, { token: server.token }]) {
      const result = await exchange(server.port, frame('initialize', INITIALIZE) + frame('launch', { config, token }));
      assert.equal(result.closed, true, `connection closed for token ${JSON.stringify(token)}`);
      failedResponse(result.messages, 'launch');
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    assert.equal(existsSync(canary), false, 'the config ran');
  });

  it('refuses any request but initialize before the launch, and reads nothing after it', async () => {
    const { config, canary } = await canaryWorkspace();
    for (const command of ['configurationDone', 'threads', 'setBreakpoints', 'disconnect', 'evaluate']) {
      // The launch with the right token comes after the refused request: it must never be read.
      const bytes = frame(command, {}) + frame('launch', { config, token: server.token });
      const result = await exchange(server.port, bytes);
      assert.equal(result.closed, true, `connection closed after ${command}`);
      assert.match(failedResponse(result.messages, command).message ?? '', /before a launch or attach with the token/);
      assert.equal(
        result.messages.some((m) => (m as DebugProtocol.Response).command === 'launch'),
        false,
        `the launch after ${command} was not read`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    assert.equal(existsSync(canary), false, 'the config ran');
  });

  it('ends a connection that sends an HTTP request line, without answering', async () => {
    const { config, canary } = await canaryWorkspace();
    const json = JSON.stringify({ seq: 1, type: 'request', command: 'launch', arguments: { config } });
    for (const request of [
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
      // What the adapter's own parser took for a launch: the HTTP request's Content-Length framed the JSON.
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
    ]) {
      const result = await exchange(server.port, request);
      assert.equal(result.closed, true, `closed: ${request.split('\r\n')[0]}`);
      assert.deepEqual(result.messages, []);
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    assert.equal(existsSync(canary), false, 'the config ran');
    assert.match(
      server.stderr(),
      /closed the connection from 127\.0\.0\.1:\d+: not a DAP frame: it starts "POST \/ HTTP\/1\.1"/,
    );
  });

  it('ends a connection whose frame is not DAP: a bad length, a body that is not a JSON request', async () => {
    for (const bytes of [
      'Content-Length: abc\r\n\r\n{}',
      'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      'Content-Length: 999999999\r\n\r\n',
      'Content-Length: 5\r\n\r\nhello',
      'Content-Length: 2\r\n\r\n[]',
      framed('{"seq":1,"type":"event","event":"stopped"}'),
      framed('{"seq":1,"type":"request","command":"launch","arguments":["config"]}'),
      framed('{"type":"request","command":"launch"}'),
      Buffer.concat([Buffer.from('Content-Length: 3\r\n\r\n'), Buffer.from([0x7b, 0xff, 0x7d])]),
      `Content-Length: 100\r\n${' '.repeat(100)}`,
    ]) {
      const result = await exchange(server.port, bytes);
      assert.equal(result.closed, true, `closed: ${JSON.stringify(String(bytes).slice(0, 40))}`);
      assert.deepEqual(result.messages, []);
    }
  });

  it('answers initialize before the token, and serves the protocol once the launch carries it', async () => {
    const { config, canary } = await canaryWorkspace();
    const client = await tcpClient(server.port);
    try {
      const initialized = client.waitForEvent('initialized');
      const init = await client.initializeRequest();
      assert.equal(init.body?.supportsConfigurationDoneRequest, true);
      await client.launchRequest({ config, token: server.token } as DebugProtocol.LaunchRequestArguments);
      await initialized;
      const threads = await client.threadsRequest();
      assert.deepEqual(
        threads.body.threads.map((t) => t.name),
        ['asker'],
      );
      const exited = client.waitForEvent('exited');
      await client.configurationDoneRequest();
      assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 0);
    } finally {
      await client.stop();
    }
    // The canary's config is the user's own here: with the token it runs, which shows it would have.
    assert.equal(existsSync(canary), true);
  });
});
