import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { TraceRecorder } from '../../main/trace/trace-recorder.ts';

const log = (agent: string, message: string) => ({ type: 'log', agent, iteration: 1, level: 'info', message }) as const;

test('events are stamped in order and streamed to listeners synchronously', () => {
  const recorder = new TraceRecorder(10);
  const seen: TraceEvent[] = [];
  recorder.subscribe((event) => seen.push(event));
  const first = recorder.record(log('a', 'one'));
  const second = recorder.record(log('b', 'two'));
  assert.equal(first.seq, 1);
  assert.equal(second.seq, 2);
  assert.deepEqual(
    seen.map((e) => e.seq),
    [1, 2],
  );
});

test('each agent keeps its newest events and counts what it dropped', () => {
  const recorder = new TraceRecorder(3);
  for (let i = 1; i <= 5; i++) recorder.record(log('a', `a${i}`));
  recorder.record(log('b', 'b1'));
  const kept = recorder.events('a').map((e) => (e.type === 'log' ? e.message : ''));
  assert.deepEqual(kept, ['a3', 'a4', 'a5']);
  assert.equal(recorder.dropped('a'), 2);
  assert.equal(recorder.dropped('b'), 0);
  assert.equal(recorder.events('b').length, 1);
});

test('unsubscribed listeners hear nothing more', () => {
  const recorder = new TraceRecorder(3);
  let heard = 0;
  const unsubscribe = recorder.subscribe(() => heard++);
  recorder.record(log('a', 'x'));
  unsubscribe();
  recorder.record(log('a', 'y'));
  assert.equal(heard, 1);
});

test('an earlier trace longer than the ring keeps its newest events, and numbering goes on after it', () => {
  const recorder = new TraceRecorder(4);
  const heard: TraceEvent[] = [];
  recorder.subscribe((event) => heard.push(event));
  const earlier: TraceEvent[] = Array.from({ length: 10 }, (_, i) => ({
    ...log('a', `earlier ${i + 1}`),
    seq: i + 1,
    time: i,
  }));
  recorder.keepEarlier(earlier);
  assert.deepEqual(
    recorder.events('a').map((e) => (e.type === 'log' ? e.message : '')),
    ['earlier 7', 'earlier 8', 'earlier 9', 'earlier 10'],
  );
  assert.equal(recorder.dropped('a'), 6);
  assert.deepEqual(heard, [], 'listeners are not told of the earlier trace');
  assert.equal(recorder.record(log('a', 'now')).seq, 11);
  assert.deepEqual(
    recorder.events('a').map((e) => (e.type === 'log' ? e.message : '')),
    ['earlier 8', 'earlier 9', 'earlier 10', 'now'],
  );
});
