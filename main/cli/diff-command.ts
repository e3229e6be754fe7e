import type { AccountingView, CostTotal } from '../../contract/accounting-views.ts';
import { accountingOf } from '../recording/accounting.ts';
import { describeAgentDiff, recordingsAgree } from '../recording/describe-diff.ts';
import { diffRecordings } from '../recording/recording-diff.ts';
import { splitRecordings } from '../counterfactual/trial-split.ts';
import { openRecording } from './recording-input.ts';

const NO_COST: CostTotal = { amounts: {}, unpriced: 0 };

const costIn = (view: AccountingView, agent: string): CostTotal =>
  view.agents.find((entry) => entry.agent === agent)?.totals.cost ?? NO_COST;

/**
 * `brainbench diff A B`: exit 0 when both recordings made the same calls, 1 when they differ.
 * `all` lists the ids and times the runs made up that differ, which are otherwise only counted.
 */
export function diffCommand(
  a: string,
  b: string,
  print: (line: string) => void,
  { json, all }: { json: boolean; all: boolean },
): number {
  const left = openRecording(a);
  const right = openRecording(b);
  const diffs = diffRecordings(left, right, { all });
  // Each side priced by its own recorded config; cost is shown when either has prices.
  const costs = [accountingOf(left, a).view(), accountingOf(right, b).view()] as const;
  const priced = costs[0].priced || costs[1].priced;
  const costOf = (agent: string) => (priced ? { a: costIn(costs[0], agent), b: costIn(costs[1], agent) } : undefined);
  if (json)
    print(
      JSON.stringify(
        diffs.map((diff) => (priced ? { ...diff, cost: costOf(diff.agent) } : diff)),
        null,
        2,
      ),
    );
  else for (const diff of diffs) for (const line of describeAgentDiff(diff, costOf(diff.agent))) print(line);
  return recordingsAgree(diffs) ? 0 : 1;
}

/** `brainbench diff A B C…`: k recordings of one case aligned, and where they split; exit 0 when none does. */
export function splitCommand(files: readonly string[], print: (line: string) => void, json: boolean): number {
  const recordings = files.map((file) => openRecording(file));
  const view = splitRecordings(recordings, files);
  if (json) print(JSON.stringify(view, null, 2));
  else print(view.text);
  return view.agents.some((agent) => agent.split) ? 1 : 0;
}
