import type { TestResult } from './run-test.ts';

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** `PASS <label>` or `FAIL <label>` followed by why. */
export function formatResult(label: string, result: TestResult): string {
  if (result.pass) return `PASS ${label}`;
  const lines = [`FAIL ${label}`];
  for (const error of result.errors) lines.push(indent(error));
  for (const verdict of result.agents) {
    if (!verdict.pass) lines.push(`  agent "${verdict.agent}":`, indent(verdict.reason ?? 'failed'));
  }
  return lines.join('\n');
}

/** The closing tally, in the `N passed, N failed` form CI reads. */
export function formatTally(results: readonly TestResult[], notRun: number): string {
  const passed = results.filter((r) => r.pass).length;
  const tally = `${passed} passed, ${results.length - passed} failed`;
  return notRun > 0 ? `${tally}, ${notRun} skipped` : tally;
}
