import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { McpTooling } from '../../main/tooling/mcp/mcp-tooling.ts';
import { EVERYTHING_SERVER, RecordingDelivery, TEST_BACKOFF, eventually } from './mcp-servers.ts';

// The reference "everything" server over stdio: tools, resources and subscriptions.

const signal = () => AbortSignal.timeout(10_000);

function everything(): McpTooling {
  return new McpTooling(
    'everything',
    { transport: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], env: {} },
    { cwd: undefined, backoff: TEST_BACKOFF },
  );
}

describe('mcp tooling against server-everything (stdio)', () => {
  let tooling: McpTooling;
  before(() => {
    tooling = everything();
  });
  after(() => tooling.close());

  it('lists tools with JSON schemas and reports a running server', async () => {
    const tools = await tooling.listTools(signal());
    const sum = tools.find((t) => t.name === 'get-sum');
    assert.ok(sum, 'get-sum is listed');
    assert.equal(JSON.parse(sum.input_schema).properties.a.type, 'number');
    const status = tooling.status();
    assert.equal(status.state, 'ready');
    assert.equal(typeof status.pid, 'number');
  });

  it('answers blocking calls with the content array and structured content as JSON text', async () => {
    const sum = await tooling.callTool('get-sum', '{"a":2,"b":3}', signal());
    assert.equal(sum.name, 'get-sum');
    assert.equal(sum.arguments, '{"a":2,"b":3}');
    assert.match(JSON.parse(sum.content)[0].text, /5/);
    const weather = await tooling.callTool('get-structured-content', '{"location":"Chicago"}', signal());
    assert.equal(typeof JSON.parse(weather.structured_content!).temperature, 'number');
  });

  it('turns a tool error into the call error', async () => {
    await assert.rejects(tooling.callTool('get-sum', '{"a":"x"}', signal()), /a|number/i);
    await assert.rejects(tooling.callTool('no-such-tool', 'null', signal()), /no-such-tool/);
  });

  it('delivers a queued call as a tool-result and closes it ended; a failed one as error, closed failed', async () => {
    const ok = new RecordingDelivery();
    tooling.startToolCall('echo', '{"message":"hi"}', ok);
    const event = await ok.next();
    assert.equal(event.kind, 'tool-result');
    assert.equal(event.kind === 'tool-result' && JSON.parse(event.data.content)[0].text, 'Echo: hi');
    assert.equal(ok.closed, 'ended');

    const bad = new RecordingDelivery();
    tooling.startToolCall('no-such-tool', '{}', bad);
    assert.equal((await bad.next()).kind, 'error');
    assert.equal(bad.closed, 'failed');
  });

  it('a cancelled queued call delivers nothing', async () => {
    const delivery = new RecordingDelivery();
    tooling.startToolCall('trigger-long-running-operation', '{"duration":2,"steps":2}', delivery);
    await eventually(() => tooling.status().inFlight === 1, 'the call to be in flight');
    tooling.stop(delivery.uuid);
    delivery.close('cancelled');
    await eventually(() => tooling.status().inFlight === 0, 'the call to be cancelled');
    assert.deepEqual(delivery.events, []);
  });

  it('a blocking call honours its abort signal', async () => {
    const controller = new AbortController();
    const call = tooling.callTool('trigger-long-running-operation', '{"duration":3,"steps":3}', controller.signal);
    setTimeout(() => controller.abort(new Error('agent stopped')), 100);
    const started = Date.now();
    await assert.rejects(call, /agent stopped/);
    assert.ok(Date.now() - started < 1000);
    assert.equal(tooling.status().inFlight, 0);
  });

  it('reads text resources as text and binary ones as base64 with their MIME type', async () => {
    const resources = await tooling.listResources(signal());
    const doc = resources.find(
      (r) => r.uri.startsWith('demo://resource/static/document/') && r.mime_type === 'text/markdown',
    );
    assert.ok(doc, 'a markdown document is listed');
    const text = await tooling.readResource(doc.uri, signal());
    assert.equal(text.mime_type, 'text/markdown');
    assert.match(text.content, /\w/);
    const blob = await tooling.readResource('demo://resource/dynamic/blob/1', signal());
    assert.match(Buffer.from(blob.content, 'base64').toString('utf8'), /^Resource 1: This is a base64 blob/);
  });

  it('delivers fresh content when the server notifies a subscribed resource, and stops after unsubscribe', async () => {
    const uri = 'demo://resource/dynamic/text/1';
    const first = new RecordingDelivery();
    const second = new RecordingDelivery();
    await tooling.subscribeResource(uri, first);
    await tooling.subscribeResource(uri, second);
    await tooling.callTool('toggle-subscriber-updates', '{}', signal());
    try {
      const update = await first.next(1);
      assert.equal(update.kind, 'resource-updated');
      assert.equal(update.kind === 'resource-updated' && update.data.uri, uri);
      assert.match(
        update.kind === 'resource-updated' ? update.data.content : '',
        /^Resource 1: This is a plaintext resource/,
      );
      assert.equal((await second.next(1)).kind, 'resource-updated');
      tooling.stop(first.uuid);
      tooling.stop(second.uuid);
      const delivered = first.events.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(first.events.length, delivered);
    } finally {
      await tooling.callTool('toggle-subscriber-updates', '{}', signal());
    }
  });

  it('delivers the fresh resource list when the server says it changed', async () => {
    const watcher = new RecordingDelivery();
    tooling.subscribeResourceList(watcher);
    const data = `data:text/plain;base64,${Buffer.from('hello brainbench').toString('base64')}`;
    await tooling.callTool('gzip-file-as-resource', JSON.stringify({ name: 'hello.txt.gz', data }), signal());
    const update = await watcher.next();
    assert.equal(update.kind, 'resource-list-updated');
    const listed =
      update.kind === 'resource-list-updated' ? update.data.find((r) => r.name === 'hello.txt.gz') : undefined;
    assert.ok(listed, 'the new session resource is listed');
    const gz = await tooling.readResource(listed.uri, signal());
    assert.equal(gz.mime_type, 'application/gzip');
    assert.equal(Buffer.from(gz.content, 'base64')[0], 0x1f, 'gzip magic byte');
    tooling.stop(watcher.uuid);
  });
});

