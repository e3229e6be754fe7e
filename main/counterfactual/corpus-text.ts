// How a corpus replay reads on the terminal: a line per recording (its divergences under it), then
// the accepted divergences apart, notes, and the summary a CI log ends with.

import type {
  BranchScoreView,
  CorpusEntryView,
  CorpusReplayView,
  CorpusSummaryView,
  LiveTotalsView,
  SpendView,
} from '../../contract/counterfactual-views.ts';
import { costText } from '../../contract/accounting-views.ts';
import { counted } from '../../contract/counted.ts';
import { divergenceDetails, divergenceHeadline } from '../recording/divergence.ts';

const iterationsOf = (entry: CorpusEntryView) => entry.agents.reduce((sum, agent) => sum + agent.replayed, 0);

/** The divergences of a recording's agents, indented under its line. */
export function divergenceLines(entry: CorpusEntryView, indent = '  '): string[] {
  return entry.agents.flatMap((agent) =>
    agent.divergence
      ? [
          `${indent}${agent.agent} ${divergenceHeadline(agent.divergence)}`,
          ...divergenceDetails(agent.divergence).map((line) => `${indent}${line}`),
        ]
      : [],
  );
}

export function entryLines(entry: CorpusEntryView): string[] {
  switch (entry.status) {
    case 'replayed':
      return [
        `REPLAYED ${entry.label}: ${counted(entry.agents.length, 'agent')}, ${counted(iterationsOf(entry), 'iteration')}`,
      ];
    case 'diverged':
      return [`DIVERGED ${entry.label}`, ...divergenceLines(entry), ...branchLines(entry)];
    case 'accepted':
      return [`ACCEPTED ${entry.label}: an expected divergence`, ...divergenceLines(entry), ...branchLines(entry)];
    case 'unchanged':
      return [`UNCHANGED ${entry.label}: expected to diverge, but replayed as recorded`];
    case 'error':
      return [`ERROR ${entry.label}: ${entry.error ?? 'failed'}`];
  }
}

/** What a diverged recording's live branch did: its file, tokens and cost, and its scores. */
export function branchLines(entry: CorpusEntryView, indent = '  '): string[] {
  const { branch } = entry;
  if (!branch) return [];
  if (branch.error !== undefined) return [`${indent}live: ${branch.error}`];
  return [
    `${indent}live: ${counted(branch.liveIterations, 'iteration')} -> ${branch.file}; spent ${spendText(branch.spent)}; saved ${spendText(branch.saved)}`,
    ...(branch.scores ?? []).map((score) => `${indent}score ${scoreText(score)}`),
  ];
}

/** `equals: 0.00 fail (expected "Paris", got "paris!")`, or the scorer's error. */
export const scoreText = (score: BranchScoreView): string =>
  score.error !== undefined
    ? `${score.scorer}: error (${score.error})`
    : `${score.scorer}: ${score.score.toFixed(2)} ${score.pass ? 'pass' : 'fail'}${score.reason ? ` (${score.reason})` : ''}`;

/** Per scorer over the branches: `equals 0.50, 1 of 2 passing`. */
export function scorerTotalsText(live: LiveTotalsView): string | undefined {
  if (!live.scores || live.scores.length === 0) return undefined;
  const parts = live.scores.map(
    (total) =>
      `${total.scorer} ${total.mean.toFixed(2)}, ${total.passing} of ${total.branches} passing${total.errors > 0 ? `, ${counted(total.errors, 'error')}` : ''}`,
  );
  return `scores${live.eval !== undefined ? ` (${live.eval})` : ''}: ${parts.join('; ')}`;
}

export const spendText = (spend: SpendView): string =>
  spend.providerCalls === 0
    ? 'no provider call'
    : `${spend.tokens.total} tokens (${counted(spend.providerCalls, 'provider call')}), ${costText(spend.cost)}`;

export function summaryLine(summary: CorpusSummaryView): string {
  const parts = [
    `${summary.replayed} replayed`,
    `${summary.diverged} diverged`,
    `${summary.accepted} accepted`,
    ...(summary.unchanged > 0 ? [`${summary.unchanged} expected but unchanged`] : []),
    `${counted(summary.errors, 'error')}`,
  ];
  const seconds = (summary.durationMs / 1000).toFixed(1);
  return `${counted(summary.recordings, 'recording')}: ${parts.join(', ')} in ${seconds} s: ${summary.pass ? 'PASS' : 'FAIL'}`;
}

/** What follows the recordings' lines: accepted divergences apart, notes, live totals and the summary. */
export function closingLines(view: CorpusReplayView): string[] {
  const lines: string[] = [];
  const accepted = view.entries.filter((entry) => entry.status === 'accepted');
  if (accepted.length > 0) {
    lines.push(`accepted divergences (--expect-divergence): ${accepted.length}`);
    for (const entry of accepted) lines.push(`  ${entry.label}`);
  }
  for (const pattern of view.unmatchedExpectations)
    lines.push(`note: --expect-divergence ${pattern} names no recording of the corpus`);
  lines.push(...brainNotes(view.entries));
  if (view.live) {
    lines.push(
      `live after divergence: ${counted(view.live.branches, 'branch', 'branches')}; spent ${spendText(view.live.spent)}; saved ${spendText(view.live.saved)}`,
    );
    const scores = scorerTotalsText(view.live);
    if (scores !== undefined) lines.push(scores);
  }
  lines.push(summaryLine(view.summary));
  return lines;
}

/** One note per agent whose workspace brain is not the recorded one, with how many recordings that is. */
function brainNotes(entries: readonly CorpusEntryView[]): string[] {
  const changed = new Map<string, number>();
  for (const entry of entries)
    for (const brain of entry.changedBrains) changed.set(brain.agent, (changed.get(brain.agent) ?? 0) + 1);
  return [...changed].map(
    ([agent, count]) =>
      `note: ${agent}: the workspace's brain differs from the recorded one in ${count} of ${counted(entries.length, 'recording')}`,
  );
}
