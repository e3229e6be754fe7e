import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AssertionParseError } from '../../main/assertions/assertion-parse-error.ts';
import { GateWatcher, gateSatisfied, parseGate } from '../../main/assertions/gate.ts';
import { call, closed, inbound, opened } from './trace-event-builders.ts';

describe('parseGate', () => {
  it('reads an absent gate and "start" as start', () => {
    assert.equal(parseGate(undefined, 'after'), 'start');
    assert.equal(parseGate('start', 'after'), 'start');
  });

  it('reads an event assertion, judging a sentinel by what it wraps', () => {
    assert.deepEqual(parseGate({ $while: { kind: 'opened', source: 'timer' } }, 'after'), {
      kind: 'opened',
      source: 'timer',
    });
  });

  it('rejects any other string', () => {
    assert.throws(
      () => parseGate('later', 'endpoint.requests[0].after'),
      (error: unknown) =>
        error instanceof AssertionParseError &&
        error.path === 'endpoint.requests[0].after' &&
        /expected "start" or an event assertion, got "later"/.test(error.message),
    );
  });
});

describe('gateSatisfied', () => {
  it('is satisfied at once by start', () => {
    assert.equal(gateSatisfied('start', []), true);
  });

  it('is satisfied by a matching event anywhere in the trace, from any agent', () => {
    const trace = [call('chat', {}, 'alice'), call('call_tool', { tool: 'search' }, 'bob'), opened('timer', 'alice')];
    assert.equal(gateSatisfied({ kind: 'call', op: '^call_tool$', detail: { tool: 'search' } }, trace), true);
    assert.equal(gateSatisfied({ kind: 'call', op: '^call_tool$', detail: { tool: 'fetch' } }, trace), false);
    assert.equal(gateSatisfied({ kind: 'closed' }, trace), false);
  });
});

describe('GateWatcher', () => {
  it('becomes satisfied when a matching event is observed, and stays satisfied', () => {
    const watcher = new GateWatcher({ kind: 'inbound', event: 'tool-result', payload: { data: { content: 'one' } } });
    assert.equal(watcher.satisfied, false);
    watcher.observe(call('call_tool'));
    watcher.observe(inbound({ kind: 'tool-result', data: { name: 't', arguments: '{}', content: '"two"' } }));
    assert.equal(watcher.satisfied, false);
    watcher.observe(inbound({ kind: 'tool-result', data: { name: 't', arguments: '{}', content: '"one"' } }));
    assert.equal(watcher.satisfied, true);
    watcher.observe(closed('tool-call', 'ended'));
    assert.equal(watcher.satisfied, true);
  });

  it('is satisfied from the start for a start gate', () => {
    assert.equal(new GateWatcher('start').satisfied, true);
  });

  it('lets gates share events instead of consuming them', () => {
    const first = new GateWatcher({ kind: 'opened', source: 'timer' });
    const second = new GateWatcher({ kind: 'opened' });
    const e = opened('timer', 'bob');
    first.observe(e);
    second.observe(e);
    assert.equal(first.satisfied && second.satisfied, true);
  });
});
