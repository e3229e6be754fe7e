// The pure parts behind the panels: the time axis's zoom and pan, a live iteration's waterfall,
// counted words, the New agent name check, and the words of every request's failure toast.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentNameProblem } from '../../contract/agent-name.ts';
import { WORKBENCH_API } from '../../contract/workbench-api.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { hostOpOfTrace, iterationWaterfall } from '../../renderer/src/shared/waterfall/iteration-waterfall.ts';
import { counted } from '../../contract/counted.ts';
import { clampWindow, panWindow, percentIn, zoomWindow } from '../../renderer/src/shared/time/time-window.ts';
import { TraceLog } from '../../renderer/src/shared/trace/trace-log.ts';
import { FAILURE_WORDS, failureText } from '../../renderer/src/core/failure-text.ts';

describe('the time window', () => {
  const bounds = { start: 1000, end: 2000 };
  it('zooms around its anchor and back out to the bounds', () => {
    assert.deepEqual(zoomWindow(bounds, 2, 0.5, bounds), { start: 1250, end: 1750 });
    assert.deepEqual(zoomWindow(bounds, 2, 0, bounds), { start: 1000, end: 1500 });
    assert.deepEqual(zoomWindow(bounds, 4, 1, bounds), { start: 1750, end: 2000 });
    assert.deepEqual(zoomWindow({ start: 1250, end: 1750 }, 0.1, 0.5, bounds), bounds);
    const tiny = zoomWindow(bounds, 1e9, 0.5, bounds);
    assert.equal(tiny.end - tiny.start, 1, 'never narrower than a millisecond');
  });
  it('pans within the bounds', () => {
    const view = { start: 1250, end: 1750 };
    assert.deepEqual(panWindow(view, 100, bounds), { start: 1350, end: 1850 });
    assert.deepEqual(panWindow(view, 1000, bounds), { start: 1500, end: 2000 });
    assert.deepEqual(panWindow(view, -1000, bounds), { start: 1000, end: 1500 });
    assert.deepEqual(clampWindow({ start: 0, end: 5000 }, bounds), bounds);
  });
  it('places times in the window', () => {
    assert.equal(percentIn({ start: 1000, end: 1200 }, 1050), 25);
    assert.ok(percentIn({ start: 1000, end: 1200 }, 900) < 0);
  });
});

describe('a live iteration as a waterfall', () => {
  it('draws each call from the trace, the hold before one, and a stream until it closed', () => {
    let seq = 0;
    const at = (time: number) => ({ seq: ++seq, time, agent: 'a', iteration: 1 });
    const events: TraceEvent[] = [
      { ...at(1000), type: 'iteration-start', trigger: 'step' },
      { ...at(1002), type: 'host-call', op: 'recv' },
      { ...at(1010), type: 'result', callSeq: 2, ok: true, durationMs: 8 },
      { ...at(1500), type: 'held', op: 'provider.chat-stream', heldMs: 480 },
      { ...at(1501), type: 'call', op: 'chat_stream', uuid: 'u1', detail: null },
      { ...at(1503), type: 'result', callSeq: 5, ok: true, durationMs: 2 },
      { ...at(1520), type: 'closed', source: 'chat-stream', uuid: 'u1', reason: 'ended' },
      { ...at(1530), type: 'call', op: 'call_tool_blocking', uuid: null, detail: null },
      { ...at(1540), type: 'result', callSeq: 8, ok: false, error: 'nope', durationMs: 10 },
      { ...at(1545), type: 'held', op: 'host.log', heldMs: 3 },
      { ...at(1546), type: 'log', level: 'info', message: 'done' },
      { ...at(1550), type: 'iteration-end', durationMs: 70, heldMs: 483 },
    ];
    const log = new TraceLog();
    log.add(events);
    const waterfall = iterationWaterfall(log.iterationsOf('a')[0]!);
    assert.equal(waterfall.durationMs, 550, 'the wall time, holds included');
    assert.deepEqual(waterfall.bars, [
      { index: 1, op: 'host.recv', ok: true, startMs: 2, durationMs: 8 },
      { index: 2, op: 'provider.chat-stream', ok: true, startMs: 501, durationMs: 2, heldMs: 480, endMs: 520 },
      { index: 3, op: 'tooling.call-tool-blocking', ok: false, startMs: 530, durationMs: 10 },
      { index: 4, op: 'host.log', ok: true, startMs: 545, durationMs: 0, heldMs: 3 },
    ]);
    assert.equal(hostOpOfTrace('memory_set'), 'host.memory-set');
  });
});

describe('words', () => {
  it('counts in the singular for one', () => {
    assert.equal(counted(1, 'agent'), '1 agent');
    assert.equal(counted(2, 'agent'), '2 agents');
    assert.equal(counted(0, 'call'), '0 calls');
    assert.equal(counted(1200, 'entry', 'entries'), '1200 entries');
  });

  it('checks a new agent’s name as the host does', () => {
    assert.equal(agentNameProblem('helper', ['assistant']), undefined);
    assert.equal(agentNameProblem('', []), 'an agent needs a name');
    assert.equal(agentNameProblem('no spaces', []), '"no spaces" is not a valid agent name (letters, digits, _ and -)');
    assert.equal(
      agentNameProblem('9lives', []),
      '"9lives" is not a valid agent name: it must start with a letter or _',
    );
    assert.equal(agentNameProblem('assistant', ['assistant']), 'an agent named "assistant" already exists');
  });

  it('gives every request’s failure toast user words that name no internal method', () => {
    const methods = Object.keys(WORKBENCH_API) as (keyof typeof WORKBENCH_API)[];
    assert.deepEqual(Object.keys(FAILURE_WORDS).sort(), [...methods].sort());
    for (const method of methods) {
      for (const reason of [
        'boom',
        `${method}: agent: expected a string, got 1`,
        `${method} takes no parameters, got 1`,
      ]) {
        const text = failureText(method, reason);
        assert.ok(text.startsWith(FAILURE_WORDS[method]), text);
        // camelCase names are identifiers; one-word ones (`step`) are words, but never the lead.
        for (const other of methods.filter((m) => /[A-Z]/.test(m))) {
          assert.ok(!text.includes(other), `"${text}" names the method ${other}`);
        }
        assert.ok(!text.startsWith(`${method}:`) && !text.includes(`: ${method}`), text);
      }
    }
    assert.equal(
      failureText('createAgent', 'an agent named "a" already exists'),
      'Could not create the agent: an agent named "a" already exists',
    );
  });
});
