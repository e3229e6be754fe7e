// Why a trial did not pass, one line per scorer that failed or erred: what every report lists.

import type { TrialLine } from '../results-format.ts';

export function failureReasons(trial: TrialLine, width = 200): string[] {
  const cut = (text: string) => {
    const line = text.split('\n')[0] ?? '';
    return line.length > width ? `${line.slice(0, width - 1)}…` : line;
  };
  return trial.scores
    .filter((score) => score.error !== undefined || !score.pass)
    .map(
      (score) =>
        `${score.scorer}: ${score.error !== undefined ? `error: ${cut(score.error)}` : cut(score.reason ?? 'failed')}`,
    );
}
