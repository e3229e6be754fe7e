// Where repeated trials of one case split (docs/counterfactuals.md, Where repeated trials split):
// k recordings aligned per agent, iteration by position and call by index, as `brainbench diff A B`
// aligns two. The first call some recording makes otherwise splits them into groups; the answer
// that made them differ is the last call before it that all made alike but got different answers
// (a model's other words), if there is one.

import type { AgentSplitView, SplitCauseView, SplitGroupView, SplitView } from '../../contract/counterfactual-views.ts';
import type { DiffCall } from '../../contract/recording-views.ts';
import { jsonDiff } from '../recording/json-diff.ts';
import type { RecordedCall, Recording } from '../recording/recording.ts';

const asDiffCall = (call: RecordedCall | undefined): DiffCall | undefined =>
  call && {
    op: call.op,
    args: call.args,
    answer: call.ok ? call.value : { error: call.error ?? '' },
    durationMs: call.durationMs,
  };

/** Members grouped by a key, in the order each key first appears. */
function grouped<T>(members: readonly number[], keyOf: (member: number) => string, valueOf: (member: number) => T) {
  const groups = new Map<string, { members: number[]; value: T }>();
  for (const member of members) {
    const key = keyOf(member);
    const group = groups.get(key) ?? groups.set(key, { members: [], value: valueOf(member) }).get(key)!;
    group.members.push(member);
  }
  return [...groups.values()];
}

function splitAgent(name: string, recordings: readonly Recording[]): AgentSplitView {
  const present = recordings.flatMap((recording, i) => (recording.agents.has(name) ? [i] : []));
  const agents = recordings.map((recording) => recording.agents.get(name));
  const view: AgentSplitView = { agent: name, present, agreed: 0 };
  let cause: SplitCauseView | undefined;
  const iterations = Math.max(...present.map((i) => agents[i]!.iterations.length));
  for (let position = 0; position < iterations; position++) {
    const calls = present.map((i) => agents[i]!.iterations[position]?.calls ?? []);
    const longest = Math.max(...calls.map((list) => list.length));
    for (let index = 0; index < longest; index++) {
      const at = (member: number) => calls[present.indexOf(member)]![index];
      const made = (member: number) => {
        const call = at(member);
        return call ? JSON.stringify([call.op, call.args]) : 'none';
      };
      const groups = grouped(present, made, (member) => asDiffCall(at(member)));
      if (groups.length > 1) {
        const first = groups[0]!.value;
        view.split = {
          iteration: position + 1,
          call: index + 1,
          groups: groups.map((group): SplitGroupView => ({ members: group.members, call: group.value })),
          changes: groups.slice(1).map((group) => jsonDiff(first?.args, group.value?.args)),
        };
        if (cause) view.cause = cause;
        return view;
      }
      view.agreed++;
      const answers = grouped(
        present,
        (member) => JSON.stringify(asDiffCall(at(member))!.answer ?? null),
        (member) => asDiffCall(at(member))!.answer,
      );
      if (answers.length > 1)
        cause = {
          iteration: position + 1,
          call: index + 1,
          op: at(present[0]!)!.op,
          groups: answers.map((group) => ({ members: group.members, answer: group.value })),
        };
    }
  }
  return view;
}

/** k recordings of one case, aligned; `labels` name them in the text. */
export function splitRecordings(recordings: readonly Recording[], labels: readonly string[]): SplitView {
  const names = [...new Set(recordings.flatMap((recording) => [...recording.agents.keys()]))].sort();
  const agents = names.map((name) => splitAgent(name, recordings));
  return { recordings: [...labels], agents, text: splitText(agents, labels).join('\n') };
}

const short = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

function splitText(agents: readonly AgentSplitView[], labels: readonly string[]): string[] {
  const lines: string[] = [];
  const named = (members: readonly number[]) => members.map((member) => labels[member]).join(', ');
  for (const agent of agents) {
    const of = `${agent.present.length} of ${labels.length} recording(s)`;
    if (!agent.split) {
      lines.push(`${agent.agent}: ${of} agree on all ${agent.agreed} call(s)`);
      continue;
    }
    const { iteration, call, groups } = agent.split;
    lines.push(
      `${agent.agent}: ${of} agree on ${agent.agreed} call(s), then split at iteration ${iteration} call ${call}:`,
    );
    for (const group of groups) {
      const made = group.call
        ? `${group.call.op}(${group.call.args.map(short).join(', ')})`
        : 'no call (the iteration ended)';
      lines.push(`  ${named(group.members)}: ${made}`);
    }
    if (agent.cause) {
      lines.push(
        `  after the answers to iteration ${agent.cause.iteration} call ${agent.cause.call} (${agent.cause.op}) differed:`,
      );
      for (const group of agent.cause.groups) lines.push(`    ${named(group.members)}: ${short(group.answer)}`);
    } else lines.push('  with every answer before it alike (the brains or their state differ)');
  }
  return lines;
}
