import type { IterationResult } from '../../contract/iteration-result.ts';
import type { Divergence, ReplayStep } from '../../contract/recording-views.ts';
import type { Json } from '../trace/trace-event.ts';
import { describeChanges, jsonDiff, shownJson } from './json-diff.ts';
import type { RecordedEnd } from './recording-format.ts';

/** How a recorded iteration ended, as the supervisor classifies an iteration. */
export function recordedResult(end: RecordedEnd): IterationResult {
  if (end.outcome !== undefined) return { kind: 'outcome', outcome: end.outcome };
  const aborted = /^aborted: (reload|shutdown|stop)$/.exec(end.error ?? '');
  if (aborted) return { kind: 'aborted', cause: aborted[1] as 'reload' | 'shutdown' | 'stop' };
  return { kind: 'failed', error: end.error ?? 'failed' };
}

const shownStep = (step: ReplayStep): string =>
  step.kind === 'call'
    ? `${step.op}(${step.args.map((arg) => shownJson(arg)).join(', ')})`
    : `the end of the iteration (${shownResult(step.result)})`;

const shownResult = (result: IterationResult): string =>
  result.kind === 'outcome'
    ? `outcome ${JSON.stringify(result.outcome)}`
    : result.kind === 'failed'
      ? `failed: ${result.error}`
      : `aborted: ${result.cause}`;

/** The first line of a divergence, after `DIVERGED <agent> `. */
export function divergenceHeadline(divergence: Divergence): string {
  const { expected, actual } = divergence;
  const what =
    expected.kind === 'call' && actual.kind === 'call' && expected.op === actual.op
      ? `${actual.op} called with other arguments`
      : `expected ${shownStep(expected)}, got ${shownStep(actual)}`;
  return `iteration ${divergence.iteration} call ${divergence.call}: ${what}`;
}

/** The lines under the headline: where in the brain, and what differs. */
export function divergenceDetails(divergence: Divergence): string[] {
  const { expected, actual, position } = divergence;
  const lines: string[] = [];
  if (position) lines.push(`  at ${position.source}:${position.line}:${position.column}`);
  if (expected.kind === 'call' && actual.kind === 'call' && expected.op === actual.op) {
    lines.push(`  recorded: ${shownStep(expected)}`, `  replayed: ${shownStep(actual)}`);
    lines.push(...describeChanges(jsonDiff(expected.args, actual.args), 'args'));
  } else if (expected.kind === 'end' && actual.kind === 'end') {
    lines.push(
      ...describeChanges(jsonDiff(expected.result as unknown as Json, actual.result as unknown as Json), 'result'),
    );
  }
  return lines;
}

/** A divergence as `brainbench replay` prints it: `DIVERGED <agent> …` and the lines under it. */
export const divergenceText = (divergence: Divergence): string =>
  [`DIVERGED ${divergence.agent} ${divergenceHeadline(divergence)}`, ...divergenceDetails(divergence)].join('\n');
