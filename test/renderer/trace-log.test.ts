// The renderer's trace indexes (pure TypeScript, no DOM): iterations, bus rows, chat streams,
// bounds and de-duplication, and the bus filter.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { filterBusRows } from '../../renderer/src/features/bus/bus-filter.ts';
import { TRACE_CAPACITY, TraceLog } from '../../renderer/src/shared/trace/trace-log.ts';

let seq = 0;
const at = (agent: string, iteration = 1) => ({ seq: ++seq, time: 1000 + seq, agent, iteration });

function iteration(agent: string, n: number, calls: TraceEvent[]): TraceEvent[] {
  return [
    { ...at(agent, n), type: 'iteration-start', trigger: 'step' },
    ...calls,
    { ...at(agent, n), type: 'iteration-end', durationMs: 2.5, outcome: { exited: 'done' } },
  ];
}

describe('TraceLog', () => {
  it('groups events into iterations with their outcome or error and position', () => {
    const log = new TraceLog();
    log.add(iteration('a', 1, [{ ...at('a'), type: 'call', op: 'time_now', uuid: null, detail: {} }]));
    log.add([
      { ...at('a', 2), type: 'iteration-start', trigger: 'loop' },
      { ...at('a', 2), type: 'iteration-end', durationMs: 1, error: 'boom', line: 3, column: 7 },
    ]);
    const [first, second] = log.iterationsOf('a');
    assert.equal(first?.outcome, 'exited: done');
    assert.deepEqual(
      first?.events.map((e) => e.type),
      ['call'],
    );
    assert.deepEqual([second?.trigger, second?.error, second?.line, second?.column], ['loop', 'boom', 3, 7]);
    assert.deepEqual(log.iterationsOf('nobody'), []);
  });

  it('turns inbound events into bus rows, naming the sending agent of a subscription', () => {
    const log = new TraceLog();
    log.add([
      { ...at('b'), type: 'call', op: 'subscribe_agent', uuid: 'sub-1', detail: { agent: 'a' } },
      { ...at('b'), type: 'opened', source: 'agent', uuid: 'sub-1' },
      { ...at('b'), type: 'inbound', id: 'sub-1', event: { kind: 'message', data: 'hello' } },
      { ...at('b'), type: 'inbound', id: 'unknown', event: { kind: 'timer' } },
    ]);
    assert.deepEqual(
      log.bus.map((r) => [r.source, r.target, r.kind, r.size, r.preview]),
      [
        ['a', 'b', 'message', 5, 'hello'],
        ['external', 'b', 'timer', 0, ''],
      ],
    );
    assert.equal(log.inboundCount('sub-1'), 1);
  });

  it('assembles chat streams from their deltas', () => {
    const log = new TraceLog();
    log.add([
      { ...at('a'), type: 'call', op: 'chat_stream', uuid: 's1', detail: { model: 'm' } },
      {
        ...at('a'),
        type: 'inbound',
        id: 's1',
        event: { kind: 'chat-delta', data: { reasoning: 'hm', content: 'Hel' } },
      },
      {
        ...at('a'),
        type: 'inbound',
        id: 's1',
        event: {
          kind: 'chat-delta',
          data: { content: 'lo', finish_reason: 'stop', tool_call: { id: 't', name: 'x', arguments: '{}' } },
        },
      },
      { ...at('a'), type: 'closed', source: 'chat-stream', uuid: 's1', reason: 'ended' },
    ]);
    const chat = log.chats.get('s1')!;
    assert.deepEqual(
      [chat.reply.content, chat.reply.reasoning, chat.reply.finish_reason, chat.deltas, chat.closed],
      ['Hello', 'hm', 'stop', 2, 'ended'],
    );
    assert.deepEqual(chat.reply.tool_calls, [{ id: 't', name: 'x', arguments: '{}' }]);
  });

  it('joins tool-call fragments that share an id into one call, as the provider side does', () => {
    const log = new TraceLog();
    const fragment = (args: string): TraceEvent => ({
      ...at('a'),
      type: 'inbound',
      id: 's2',
      event: { kind: 'chat-delta', data: { tool_call: { id: 'call_0', name: 'lookup', arguments: args } } },
    });
    log.add([
      { ...at('a'), type: 'call', op: 'chat_stream', uuid: 's2', detail: { model: 'm' } },
      fragment('{"city":'),
      fragment(' "Paris"'),
      fragment('}'),
    ]);
    const chat = log.chats.get('s2')!;
    assert.deepEqual(chat.reply.tool_calls, [{ id: 'call_0', name: 'lookup', arguments: '{"city": "Paris"}' }]);
    assert.equal(chat.deltas, 3);
  });

  it('ignores events it already has (a resync overlapping live events)', () => {
    const log = new TraceLog();
    const events = iteration('a', 1, []);
    log.add(events);
    log.add(events);
    assert.equal(log.events.length, 2);
    assert.equal(log.iterationsOf('a').length, 1);
  });

  it('keeps at most its capacity and counts what it dropped', () => {
    const log = new TraceLog();
    const batch: TraceEvent[] = [];
    for (let i = 0; i < TRACE_CAPACITY + 25; i++)
      batch.push({ ...at('a'), type: 'inbound', id: 'x', event: { kind: 'timer' } });
    log.add(batch);
    assert.equal(log.events.length, TRACE_CAPACITY);
    assert.equal(log.dropped, 25);
    assert.equal(log.bus.length, TRACE_CAPACITY);
    assert.equal(log.busDropped, 25);
    assert.equal(log.events[0]?.seq, batch[25]?.seq, 'the oldest go first');
  });

  it('leaves the bus alone while capture is paused', () => {
    const log = new TraceLog();
    log.busPaused = true;
    log.add([{ ...at('a'), type: 'inbound', id: 'x', event: { kind: 'timer' } }]);
    assert.equal(log.bus.length, 0);
    assert.equal(log.events.length, 1);
  });
});

describe('bus filter', () => {
  const log = new TraceLog();
  log.add([
    { ...at('b'), type: 'call', op: 'subscribe_agent', uuid: 's', detail: { agent: 'a' } },
    { ...at('b'), type: 'inbound', id: 's', event: { kind: 'message', data: 'Order 42 shipped' } },
    { ...at('c'), type: 'inbound', id: 'x', event: { kind: 'error', data: 'disk full' } },
  ]);

  it('filters by agent (either end), kind, text and regex', () => {
    const only = (filter: Parameters<typeof filterBusRows>[1]) =>
      filterBusRows(log.bus, filter).rows.map((r) => r.preview);
    const none = { agent: '', kind: '', text: '', regex: false };
    assert.equal(filterBusRows(log.bus, none).rows, log.bus, 'no filter, no copy');
    assert.deepEqual(only({ ...none, agent: 'a' }), ['Order 42 shipped']);
    assert.deepEqual(only({ ...none, kind: 'error' }), ['disk full']);
    assert.deepEqual(only({ ...none, text: 'ORDER' }), ['Order 42 shipped']);
    assert.deepEqual(only({ ...none, text: '^disk\\s', regex: true }), ['disk full']);
  });

  it('reports an invalid regex instead of throwing', () => {
    const result = filterBusRows(log.bus, { agent: '', kind: '', text: '(', regex: true });
    assert.deepEqual(result.rows, []);
    assert.match(result.error ?? '', /Invalid regular expression/);
  });
});
