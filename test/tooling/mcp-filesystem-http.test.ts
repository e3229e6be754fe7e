import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { McpTooling } from '../../main/tooling/mcp/mcp-tooling.ts';
import {
  EVERYTHING_SERVER,
  FILESYSTEM_SERVER,
  RecordingDelivery,
  TEST_BACKOFF,
  freePort,
  startHttpServer,
} from './mcp-servers.ts';

const signal = () => AbortSignal.timeout(10_000);
const text = (content: string): string => JSON.parse(content)[0].text;

describe('mcp tooling against server-filesystem on a temporary folder', () => {
  const folder = mkdtempSync(join(tmpdir(), 'brainbench-fs-'));
  let tooling: McpTooling;
  before(() => {
    writeFileSync(join(folder, 'notes.txt'), 'buy milk\n');
    // The server is started in the folder and allowed `.`: the stdio `cwd` is honoured.
    tooling = new McpTooling(
      'files',
      { transport: 'stdio', command: process.execPath, args: [FILESYSTEM_SERVER, '.'], env: {}, cwd: folder },
      { cwd: folder, backoff: TEST_BACKOFF },
    );
  });
  after(() => tooling.close());

  it('reads, writes and lists through tools', async () => {
    const read = await tooling.callTool(
      'read_text_file',
      JSON.stringify({ path: join(folder, 'notes.txt') }),
      signal(),
    );
    assert.equal(text(read.content), 'buy milk\n');
    await tooling.callTool(
      'write_file',
      JSON.stringify({ path: join(folder, 'todo.txt'), content: 'call mum' }),
      signal(),
    );
    assert.equal(readFileSync(join(folder, 'todo.txt'), 'utf8'), 'call mum');
    const delivery = new RecordingDelivery();
    tooling.startToolCall('list_directory', JSON.stringify({ path: folder }), delivery);
    const listing = await delivery.next();
    assert.equal(listing.kind, 'tool-result');
    assert.match(
      listing.kind === 'tool-result' ? text(listing.data.content) : '',
      /\[FILE\] notes\.txt[\s\S]*\[FILE\] todo\.txt/,
    );
    assert.equal(delivery.closed, 'ended');
    assert.equal(tooling.status().protocolRevision, '2025-11-25');
  });

  it('refuses a path outside the folder with the server message', async () => {
    await assert.rejects(
      tooling.callTool('read_text_file', JSON.stringify({ path: '/etc/hostname' }), signal()),
      /outside allowed directories|Access denied/i,
    );
  });

  it('a server without resources fails resource calls rather than inventing an empty list', async () => {
    await assert.rejects(tooling.listResources(signal()), /does not support resources/);
  });
});

/** server-everything over Streamable HTTP on `port`, once it listens. */
function httpServer(port: number): Promise<ChildProcess> {
  return startHttpServer([EVERYTHING_SERVER, 'streamableHttp'], { PORT: String(port) });
}

describe('mcp tooling over Streamable HTTP', () => {
  let server: ChildProcess;
  let tooling: McpTooling;
  before(async () => {
    const port = await freePort();
    server = await httpServer(port);
    tooling = new McpTooling(
      'remote',
      { transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { 'X-Test': 'yes' }, auth_token: 'secret' },
      { cwd: undefined, backoff: TEST_BACKOFF },
    );
  });
  after(async () => {
    await tooling.close();
    server.kill();
  });

  it('lists and calls tools, blocking and queued', async () => {
    const tools = await tooling.listTools(signal());
    assert.ok(tools.some((t) => t.name === 'echo'));
    assert.equal(
      text((await tooling.callTool('echo', '{"message":"over http"}', signal())).content),
      'Echo: over http',
    );
    const delivery = new RecordingDelivery();
    tooling.startToolCall('get-sum', '{"a":40,"b":2}', delivery);
    const result = await delivery.next();
    assert.match(result.kind === 'tool-result' ? text(result.data.content) : '', /42/);
    assert.equal(tooling.status().state, 'ready');
    assert.equal(tooling.status().pid, undefined);
  });

  it('shows an unreachable server as failed, and ready once it answers again', async () => {
    const port = await freePort();
    const down = new McpTooling(
      'down',
      { transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} },
      { cwd: undefined, backoff: { startMs: 5000, capMs: 5000 } },
    );
    try {
      await assert.rejects(down.listTools(signal()), /MCP server "down"/);
      assert.equal(down.status().state, 'failed');
      assert.match(down.status().detail ?? '', /failed to start/);
    } finally {
      await down.close();
    }
  });

  it('delivers resource updates the server pushes on its SSE stream', async () => {
    const watcher = new RecordingDelivery();
    await tooling.subscribeResource('demo://resource/dynamic/text/3', watcher);
    await tooling.callTool('toggle-subscriber-updates', '{}', signal());
    try {
      const update = await watcher.next();
      assert.equal(update.kind, 'resource-updated');
    } finally {
      tooling.stop(watcher.uuid);
      await tooling.callTool('toggle-subscriber-updates', '{}', signal());
    }
  });

  it('a server that goes away mid-session shows as failed with the reason', async () => {
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
    await assert.rejects(tooling.callTool('echo', '{"message":"anyone?"}', signal()));
    assert.equal(tooling.status().state, 'failed');
    assert.match(tooling.status().detail ?? '', /MCP server "remote" is unreachable/);
  });
});

describe('an HTTP server that restarts', () => {
  it('gets a new session on the next call, which then succeeds', async () => {
    const port = await freePort();
    let server = await httpServer(port);
    const tooling = new McpTooling(
      'flaky',
      { transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} },
      { cwd: undefined, backoff: TEST_BACKOFF },
    );
    try {
      assert.equal(text((await tooling.callTool('echo', '{"message":"one"}', signal())).content), 'Echo: one');
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await stopped;
      server = await httpServer(port);
      // The new server has never heard of the old session.
      assert.equal(text((await tooling.callTool('echo', '{"message":"two"}', signal())).content), 'Echo: two');
      assert.equal(tooling.status().state, 'ready');
      assert.equal(tooling.status().restarts, 1);
    } finally {
      await tooling.close();
      server.kill();
    }
  });
});
