// A judge's structured verdict, read strictly: the answer must be one JSON object with exactly the
// keys asked for. Anything else is the trial's scorer error, quoting what the judge said.

import { ScorerError } from './scorer.ts';

const QUOTED = 300;

function quoted(text: string): string {
  const cut = text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
  return JSON.stringify(cut);
}

function object(text: string, scorer: string, shape: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.trim());
  } catch {
    value = undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ScorerError(`scorer "${scorer}": the judge did not answer with a verdict ${shape}: ${quoted(text)}`);
  return value as Record<string, unknown>;
}

function onlyKeys(value: Record<string, unknown>, keys: string[], text: string, scorer: string, shape: string): void {
  const extra = Object.keys(value).filter((key) => !keys.includes(key));
  if (extra.length > 0 || keys.some((key) => !Object.hasOwn(value, key)))
    throw new ScorerError(`scorer "${scorer}": the judge's verdict is not ${shape}: ${quoted(text)}`);
}

/** `{"score": 0..1, "reason": "…"}` */
export function scoreVerdict(text: string, scorer: string): { score: number; reason: string } {
  const shape = '{"score": 0..1, "reason": "…"}';
  const value = object(text, scorer, shape);
  onlyKeys(value, ['score', 'reason'], text, scorer, shape);
  const { score, reason } = value;
  if (typeof score !== 'number' || !(score >= 0 && score <= 1) || typeof reason !== 'string')
    throw new ScorerError(`scorer "${scorer}": the judge's verdict is not ${shape}: ${quoted(text)}`);
  return { score, reason };
}

/** `{"winner": "A" | "B" | "tie", "reason": "…"}` */
export function pairVerdict(text: string, scorer: string): { winner: 'A' | 'B' | 'tie'; reason: string } {
  const shape = '{"winner": "A"|"B"|"tie", "reason": "…"}';
  const value = object(text, scorer, shape);
  onlyKeys(value, ['winner', 'reason'], text, scorer, shape);
  const { winner, reason } = value;
  if ((winner !== 'A' && winner !== 'B' && winner !== 'tie') || typeof reason !== 'string')
    throw new ScorerError(`scorer "${scorer}": the judge's verdict is not ${shape}: ${quoted(text)}`);
  return { winner, reason };
}
