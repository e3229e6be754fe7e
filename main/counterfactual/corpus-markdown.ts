// `--markdown FILE`: a corpus replay as a Markdown report for a pull request or a CI summary: the
// verdict and counts, then the divergences nobody expected, the expected ones that did not happen,
// the errors, the accepted divergences apart, the branches that went on live, and what replayed.

import type { CorpusEntryView, CorpusReplayView } from '../../contract/counterfactual-views.ts';
import { counted } from '../../contract/counted.ts';
import { divergenceLines, scorerTotalsText, scoreText, spendText } from './corpus-text.ts';

/** Text in a table cell or a heading: no pipes or line breaks to break the table. */
const cell = (text: string): string => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** A fenced block whose fence is longer than any run of backticks inside. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return [fence, text, fence];
}

function divergenceSection(title: string, entries: readonly CorpusEntryView[]): string[] {
  if (entries.length === 0) return [];
  return [
    `## ${title} (${entries.length})`,
    '',
    ...entries.flatMap((entry) => [
      `### ${cell(entry.label)}`,
      '',
      ...fenced(divergenceLines(entry, '').join('\n')),
      ...(entry.branch && entry.branch.error === undefined
        ? [
            '',
            `Live from the divergence: ${counted(entry.branch.liveIterations, 'iteration')}, branch \`${cell(entry.branch.file)}\`; spent ${spendText(entry.branch.spent)}, saved ${spendText(entry.branch.saved)}.`,
            ...(entry.branch.scores ?? []).map((score) => `- ${cell(scoreText(score))}`),
          ]
        : entry.branch?.error !== undefined
          ? ['', `Live from the divergence: ${cell(entry.branch.error)}`]
          : []),
      '',
    ]),
  ];
}

export function corpusMarkdown(view: CorpusReplayView): string {
  const { summary, entries } = view;
  const of = (status: CorpusEntryView['status']) => entries.filter((entry) => entry.status === status);
  const lines = [
    `# Replay of ${counted(summary.recordings, 'recording')}: ${summary.pass ? 'PASS' : 'FAIL'}`,
    '',
    '| replayed | diverged | accepted | expected but unchanged | errors | time |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${summary.replayed} | ${summary.diverged} | ${summary.accepted} | ${summary.unchanged} | ${summary.errors} | ${(summary.durationMs / 1000).toFixed(1)} s |`,
    '',
    ...divergenceSection('Diverged', of('diverged')),
  ];
  const unchanged = of('unchanged');
  if (unchanged.length > 0)
    lines.push(
      `## Expected to diverge, replayed as recorded (${unchanged.length})`,
      '',
      ...unchanged.map((entry) => `- ${cell(entry.label)}`),
      '',
    );
  const errors = of('error');
  if (errors.length > 0)
    lines.push(
      `## Errors (${errors.length})`,
      '',
      ...errors.map((entry) => `- ${cell(entry.label)}: ${cell(entry.error ?? 'failed')}`),
      '',
    );
  lines.push(...divergenceSection('Accepted divergences (--expect-divergence)', of('accepted')));
  if (view.unmatchedExpectations.length > 0)
    lines.push(
      ...view.unmatchedExpectations.map(
        (pattern) => `Note: \`--expect-divergence ${cell(pattern)}\` names no recording.`,
      ),
      '',
    );
  if (view.live) {
    lines.push(
      `Live after divergence: ${counted(view.live.branches, 'branch', 'branches')}; spent ${spendText(view.live.spent)}; saved ${spendText(view.live.saved)}.`,
      '',
    );
    const scores = scorerTotalsText(view.live);
    if (scores !== undefined) lines.push(`${cell(scores.charAt(0).toUpperCase() + scores.slice(1))}.`, '');
  }
  const replayed = of('replayed');
  if (replayed.length > 0)
    lines.push(
      '<details>',
      `<summary>Replayed as recorded (${replayed.length})</summary>`,
      '',
      ...replayed.map((entry) => `- ${cell(entry.label)}`),
      '',
      '</details>',
      '',
    );
  return `${lines.join('\n')}`;
}
