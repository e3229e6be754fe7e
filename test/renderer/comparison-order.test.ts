// Issue 28 item 15: a comparison lists the agent that diverged first before the others that
// diverged, those that ran alike next, and the agents only one side has last.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentDiff } from '../../contract/recording-views.ts';
import { byInterest } from '../../renderer/src/features/recordings/comparison-order.ts';

const NO_TOKENS = { prompt: 0, completion: 0, total: 0 };
const diff = (agent: string, more: Partial<AgentDiff> = {}): AgentDiff => ({
  agent,
  iterations: { a: 1, b: 1 },
  otherAnswers: [],
  generated: { ids: 0, times: 0 },
  timeMs: { a: 0, b: 0 },
  tokens: { a: NO_TOKENS, b: NO_TOKENS },
  ...more,
});
const at = (iteration: number, call: number) => ({ iteration, call, args: [], answer: [] });

test('the agent that diverged first comes first, only-in agents last', () => {
  const order = byInterest([
    diff('aardvark', { onlyIn: 'a' }),
    diff('alike'),
    diff('late', { divergence: at(3, 0) }),
    diff('early', { divergence: at(1, 4) }),
    diff('earliest', { divergence: at(1, 2) }),
  ]).map((d) => d.agent);
  assert.deepEqual(order, ['earliest', 'early', 'late', 'alike', 'aardvark']);
});
