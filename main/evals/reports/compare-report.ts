// `eval compare`'s report: regressions first, each case's two mean scores and its trials' passes,
// the paired test, and the score, cost and latency of both sides; as terminal text or Markdown.

import type { Comparison, Side } from '../compare-results.ts';
import { cell } from './markdown-report.ts';
import { cost, percent, score, seconds } from './numbers.ts';

const LISTED = 30;

const signed = (value: number, digits = 3) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

function verdictLine(comparison: Comparison): string {
  return comparison.gate.pass ? 'PASS: within the thresholds' : `FAIL: ${comparison.gate.reasons.join('; ')}`;
}

function testLine({ test, cases }: Comparison): string {
  const p = test.p < 0.001 ? '< 0.001' : test.p.toFixed(3);
  return `paired t test over ${cases.length} cases: t = ${Number.isFinite(test.t) ? test.t.toFixed(2) : test.t > 0 ? '+inf' : '-inf'}, df = ${test.df}, p = ${p}${test.p < 0.05 ? ' (significant at 5%)' : ' (not significant at 5%)'}`;
}

function sideLine(name: string, s: Side, k: number): string {
  return `${name}: mean score ${score(s.overall.meanScore)}, pass@${k} ${percent(s.overall.passAtK)}, pass^${k} ${percent(s.overall.passHatK)}, cost ${cost(s.cost)}, ${s.tokens} tokens, ${seconds(s.latencyMs)} a trial`;
}

export function compareText(comparison: Comparison): string[] {
  const { base, candidate, counts } = comparison;
  const k = base.overall.k;
  const lines = [
    sideLine('base     ', base, k),
    sideLine('candidate', candidate, k),
    `delta: mean score ${signed(comparison.meanDelta)}, latency ${signed(candidate.latencyMs - base.latencyMs, 0)} ms, tokens ${signed(candidate.tokens - base.tokens, 0)}`,
    `${counts.regressed} regressed, ${counts.improved} improved, ${counts.unchanged} unchanged${comparison.onlyInBase.length ? `; ${comparison.onlyInBase.length} only in base` : ''}${comparison.onlyInCandidate.length ? `; ${comparison.onlyInCandidate.length} only in candidate` : ''}`,
    testLine(comparison),
  ];
  const changed = comparison.cases.filter((c) => c.status !== 'unchanged');
  for (const c of changed.slice(0, LISTED))
    lines.push(
      `  ${c.status === 'regressed' ? 'REGRESSED' : 'IMPROVED '} ${c.case}: ${score(c.base.meanScore)} -> ${score(c.candidate.meanScore)} (${signed(c.delta)}), passed ${c.base.passes}/${c.base.trials} -> ${c.candidate.passes}/${c.candidate.trials}`,
    );
  if (changed.length > LISTED) lines.push(`  … and ${changed.length - LISTED} more (--format json lists them all)`);
  lines.push(verdictLine(comparison));
  return lines;
}

export function compareMarkdown(comparison: Comparison): string {
  const { base, candidate, counts } = comparison;
  const k = base.overall.k;
  const row = (name: string, s: Side) =>
    `| ${name} | ${score(s.overall.meanScore)} | ${percent(s.overall.passAtK)} | ${percent(s.overall.passHatK)} | ${cell(cost(s.cost))} | ${s.tokens} | ${seconds(s.latencyMs)} |`;
  const lines = [
    `### Eval comparison: ${comparison.gate.pass ? '✅ no regressions beyond the thresholds' : '❌ ' + cell(comparison.gate.reasons.join('; '))}`,
    '',
    `| | mean score | pass@${k} | pass^${k} | cost | tokens | per trial |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('base', base),
    row('candidate', candidate),
    `| **delta** | **${signed(comparison.meanDelta)}** | ${signed((candidate.overall.passAtK - base.overall.passAtK) * 100, 1)} pt | ${signed((candidate.overall.passHatK - base.overall.passHatK) * 100, 1)} pt | | ${signed(candidate.tokens - base.tokens, 0)} | ${signed(candidate.latencyMs - base.latencyMs, 0)} ms |`,
    '',
    `${counts.regressed} regressed, ${counts.improved} improved, ${counts.unchanged} unchanged. ${cell(testLine(comparison))}.`,
  ];
  const changed = comparison.cases.filter((c) => c.status !== 'unchanged');
  if (changed.length > 0) {
    lines.push('', '| | case | base | candidate | delta |', '| --- | --- | ---: | ---: | ---: |');
    for (const c of changed.slice(0, LISTED))
      lines.push(
        `| ${c.status === 'regressed' ? '🔻' : '🔺'} | \`${cell(c.case)}\` | ${score(c.base.meanScore)} (${c.base.passes}/${c.base.trials}) | ${score(c.candidate.meanScore)} (${c.candidate.passes}/${c.candidate.trials}) | ${signed(c.delta)} |`,
      );
    if (changed.length > LISTED) lines.push(`| | … ${changed.length - LISTED} more | | | |`);
  }
  return `${lines.join('\n')}\n`;
}
