// A pairwise LLM judge: the trial's answer and another (the case's expected answer, or the same
// case's answer in another results file) put to the judge as A and B in an order drawn from the
// run's seed, case and trial, so that the judge's bias for a position is spread over both. The
// answer scores 1 when it wins, 0.5 for a tie, 0 when it loses.

import { createHash } from 'node:crypto';

import type { ChatMessage } from '../../host-api/wit-types.generated.ts';
import type { ScorerSpec } from '../load-eval.ts';
import { readResults } from '../results-reader.ts';
import { fillTemplates } from '../template.ts';
import { askJudge } from './judge-client.ts';
import { asText } from './judge-scorer.ts';
import { pairVerdict } from './judge-verdict.ts';
import { answerOf, ScorerError, type Judgement, type Scorer, type ScoringInput } from './scorer.ts';

const SYSTEM =
  'You compare two answers, A and B, to the same input by the rubric you are given. Reply with one ' +
  'JSON object and nothing else: {"winner": "A" | "B" | "tie", "reason": "<one sentence>"}.';

/** Whether the trial's answer is shown second: a coin from the seed, case, trial and scorer. */
export function answerSecond(seed: number, caseId: string, trial: number, scorer: string): boolean {
  const digest = createHash('sha256').update(`${seed}\u0000${caseId}\u0000${trial}\u0000${scorer}`).digest();
  return (digest[0]! & 1) === 1;
}

export class PairwiseScorer implements Scorer {
  /** The other results file's answers by case and trial (`case\u0000trial`), read once. */
  private baseline: Map<string, string | undefined> | undefined;

  constructor(readonly spec: Extract<ScorerSpec, { kind: 'pairwise' }>) {}

  async judge(input: ScoringInput): Promise<Judgement> {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return { score: 0, reason: answer.missing };
    const other = this.otherAnswer(input);
    const second = answerSecond(input.seed, input.case.id, input.trial, this.spec.name);
    const [a, b] = second ? [other, answer.text] : [answer.text, other];
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: [
          `Rubric:\n${asText(fillTemplates(this.spec.rubric, input.scope))}`,
          `Input:\n${asText(input.case.input)}`,
          `Answer A:\n${a}`,
          `Answer B:\n${b}`,
        ].join('\n\n'),
      },
    ];
    const text = await askJudge(input, {
      scorer: this.spec.name,
      provider: this.spec.provider,
      ...(this.spec.model !== undefined ? { model: this.spec.model } : {}),
      messages,
    });
    const { winner, reason } = pairVerdict(text, this.spec.name);
    const ours = second ? 'B' : 'A';
    const score = winner === 'tie' ? 0.5 : winner === ours ? 1 : 0;
    const against = this.spec.against === 'expected' ? 'the expected answer' : 'the baseline';
    return {
      score,
      reason: `${winner === 'tie' ? 'tie with' : winner === ours ? 'preferred to' : 'lost to'} ${against} (shown as ${ours}): ${reason}`,
    };
  }

  private otherAnswer(input: ScoringInput): string {
    if (this.spec.against === 'expected') {
      if (input.case.expected === undefined)
        throw new ScorerError(
          `case "${input.case.id}" has no expected answer for the pairwise scorer "${this.spec.name}"`,
        );
      return asText(input.case.expected);
    }
    this.baseline ??= this.readBaseline();
    const text =
      this.baseline.get(`${input.case.id}\u0000${input.trial}`) ?? this.baseline.get(`${input.case.id}\u00001`);
    if (text === undefined)
      throw new ScorerError(
        `scorer "${this.spec.name}": ${this.spec.againstFile} has no answer for case "${input.case.id}"`,
      );
    return text;
  }

  private readBaseline(): Map<string, string | undefined> {
    const { trials } = readResults(this.spec.againstFile!);
    return new Map(trials.map((trial) => [`${trial.case}\u0000${trial.trial}`, trial.outcome.text]));
  }
}
