// An LLM judge (docs/evals.md#judges): the rubric, the case's input and expected value and the
// trial's answer, put to a named provider and model of the config; it answers a structured
// verdict {score, reason}, read strictly.

import type { ChatMessage } from '../../host-api/wit-types.generated.ts';
import type { ScorerSpec } from '../load-eval.ts';
import { fillTemplates } from '../template.ts';
import { askJudge } from './judge-client.ts';
import { scoreVerdict } from './judge-verdict.ts';
import { answerOf, type Judgement, type Scorer, type ScoringInput } from './scorer.ts';

const SYSTEM =
  "You grade an AI agent's answer by the rubric you are given. Reply with one JSON object and " +
  'nothing else: {"score": <a number from 0 to 1>, "reason": "<one sentence>"}.';

export const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export class JudgeScorer implements Scorer {
  constructor(readonly spec: Extract<ScorerSpec, { kind: 'judge' }>) {}

  async judge(input: ScoringInput): Promise<Judgement> {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return { score: 0, reason: answer.missing };
    const rubric = asText(fillTemplates(this.spec.rubric, input.scope));
    const parts = [
      `Rubric:\n${rubric}`,
      `Input:\n${asText(input.case.input)}`,
      ...(input.case.expected !== undefined ? [`Expected answer:\n${asText(input.case.expected)}`] : []),
      `Answer to grade:\n${answer.text}`,
    ];
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: parts.join('\n\n') },
    ];
    const text = await askJudge(input, {
      scorer: this.spec.name,
      provider: this.spec.provider,
      ...(this.spec.model !== undefined ? { model: this.spec.model } : {}),
      messages,
    });
    return scoreVerdict(text, this.spec.name);
  }
}
