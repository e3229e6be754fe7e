// What a socket that stopped reading is sent once it reads again: the newest state of each thing
// a resync does not fetch again, the first notices, and a count of everything else.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { HeldEvents } from '../../main/web/held-events.ts';

const trace = (count: number): WorkbenchEvent => ({
  type: 'trace',
  events: Array.from({ length: count }, (_, seq) => ({ seq }) as TraceEvent),
});

it('keeps the newest change of each file and the first twenty notices, and counts the rest', () => {
  const held = new HeldEvents();
  held.add(trace(1_000));
  held.add({ type: 'file-changed', path: 'a.rhai', mtimeMs: 1 });
  held.add({ type: 'file-changed', path: 'b.rhai', mtimeMs: 2 });
  held.add({ type: 'file-changed', path: 'a.rhai', mtimeMs: 3 });
  for (let i = 0; i < 25; i++) held.add({ type: 'notice', message: `notice ${i}` });
  held.add({ type: 'debug', notification: { type: 'continued', agent: 'x' } });

  const kept = held.kept();
  const notices = kept.filter((event) => event.type === 'notice');
  assert.equal(notices.length, 20);
  assert.deepEqual(notices[0], { type: 'notice', message: 'notice 0' });
  assert.deepEqual(
    kept.filter((event) => event.type === 'file-changed'),
    [
      { type: 'file-changed', path: 'b.rhai', mtimeMs: 2 },
      { type: 'file-changed', path: 'a.rhai', mtimeMs: 3 },
    ],
  );
  // 1,000 trace events, the older change of a.rhai, five notices, the debugger's notification.
  assert.equal(held.missed, 1_000 + 1 + 5 + 1);
});

it('keeps at most a thousand subjects, forgetting the oldest', () => {
  const held = new HeldEvents();
  for (let i = 0; i < 1_500; i++) held.add({ type: 'file-changed', path: `f${i}.rhai`, mtimeMs: i });
  const kept = held.kept();
  assert.equal(kept.length, 1_000);
  assert.deepEqual(kept[0], { type: 'file-changed', path: 'f500.rhai', mtimeMs: 500 });
  assert.equal(held.missed, 500);
});
