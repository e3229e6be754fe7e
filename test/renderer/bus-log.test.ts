import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { Host } from '../../main/host/host.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { busView, groupSummary, rowDurationMs } from '../../renderer/src/features/bus/bus-view.ts';
import { TraceLog } from '../../renderer/src/shared/trace/trace-log.ts';

// The bus inspector's model fed by a real host's trace: deliveries, receipts, sends, requests.

function host(config = ''): { host: Host; log: TraceLog; events: TraceEvent[] } {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bus-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "a.js"\n[agents.bob]\nruntime = "js"\nscript = "b.js"\n${config}`,
  );
  const h = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const log = new TraceLog();
  const events: TraceEvent[] = [];
  h.trace.subscribe((e) => {
    events.push(e);
    log.add([e]);
  });
  h.prepareIteration('alice');
  h.prepareIteration('bob');
  return { host: h, log, events };
}

const states = (log: TraceLog) => log.bus.map((r) => `${r.state} ${r.kind} ${r.source}→${r.target}`);

describe('bus rows from a real host', () => {
  it('marks a message pending in the inbox, then consumed when received; the send is listed too', async () => {
    const { host: h, log, events } = host();
    await h.call('bob', 'host.subscribe-agent', ['alice']);
    await h.call('alice', 'host.send-agent', ['bob', '{"order":42}']);
    assert.deepEqual(
      events.filter((e) => e.type === 'delivered').map((e) => e.agent),
      ['bob'],
      'the host traces the delivery',
    );
    assert.deepEqual(states(log), ['sent message alice→bob', 'pending message alice→bob']);
    assert.equal(log.bus[0]!.payload, '{"order":42}', "the sent row carries the payload from the call's result");
    await h.call('bob', 'host.try-recv', []);
    assert.deepEqual(states(log), ['sent message alice→bob', 'consumed message alice→bob']);
    const consumed = log.bus[1]!;
    assert.ok(consumed.consumedAt! >= consumed.time);
    assert.equal(rowDurationMs({ row: consumed, depth: 0 }), consumed.consumedAt! - consumed.time);
  });

  it('offers every kind listed as a filter choice, sorted, a new list only when a kind is new', async () => {
    const { host: h, log } = host();
    assert.deepEqual(log.busLog.kinds, []);
    await h.call('bob', 'host.subscribe-agent', ['alice']);
    await h.call('alice', 'host.send-agent', ['bob', 'one']);
    const kinds = log.busLog.kinds;
    assert.deepEqual(kinds, ['message']);
    await h.call('alice', 'host.send-agent', ['bob', 'two']);
    assert.equal(log.busLog.kinds, kinds, 'the same list: nothing new to offer');
    h.inject('bob', { id: 'external', event: { kind: 'timer' } });
    assert.deepEqual(log.busLog.kinds, ['message', 'timer']);
    log.busLog.clear();
    assert.deepEqual(log.busLog.kinds, []);
  });

  it('lists a message to an agent that does not listen as sent, with nothing delivered', async () => {
    const { host: h, log } = host();
    await h.call('alice', 'host.send-agent', ['bob', 'nobody hears']);
    assert.deepEqual(states(log), ['sent message alice→bob']);
  });

  it('consumes first in, first out: of two equal messages the older is consumed first', async () => {
    const { host: h, log } = host();
    await h.call('bob', 'host.subscribe-agent', ['alice']);
    await h.call('alice', 'host.send-agent', ['bob', 'same']);
    await h.call('alice', 'host.send-agent', ['bob', 'same']);
    await h.call('bob', 'host.try-recv', []);
    const delivered = log.bus.filter((r) => r.state !== 'sent');
    assert.deepEqual(
      delivered.map((r) => r.state),
      ['consumed', 'pending'],
    );
  });

  it('discards stale reload events unread at the next iteration', () => {
    const { host: h, log } = host();
    h.abort('bob', 'reload');
    assert.deepEqual(states(log), ['pending reload external→bob']);
    // As the agent runner starts an iteration: the host drops the stale event, then traces the start.
    const iteration = h.prepareIteration('bob');
    h.trace.record({ type: 'iteration-start', agent: 'bob', iteration, trigger: 'loop' });
    assert.equal(h.bus.inbox('bob').size, 0);
    assert.deepEqual(states(log), ['discarded reload external→bob']);
  });

  it('groups a chat stream with its deltas and end, timed from the call to the last answer', async () => {
    const { host: h, log } = host(
      '[providers.p]\nkind = "mock"\nstream_delay_ms = 5\nturns = [ { content = "one two three" } ]\n',
    );
    const uuid = (await h.call('alice', 'provider.chat-stream', ['p', 'm', [], [], ''])) as string;
    const group = log.busLog.groups.get(uuid)!;
    for (let i = 0; i < 400 && group.closed === undefined; i++) await new Promise((r) => setTimeout(r, 5));
    assert.equal(group.closed, 'ended');
    assert.equal(group.request.kind, 'chat_stream');
    assert.equal(group.request.target, 'p');
    assert.deepEqual(
      group.answers.map((a) => `${a.state} ${a.kind} ${a.source}`),
      ['pending chat-delta p', 'pending chat-delta p', 'pending chat-delta p', 'pending chat-end p'],
    );
    assert.equal(groupSummary(group), '4 answers · 4 pending · ended');
    for (let i = 0; i < 4; i++) await h.call('alice', 'host.try-recv', []);
    assert.equal(groupSummary(group), '4 answers · ended');
    const span = rowDurationMs({ row: group.request, depth: 0, group })!;
    assert.ok(span >= 10, `three deltas 5 ms apart span at least 10 ms (${span})`);

    const folded = busView(log.bus, log.busLog.groups, { order: 'oldest', grouped: true, expanded: new Set() });
    assert.equal(folded.length, 1, 'the request folds its answers');
    assert.equal(folded.at(0).group, group);
    const open = busView(log.bus, log.busLog.groups, { order: 'newest', grouped: true, expanded: new Set([uuid]) });
    assert.deepEqual(
      Array.from({ length: open.length }, (_, i) => `${open.at(i).depth} ${open.at(i).row.kind}`),
      ['0 chat_stream', '1 chat-delta', '1 chat-delta', '1 chat-delta', '1 chat-end'],
      'answers listed beneath their request, in order',
    );
    const flat = busView(log.bus, log.busLog.groups, { order: 'newest', grouped: false, expanded: new Set() });
    assert.equal(flat.length, 5);
    assert.equal(flat.at(0).row.kind, 'chat-end', 'newest first');
    assert.equal(flat.at(4).row.kind, 'chat_stream');
  });

  it('groups a queued tool call with its result', async () => {
    const { host: h, log } = host('[tooling.t]\nkind = "mock"\ntool_calls = [ { name = "add", result = "3" } ]\n');
    const uuid = (await h.call('alice', 'tooling.call-tool', ['t', 'add', '{}'])) as string;
    const group = log.busLog.groups.get(uuid)!;
    assert.equal(group.request.kind, 'call_tool');
    assert.deepEqual(
      group.answers.map((a) => `${a.kind} ${a.source}→${a.target}`),
      ['tool-result t→alice'],
    );
  });
});

describe('bus view', () => {
  const at = (seq: number, agent: string): { seq: number; time: number; agent: string; iteration: number } => ({
    seq,
    time: 1000 + seq,
    agent,
    iteration: 1,
  });

  it('shows the answers of a request a filter hid, and indexes rows without copying when nothing folds', () => {
    const log = new TraceLog();
    log.add([
      { ...at(1, 'a'), type: 'call', op: 'chat_stream', uuid: 'c', detail: { provider: 'p', model: 'm' } },
      { ...at(2, 'a'), type: 'delivered', id: 'c', event: { kind: 'chat-end' } },
      { ...at(3, 'a'), type: 'inbound', id: 'x', event: { kind: 'timer' } },
    ]);
    const answersOnly = log.bus.filter((r) => r.state !== 'request');
    const view = busView(answersOnly, log.busLog.groups, { order: 'oldest', grouped: true, expanded: new Set() });
    assert.deepEqual(
      Array.from({ length: view.length }, (_, i) => view.at(i).row.kind),
      ['chat-end', 'timer'],
    );
    const plain = new TraceLog();
    plain.add([{ ...at(1, 'a'), type: 'inbound', id: 'x', event: { kind: 'timer' } }]);
    const same = busView(plain.bus, plain.busLog.groups, { order: 'newest', grouped: true, expanded: new Set() });
    assert.equal(same.at(0).row, plain.bus[0], 'the row itself, not a copy');
    assert.equal(plain.bus[0]!.state, 'consumed', 'an inbound without a delivery seen is listed as consumed');
  });

  it('lists a blocking chat call in the chat panel with its request, closed by its result', () => {
    const log = new TraceLog();
    const detail = { provider: 'p', model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [], params: null };
    log.add([{ ...at(1, 'a'), type: 'call', op: 'chat', uuid: null, detail }]);
    const [chat] = [...log.chats.values()];
    assert.equal(chat!.blocking, true);
    assert.equal(chat!.closed, undefined, 'open until the answer arrives');
    assert.deepEqual(chat!.detail, detail);
    log.add([
      {
        ...at(2, 'a'),
        type: 'result',
        callSeq: 1,
        ok: true,
        value: { content: 'hello', reasoning: null, tool_calls: [], finish_reason: 'stop', usage: null },
        durationMs: 3,
      },
    ]);
    assert.equal(chat!.closed, 'ended');
    assert.equal(chat!.reply.content, 'hello');
  });
});
