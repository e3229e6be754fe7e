// Two small results files whose comparison is known (test/evals/fixtures/compare-known.json, the
// answers of the code before the Evals view's compare was made fast): several trials a case in
// shuffled order, passes, failures and errors, scores that do not add up exactly in floating
// point, two currencies, a case only in each file, long and missing answers.

import { writeFileSync } from 'node:fs';

function trialLine(caseIndex: number, trial: number, side: 'base' | 'candidate'): string {
  const seed = (caseIndex * 31 + trial * 7 + (side === 'base' ? 0 : 3)) % 17;
  const verdict = seed % 5 === 0 ? 'error' : seed % 3 === 0 ? 'fail' : 'pass';
  const score = verdict === 'pass' ? 1 : Number((0.1 + seed / 30).toFixed(3)) / 3;
  const outcome =
    verdict === 'error'
      ? { kind: 'failed', agent: 'a', error: `broke ${seed}` }
      : seed === 4
        ? { kind: 'budget', agent: 'a', budget: 'max_tokens', reason: 'over budget' }
        : { kind: 'exited', agent: 'a', text: seed === 7 ? 'x'.repeat(700) : `answer ${seed}` };
  return JSON.stringify({
    kind: 'trial',
    case: `case-${caseIndex}`,
    caseIndex,
    trial,
    tags: [['a', 'b', 'c'][caseIndex % 3]],
    ...(caseIndex % 2 ? { split: 'dev' } : {}),
    input: { n: caseIndex },
    expected: `answer ${caseIndex}`,
    outcome,
    scores: [{ scorer: 'equals', hash: 'h', score, pass: score >= 1, reason: 'r' }],
    score,
    verdict,
    usage: {
      tokens: { prompt: 10 + seed, completion: seed, total: 10 + 2 * seed },
      cost: {
        amounts: caseIndex % 4 === 1 ? { USD: 0.0001 * seed, EUR: 0.00003 * trial } : { USD: 0.00017 * seed },
        unpriced: 0,
      },
      calls: 3,
      providerCalls: 1,
      iterations: 1,
    },
    durationMs: 100 + seed * 13.37 + trial / 3,
    reused: 'fresh',
    recording: `r.recordings/${caseIndex}.${trial}.jsonl`,
  });
}

/** Writes the pair: `base` has cases 0–10, `candidate` 1–11, three trials each, in shuffled order. */
export function writeComparedPair(base: string, candidate: string): void {
  for (const [file, side, first] of [
    [base, 'base', 0],
    [candidate, 'candidate', 1],
  ] as const) {
    const lines = [
      JSON.stringify({
        kind: 'header',
        format: 'brainbench-eval-results',
        version: 1,
        brainbench: 'test',
        createdAt: 0,
        eval: { file: 'e.eval.toml', sha256: 'x', scorers: [{ name: 'equals', kind: 'equals' }] },
        config: { file: 'omw.toml', sha256: 'x' },
        dataset: { file: 'cases.jsonl', sha256: 'x', cases: 12 },
        brains: {},
        options: { trials: 3, filter: [] },
        seed: 0,
        selected: 11,
        shard: null,
      }),
    ];
    for (let c = first; c < first + 11; c++)
      for (const trial of c % 2 ? [2, 1, 3] : [1, 2, 3]) lines.push(trialLine(c, trial, side));
    writeFileSync(file, `${lines.join('\n')}\n`);
  }
}
