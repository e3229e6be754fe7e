import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import type { AgentStatus } from '../../contract/agent-status.ts';
import { StatusCoalescer } from '../../main/workbench/status-coalescer.ts';

const status = (agent: string, iteration: number, state: AgentStatus['state'] = 'running'): AgentStatus => ({
  agent,
  runtimeKind: 'js',
  state,
  mode: 'loop',
  iteration,
});

describe('status coalescing', () => {
  it('sends the first change at once and the newest of a burst when the interval ends', async () => {
    const sent: AgentStatus[] = [];
    const coalescer = new StatusCoalescer((s) => sent.push(s), 20);
    for (let i = 1; i <= 100; i++) coalescer.add(status('a', i, i % 2 ? 'running' : 'exited'));
    assert.deepEqual(
      sent.map((s) => s.iteration),
      [1],
    );
    await sleep(60);
    assert.deepEqual(
      sent.map((s) => [s.iteration, s.state]),
      [
        [1, 'running'],
        [100, 'exited'],
      ],
    );
    // Quiet for longer than an interval: the next change goes at once again.
    coalescer.add(status('a', 101, 'stopped'));
    assert.equal(sent.at(-1)?.state, 'stopped');
  });

  it('holds each agent apart, and a flush sends what is held', () => {
    const sent: AgentStatus[] = [];
    const coalescer = new StatusCoalescer((s) => sent.push(s), 10_000);
    coalescer.add(status('a', 1));
    coalescer.add(status('b', 1));
    coalescer.add(status('a', 2));
    coalescer.add(status('a', 3, 'stopped'));
    assert.deepEqual(
      sent.map((s) => `${s.agent}${s.iteration}`),
      ['a1', 'b1'],
    );
    coalescer.flush();
    assert.deepEqual(
      sent.map((s) => `${s.agent}${s.iteration}`),
      ['a1', 'b1', 'a3'],
    );
    coalescer.flush();
    assert.equal(sent.length, 3, 'nothing is sent twice');
    coalescer.add(status('b', 2));
    assert.equal(sent.at(-1)?.iteration, 2, 'a flush closes the interval');
  });
});
