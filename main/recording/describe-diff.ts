import { describeChanges, shownJson } from './json-diff.ts';
import type { AgentDiff, CallPairDiff, DiffCall } from '../../contract/recording-views.ts';
import { costText, type CostTotal } from '../../contract/accounting-views.ts';
import { counted } from '../../contract/counted.ts';
import { generatedKind } from './generated-values.ts';

const shownCall = (call: DiffCall | undefined): string =>
  call ? `${call.op}(${call.args.map((arg) => shownJson(arg)).join(', ')})` : '(no call: the iteration ended)';

const signed = (value: number, unit: string): string => `${value >= 0 ? '+' : ''}${Math.round(value * 10) / 10}${unit}`;

function describePair(pair: CallPairDiff): string[] {
  return [
    `  a: ${shownCall(pair.a)}`,
    `  b: ${shownCall(pair.b)}`,
    ...describeChanges(pair.args, 'args'),
    ...describeChanges(pair.answer, 'answer'),
  ];
}

/** The text `brainbench diff` prints for one agent; `cost` when either recording has prices. */
export function describeAgentDiff(diff: AgentDiff, cost?: { a: CostTotal; b: CostTotal }): string[] {
  if (diff.onlyIn)
    return [
      `ONLY IN ${diff.onlyIn.toUpperCase()} ${diff.agent}: ${counted(diff.iterations[diff.onlyIn], 'iteration')}`,
    ];
  const lines: string[] = [];
  const { divergence } = diff;
  if (divergence)
    lines.push(
      `DIVERGED ${diff.agent} iteration ${divergence.iteration} call ${divergence.call}`,
      ...describePair(divergence),
    );
  else lines.push(`SAME ${diff.agent}: ${counted(diff.iterations.a, 'iteration')}, the same calls`);
  for (const other of diff.otherAnswers) {
    lines.push(`  answer differs at iteration ${other.iteration} call ${other.call} (${other.a!.op})`);
    lines.push(...describeChanges(other.answer, 'answer', '    '));
  }
  const { ids, times } = diff.generated;
  const listed = diff.otherAnswers.some((other) => generatedKind(other.a!.op) !== undefined);
  if ((ids > 0 || times > 0) && !listed)
    lines.push(
      `  ${[ids > 0 ? counted(ids, 'generated id') : '', times > 0 ? counted(times, 'time') : ''].filter(Boolean).join(' and ')} differ, paired by position (--all lists them)`,
    );
  const { a, b } = diff.tokens;
  lines.push(
    `  iterations: ${diff.iterations.a} -> ${diff.iterations.b}; time: ${Math.round(diff.timeMs.a)} ms -> ${Math.round(diff.timeMs.b)} ms (${signed(diff.timeMs.b - diff.timeMs.a, ' ms')}); tokens: ${a.total} -> ${b.total} (${signed(b.total - a.total, '')})${cost ? `; cost: ${costText(cost.a)} -> ${costText(cost.b)}` : ''}`,
  );
  return lines;
}

/** Whether two recordings made the same calls, agent by agent. */
export const recordingsAgree = (diffs: readonly AgentDiff[]): boolean => diffs.every((d) => !d.onlyIn && !d.divergence);