describe('mcp tooling when its server crashes', () => {
  it('fails pending calls clearly, shows the crash, reconnects and leaves other tooling alone', async () => {
    const victim = everything();
    const bystander = everything();
    try {
      await victim.listTools(signal());
      await bystander.listTools(signal());
      const watcher = new RecordingDelivery();
      await victim.subscribeResource('demo://resource/dynamic/text/2', watcher);
      const pending = victim.callTool('trigger-long-running-operation', '{"duration":5,"steps":1}', signal());
      const queued = new RecordingDelivery();
      victim.startToolCall('trigger-long-running-operation', '{"duration":5,"steps":1}', queued);
      const pid = victim.status().pid!;
      process.kill(pid, 'SIGKILL');

      await assert.rejects(pending, /MCP server "everything" exited/);
      const failure = await queued.next();
      assert.equal(failure.kind, 'error');
      assert.match(failure.kind === 'error' ? failure.data : '', /exited/);
      assert.equal(queued.closed, 'failed');

      await eventually(() => victim.status().state === 'ready', 'the reconnect');
      const status = victim.status();
      assert.equal(status.restarts, 1);
      assert.notEqual(status.pid, pid);
      assert.match(JSON.parse((await victim.callTool('echo', '{"message":"back"}', signal())).content)[0].text, /back/);
      // The subscription carried over to the new session.
      await victim.callTool('toggle-subscriber-updates', '{}', signal());
      assert.equal((await watcher.next(1)).kind, 'resource-updated');
      await victim.callTool('toggle-subscriber-updates', '{}', signal());

      assert.equal(bystander.status().restarts, 0);
      assert.match(
        JSON.parse((await bystander.callTool('echo', '{"message":"fine"}', signal())).content)[0].text,
        /fine/,
      );
    } finally {
      await Promise.all([victim.close(), bystander.close()]);
    }
  });

  it('restart starts a new server process; close stops it', async () => {
    const tooling = everything();
    await tooling.listTools(signal());
    const before = tooling.status().pid;
    await tooling.restart();
    assert.equal(tooling.status().state, 'ready');
    assert.notEqual(tooling.status().pid, before);
    assert.equal(tooling.status().restarts, 1);
    await tooling.close();
    assert.equal(tooling.status().state, 'stopped');
    await assert.rejects(tooling.listTools(signal()), /closed/);
  });

  it('a server that cannot start shows as failed with the reason', async () => {
    const broken = new McpTooling(
      'broken',
      {
        transport: 'stdio',
        command: process.execPath,
        args: ['-e', 'console.error("no config"); process.exit(3)'],
        env: {},
      },
      { cwd: undefined, backoff: { startMs: 5000, capMs: 5000 } },
    );
    try {
      await assert.rejects(broken.listTools(signal()), /MCP server "broken"/);
      await eventually(() => broken.status().state === 'failed', 'the failed state');
      assert.match(broken.status().detail ?? '', /no config/);
    } finally {
      await broken.close();
    }
  });
});
