// `--format markdown`: the run as a pull request comment: the figures in a table, per tag and
// split, and the cases that did not pass, each with why (collapsed when there are many).

import type { EvalSummary, GroupStats } from '../eval-statistics.ts';
import type { ResultsHeader, TrialLine } from '../results-format.ts';
import { failureReasons } from './failure-reasons.ts';
import { cost, interval, percent, score, seconds } from './numbers.ts';

const LISTED = 50;

/** Text inside a table cell or a line: no pipes or line breaks, HTML characters escaped. */
export const cell = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function groupRows(title: string, groups: Record<string, GroupStats>, k: number): string[] {
  const names = Object.keys(groups);
  if (names.length === 0) return [];
  return [
    '',
    `| ${title} | cases | pass@${k} | pass^${k} | mean score | 95% CI |`,
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...names.map((name) => {
      const g = groups[name]!;
      return `| ${cell(name)} | ${g.cases} | ${percent(g.passAtK)} | ${percent(g.passHatK)} | ${score(g.meanScore)} | ${interval(g.interval)} |`;
    }),
  ];
}

export function markdownReport(header: ResultsHeader, summary: EvalSummary, trials: readonly TrialLine[]): string {
  const { overall, k, reuse } = summary;
  const shard = header.shard ? ` (shard ${header.shard.index}/${header.shard.total})` : '';
  const lines = [
    `### Eval \`${cell(header.eval.file)}\`${shard}`,
    '',
    `**${overall.passed}/${overall.trials}** trials passed over ${overall.cases} cases${overall.errors > 0 ? `, **${overall.errors} scorer errors**` : ''}.`,
    '',
    `| pass@${k} | pass^${k} | trials passing | mean score | 95% CI (Student's t) | tokens | cost |`,
    '| ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    `| ${percent(overall.passAtK)} | ${percent(overall.passHatK)} | ${percent(overall.passRate)} | ${score(overall.meanScore)} | ${interval(overall.interval)} | ${summary.usage.tokens} | ${cell(cost(summary.usage.cost))} |`,
  ];
  if (reuse.reused + reuse.partly > 0)
    lines.push(
      '',
      `Reused ${reuse.reused} trials and partly reused ${reuse.partly} of ${overall.trials}, saving ${reuse.savedTokens} tokens (${cell(cost(reuse.savedCost))}).`,
    );
  if (summary.scorers.length > 0) {
    lines.push('', '| scorer | mean score | passing | errors |', '| --- | ---: | ---: | ---: |');
    for (const s of summary.scorers)
      lines.push(`| ${cell(s.scorer)} | ${score(s.meanScore)} | ${percent(s.passRate)} | ${s.errors} |`);
  }
  lines.push(...groupRows('tag', summary.byTag, k), ...groupRows('split', summary.bySplit, k));
  const notPassing = summary.cases.filter((c) => c.passes < c.trials);
  if (notPassing.length > 0) {
    const first = (id: string) => trials.find((t) => t.case === id && t.verdict !== 'pass');
    const rows = notPassing.slice(0, LISTED).map((c) => {
      const failing = first(c.case);
      const why = failing ? failureReasons(failing, 140).map(cell).join('<br>') : '';
      return `| ${c.disagree ? '⚠️ flaky' : '❌ fail'} | \`${cell(c.case)}\` | ${c.passes}/${c.trials} | ${why} |`;
    });
    lines.push(
      '',
      `<details${notPassing.length <= 10 ? ' open' : ''}><summary>${notPassing.length} cases not passing every trial (flaky first)</summary>`,
      '',
      '| | case | passed | why (first failing trial) |',
      '| --- | --- | ---: | --- |',
      ...rows,
      ...(notPassing.length > LISTED ? [`| | … ${notPassing.length - LISTED} more | | |`] : []),
      '',
      '</details>',
    );
  }
  lines.push('', `<sub>brainbench ${cell(header.brainbench)} · ${seconds(summary.durationMs)} of trials</sub>`);
  return `${lines.join('\n')}\n`;
}
