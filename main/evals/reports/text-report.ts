// `--format table`: the run's figures for a terminal.

import type { EvalSummary, GroupStats } from '../eval-statistics.ts';
import type { ResultsHeader, TrialLine } from '../results-format.ts';
import { failureReasons } from './failure-reasons.ts';
import { cost, interval, percent, score, seconds } from './numbers.ts';

const LISTED = 20;

function groupLine(name: string, group: GroupStats, width: number): string {
  return `  ${name.padEnd(width)}  ${String(group.cases).padStart(5)}  ${percent(group.passAtK).padStart(7)}  ${percent(group.passHatK).padStart(7)}  ${score(group.meanScore)}  ${interval(group.interval)}`;
}

export function textReport(header: ResultsHeader, summary: EvalSummary, trials: readonly TrialLine[]): string[] {
  const { overall, k } = summary;
  const lines: string[] = [];
  const shard = header.shard ? `, shard ${header.shard.index}/${header.shard.total}` : '';
  lines.push(
    `${header.eval.file}: ${overall.cases} cases, ${overall.trials} trials (k = ${k}${shard}): ${overall.passed} passed, ${overall.trials - overall.passed - overall.errors} failed, ${overall.errors} errors`,
  );
  lines.push(
    `  pass@${k} ${percent(overall.passAtK)}  pass^${k} ${percent(overall.passHatK)}  trials passing ${percent(overall.passRate)}  mean score ${score(overall.meanScore)} (95% CI ${interval(overall.interval)}, Student's t over cases)`,
  );
  const { reuse } = summary;
  lines.push(
    `  tokens ${summary.usage.tokens}, cost ${cost(summary.usage.cost)}, trial time ${seconds(summary.durationMs)}; fresh ${reuse.fresh}, reused ${reuse.reused}, partly reused ${reuse.partly} (saved ${reuse.savedTokens} tokens, ${cost(reuse.savedCost)})`,
  );
  if (summary.scorers.length > 0) {
    const width = Math.max(6, ...summary.scorers.map((s) => s.scorer.length));
    lines.push(`  ${'scorer'.padEnd(width)}   mean  passing  errors`);
    for (const s of summary.scorers)
      lines.push(
        `  ${s.scorer.padEnd(width)}  ${score(s.meanScore)}  ${percent(s.passRate).padStart(7)}  ${String(s.errors).padStart(6)}`,
      );
  }
  for (const [title, groups] of [
    ['tag', summary.byTag],
    ['split', summary.bySplit],
  ] as const) {
    const names = Object.keys(groups);
    if (names.length === 0) continue;
    const width = Math.max(title.length, ...names.map((n) => n.length));
    lines.push(`  ${title.padEnd(width)}  cases  pass@${k}  pass^${k}  mean   95% CI`);
    for (const name of names) lines.push(groupLine(name, groups[name]!, width));
  }
  const notPassing = summary.cases.filter((c) => c.passes < c.trials);
  if (notPassing.length > 0) {
    lines.push(`cases not passing every trial (${notPassing.length}; disagreeing first):`);
    const byCase = new Map<string, TrialLine[]>();
    for (const trial of trials) {
      let list = byCase.get(trial.case);
      if (!list) byCase.set(trial.case, (list = []));
      list.push(trial);
    }
    for (const c of notPassing.slice(0, LISTED)) {
      lines.push(
        `  ${c.disagree ? 'FLAKY' : 'FAIL '} ${c.case}: ${c.passes}/${c.trials} passed, mean ${score(c.meanScore)}`,
      );
      const failing = (byCase.get(c.case) ?? []).find((t) => t.verdict !== 'pass');
      if (failing) for (const reason of failureReasons(failing, 160)) lines.push(`        #${failing.trial} ${reason}`);
    }
    if (notPassing.length > LISTED)
      lines.push(`  … and ${notPassing.length - LISTED} more (--format json lists them all)`);
  }
  return lines;
}
