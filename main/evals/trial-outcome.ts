// What a trial answered, read from its recording (so that a fresh trial, a replayed one and a
// rescore all see the same thing): the answering agent's last iteration end, the exit message or
// a memory key as the answer, or the endpoint's reply to the input request.

import { accountingOf } from '../recording/accounting.ts';
import type { Recording } from '../recording/recording.ts';
import type { TrialOutcome, TrialUsage } from './results-format.ts';

export interface Answering {
  /** The agent whose outcome is scored. */
  agent?: string;
  /** The input is an endpoint request: its reply is the answer. */
  endpoint: boolean;
  /** `exit` or `memory:<key>`. */
  answer: string;
}

export function outcomeOf(recording: Recording, answering: Answering): TrialOutcome {
  if (answering.endpoint) return replyOf(recording);
  const name = answering.agent ?? [...recording.agents.keys()][0];
  const agent = name === undefined ? undefined : recording.agents.get(name);
  const last = agent?.iterations.findLast((iteration) => iteration.end);
  if (!name || !agent || !last?.end)
    return { kind: 'none', ...(name ? { agent: name } : {}), reason: 'the agent never finished an iteration' };
  const { outcome, error } = last.end;
  const memoryKey = answering.answer.startsWith('memory:') ? answering.answer.slice('memory:'.length) : undefined;
  const text = memoryKey !== undefined ? memoryAnswer(recording, name, memoryKey) : undefined;
  if (error !== undefined || outcome === undefined)
    return { kind: 'failed', agent: name, error: error ?? 'no outcome', ...(text !== undefined ? { text } : {}) };
  if (outcome === 'completed') return { kind: 'completed', agent: name, ...(text !== undefined ? { text } : {}) };
  return { kind: 'exited', agent: name, text: text ?? outcome.exited };
}

/** The value the agent last stored under `key`, or its seed. */
function memoryAnswer(recording: Recording, agent: string, key: string): string | undefined {
  let value: string | undefined = recording.header.config.memory[agent]?.[key];
  for (const iteration of recording.agents.get(agent)?.iterations ?? [])
    for (const call of iteration.calls) {
      if (!call.ok || call.args[0] !== key) continue;
      if (call.op === 'host.memory-set') value = String(call.args[1]);
      if (call.op === 'host.memory-remove') value = undefined;
    }
  return value;
}

function replyOf(recording: Recording): TrialOutcome {
  let text = '';
  let finished = false;
  for (const agent of recording.agents.values())
    for (const iteration of agent.iterations)
      for (const call of iteration.calls) {
        if (call.op !== 'host.stream-endpoint' || !call.ok) continue;
        const delta = call.args[1] as { content?: string | null; finish_reason?: string | null } | null;
        text += delta?.content ?? '';
        if (delta?.finish_reason) finished = true;
      }
  return finished
    ? { kind: 'reply', text }
    : { kind: 'none', reason: 'the endpoint request got no finished reply', ...(text ? { text } : {}) };
}

/** Tokens, cost and calls from the recording's accounting; iterations counted. */
export function usageOf(recording: Recording, file: string): TrialUsage {
  const { run, agents } = accountingOf(recording, file).view();
  return {
    tokens: run.tokens,
    cost: run.cost,
    calls: run.calls,
    providerCalls: run.providerCalls,
    iterations: agents.reduce((sum, agent) => sum + agent.iterations.length, 0),
  };
}
