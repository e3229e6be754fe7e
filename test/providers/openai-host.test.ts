import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import type { HostOp } from '../../main/host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../../main/host-api/wit-types.generated.ts';
import { Host } from '../../main/host/host.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { eventually } from '../tooling/mcp-servers.ts';
import {
  chunk,
  startChatCompletionsServer,
  usageChunk,
  type ChatCompletionsServer,
} from './chat-completions-server.ts';

// The openai provider behind the host: chat-stream pumps into the inbox, chat folds the stream.

describe('openai provider through the host', () => {
  let server: ChatCompletionsServer;
  let host: Host;
  const trace: TraceEvent[] = [];
  const call = (op: HostOp, ...args: unknown[]) => host.call('alice', op, args);
  const inbox = (): EventEnvelope[] => [...host.bus.inbox('alice').peek()];
  const ofHandle = (uuid: string) =>
    trace.flatMap((e) =>
      (e.type === 'opened' || e.type === 'closed') && e.uuid === uuid
        ? [`${e.type} ${e.type === 'closed' ? e.reason : ''}`]
        : [],
    );
  const user = [{ role: 'user', content: 'hi' }];

  before(async () => {
    server = await startChatCompletionsServer({
      hello: { events: [chunk({ content: 'Hel' }), chunk({ content: 'lo' }, 'stop'), usageChunk(3, 2)] },
      failing: { events: [chunk({ content: 'par' }), { error: { message: 'upstream died' } }] },
      stall: { events: [chunk({ content: 'wait' })], end: 'stall' },
      json: {
        events: [],
        json: {
          id: 'c',
          object: 'chat.completion',
          created: 0,
          model: 'json',
          choices: [{ index: 0, message: { role: 'assistant', content: 'from JSON' }, finish_reason: 'stop' }],
        },
      },
      empty: { events: [] },
    });
    const dir = mkdtempSync(join(tmpdir(), 'brainbench-openai-host-'));
    writeFileSync(
      join(dir, 'omw.toml'),
      `[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "a.js"\n` +
        `[providers.local]\nkind = "openai"\nbase_url = "${server.origin}/v1"\nmodel = "hello"\nmax_retries = 0\n`,
    );
    host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
    host.trace.subscribe((e) => trace.push(e));
    host.prepareIteration('alice');
  });
  after(async () => {
    await host.close();
    await server.close();
  });

  it('streams deltas into the inbox, then chat-end, and closes the stream ended', async () => {
    const uuid = (await call('provider.chat-stream', 'local', '', user, [], '{"temperature":0}')) as string;
    await eventually(() => inbox().some((e) => e.event.kind === 'chat-end'), 'chat-end');
    assert.deepEqual(
      host.bus
        .inbox('alice')
        .peek()
        .map((e) => [e.id === uuid, e.event]),
      [
        [true, { kind: 'chat-delta', data: { content: 'Hel' } }],
        [true, { kind: 'chat-delta', data: { content: 'lo', finish_reason: 'stop' } }],
        [
          true,
          { kind: 'chat-delta', data: { usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 3 + 2 } } },
        ],
        [true, { kind: 'chat-end' }],
      ],
    );
    host.bus.inbox('alice').clear();
    assert.deepEqual(ofHandle(uuid), ['opened ', 'closed ended']);
    assert.equal(server.requests.at(-1)!.body!['temperature'], 0);
  });

  it('a blocking chat returns the assembled answer', async () => {
    assert.deepEqual(await call('provider.chat', 'local', 'hello', user, []), {
      content: 'Hello',
      tool_calls: [],
      finish_reason: 'stop',
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
    });
  });

  it('a blocking chat answered with a JSON completion returns it; an empty answer is an error naming the provider', async () => {
    assert.deepEqual(await call('provider.chat', 'local', 'json', user, []), {
      content: 'from JSON',
      tool_calls: [],
      finish_reason: 'stop',
    });
    await assert.rejects(call('provider.chat', 'local', 'empty', user, []), {
      name: 'HostCallError',
      message: 'provider "local": the server answered with an empty stream',
    });
    const failed = trace.findLast((e) => e.type === 'result');
    assert.match(JSON.stringify(failed), /provider \\"local\\": the server answered with an empty stream/);
  });

  it('a stream that fails mid-way delivers its deltas, then error, and closes failed', async () => {
    const uuid = (await call('provider.chat-stream', 'local', 'failing', user, [])) as string;
    await eventually(() => inbox().some((e) => e.event.kind === 'error'), 'the error event');
    assert.deepEqual(
      host.bus
        .inbox('alice')
        .peek()
        .map((e) => e.event.kind),
      ['chat-delta', 'error'],
    );
    assert.match(JSON.stringify(inbox()[1]!.event), /upstream died/);
    host.bus.inbox('alice').clear();
    assert.deepEqual(ofHandle(uuid), ['opened ', 'closed failed']);
    assert.equal(host.backends()[0]!.status!.state, 'failed');
  });

  it('cancel aborts the HTTP request and nothing more arrives', async () => {
    const uuid = (await call('provider.chat-stream', 'local', 'stall', user, [])) as string;
    await eventually(() => inbox().length === 1, 'the first delta');
    assert.equal(await call('provider.is-open', 'local', uuid), true);
    await call('provider.cancel', 'local', uuid);
    await server.clientGone('stall');
    assert.equal(await call('provider.is-open', 'local', uuid), false);
    assert.deepEqual(ofHandle(uuid), ['opened ', 'closed cancelled']);
    assert.deepEqual(
      inbox().map((e) => e.event.kind),
      ['chat-delta'],
    );
    host.bus.inbox('alice').clear();
  });

  it('lists models and restarts on request', async () => {
    assert.deepEqual(await call('provider.list-models', 'local'), ['hello', 'failing', 'stall', 'json', 'empty']);
    await host.restartBackend('providers', 'local');
    assert.deepEqual(host.backends()[0]!.status, { ...host.backends()[0]!.status!, state: 'idle', restarts: 1 });
  });
});
