// The text `brainbench accounting` prints: per agent a line of totals and a table of its
// iterations, then the run's totals and one line per provider and model.

import { counted } from '../../contract/counted.ts';
import { costText, type AccountingView, type UsageTotals } from '../../contract/accounting-views.ts';

const COLUMNS = ['iteration', 'duration', 'calls', 'chats', 'prompt', 'completion', 'total', 'cost'];

const ms = (value: number | undefined) => (value === undefined ? '…' : `${Math.round(value * 10) / 10} ms`);

/** `9 calls (2 to providers), tokens 24 (prompt 17, completion 7), cost 0.00011 USD` */
export function totalsText(totals: UsageTotals): string {
  const { tokens } = totals;
  return (
    `${counted(totals.calls, 'call')} (${totals.providerCalls} to providers), tokens ${tokens.total} ` +
    `(prompt ${tokens.prompt}, completion ${tokens.completion}), cost ${costText(totals.cost)}`
  );
}

function table(rows: string[][]): string[] {
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
}

export function describeAccounting(view: AccountingView): string[] {
  const lines: string[] = [];
  for (const agent of view.agents) {
    lines.push(`${agent.agent}: ${counted(agent.iterations.length, 'iteration')}, ${totalsText(agent.totals)}`);
    const rows = agent.iterations.map((row) => [
      `#${row.iteration}`,
      ms(row.durationMs),
      String(row.calls),
      String(row.providerCalls),
      String(row.tokens.prompt),
      String(row.tokens.completion),
      String(row.tokens.total),
      costText(row.cost),
    ]);
    lines.push(...table([COLUMNS, ...rows]).map((line) => `  ${line}`));
  }
  lines.push(`run: ${counted(view.agents.length, 'agent')}, ${totalsText(view.run)}`);
  for (const model of view.models)
    lines.push(
      `  ${model.provider} ${model.model || '(no model)'}: ${counted(model.providerCalls, 'call')}, tokens ${model.tokens.total} (prompt ${model.tokens.prompt}, completion ${model.tokens.completion}), cost ${costText(model.cost)}`,
    );
  if (!view.priced)
    lines.push('note: the config has no prices ([providers.<name>.prices."<model>"] in docs/recordings.md)');
  if (view.truncated) lines.push('note: the recording ends with a cut line (it was not closed)');
  return lines;
}
