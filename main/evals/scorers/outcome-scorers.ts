// Checks of the trial's answer against the case's expected value (or the scorer's own, which may
// be a template over the case): equals, contains, regex, JSON Schema (Ajv) and numeric tolerance.

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

import { jsonEqual } from '../../agent-protocol/json-equal.ts';
import { compileRustRegex } from '../../assertions/rust-regex.ts';
import type { Json } from '../../trace/trace-event.ts';
import type { ScorerSpec } from '../load-eval.ts';
import { fillTemplates } from '../template.ts';
import { answerOf, ScorerError, shown, type Judgement, type Scorer, type ScoringInput } from './scorer.ts';

type Spec<K extends ScorerSpec['kind']> = Extract<ScorerSpec, { kind: K }>;

/** The scorer's `expected` (filled from the case), else the case's expected value. */
function expectedOf(spec: { expected?: Json; name: string }, input: ScoringInput): Json {
  const value = spec.expected !== undefined ? fillTemplates(spec.expected, input.scope) : input.case.expected;
  if (value === undefined)
    throw new ScorerError(
      `case "${input.case.id}" has no expected value for scorer "${spec.name}" (and the scorer names none)`,
    );
  return value;
}

const parsedJson = (text: string): { value: Json } | undefined => {
  try {
    return { value: JSON.parse(text) as Json };
  } catch {
    return undefined;
  }
};

const fail = (reason: string): Judgement => ({ score: 0, reason });

export class EqualsScorer implements Scorer {
  constructor(readonly spec: Spec<'equals'>) {}

  judge(input: ScoringInput): Judgement {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return fail(answer.missing);
    const expected = expectedOf(this.spec, input);
    if (typeof expected !== 'string') {
      const parsed = parsedJson(answer.text);
      if (!parsed) return fail(`expected ${shown(expected)}, the answer is not JSON: ${shown(answer.text)}`);
      return jsonEqual(parsed.value, expected)
        ? { score: 1, reason: `equals ${shown(expected)}` }
        : fail(`expected ${shown(expected)}, got ${shown(parsed.value)}`);
    }
    const fold = (text: string) => (this.spec.ignore_case ? text.trim().toLowerCase() : text.trim());
    return fold(answer.text) === fold(expected)
      ? { score: 1, reason: `equals ${shown(expected)}` }
      : fail(`expected ${shown(expected)}, got ${shown(answer.text)}`);
  }
}

export class ContainsScorer implements Scorer {
  constructor(readonly spec: Spec<'contains'>) {}

  /** Each expected text found counts: a list of three with two found scores 2/3. */
  judge(input: ScoringInput): Judgement {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return fail(answer.missing);
    const expected = expectedOf(this.spec, input);
    const wanted = (Array.isArray(expected) ? expected : [expected]).map((item) =>
      typeof item === 'string' ? item : JSON.stringify(item),
    );
    if (wanted.length === 0) return { score: 1, reason: 'nothing to find' };
    const fold = (text: string) => (this.spec.ignore_case ? text.toLowerCase() : text);
    const haystack = fold(answer.text);
    const missing = wanted.filter((item) => !haystack.includes(fold(item)));
    const score = (wanted.length - missing.length) / wanted.length;
    return missing.length === 0
      ? { score, reason: `contains ${wanted.map((w) => shown(w)).join(', ')}` }
      : { score, reason: `does not contain ${missing.map((w) => shown(w)).join(', ')}: ${shown(answer.text)}` };
  }
}

export class RegexScorer implements Scorer {
  constructor(readonly spec: Spec<'regex'>) {}

  judge(input: ScoringInput): Judgement {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return fail(answer.missing);
    const source =
      this.spec.pattern !== undefined ? fillTemplates(this.spec.pattern, input.scope) : expectedOf(this.spec, input);
    if (typeof source !== 'string')
      throw new ScorerError(`scorer "${this.spec.name}": the pattern is not a string: ${shown(source)}`);
    let regex: RegExp;
    try {
      regex = compileRustRegex(source);
    } catch (error) {
      throw new ScorerError(`scorer "${this.spec.name}": ${(error as Error).message}`);
    }
    return regex.test(answer.text)
      ? { score: 1, reason: `matches /${source}/` }
      : fail(`does not match /${source}/: ${shown(answer.text)}`);
  }
}

export class JsonSchemaScorer implements Scorer {
  private readonly validate: ValidateFunction;

  constructor(readonly spec: Spec<'json_schema'>) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    try {
      this.validate = ajv.compile(spec.schema as object);
    } catch (error) {
      throw new ScorerError(`scorer "${spec.name}": not a JSON Schema: ${(error as Error).message}`);
    }
  }

  judge(input: ScoringInput): Judgement {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return fail(answer.missing);
    const parsed = parsedJson(answer.text);
    if (!parsed) return fail(`the answer is not JSON: ${shown(answer.text)}`);
    if (this.validate(parsed.value)) return { score: 1, reason: 'fits the schema' };
    const problems = (this.validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
    return fail(`does not fit the schema: ${problems.slice(0, 3).join('; ')}`);
  }
}

const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/g;

export class NumericScorer implements Scorer {
  constructor(readonly spec: Spec<'numeric'>) {}

  /** The answer is a number, or text holding exactly one; within the tolerance of the expected one. */
  judge(input: ScoringInput): Judgement {
    const answer = answerOf(input.outcome);
    if ('missing' in answer) return fail(answer.missing);
    const raw = expectedOf(this.spec, input);
    const expected = typeof raw === 'number' ? raw : Number(raw);
    if (!Number.isFinite(expected))
      throw new ScorerError(`case "${input.case.id}": the expected value is not a number: ${shown(raw)}`);
    const trimmed = answer.text.trim();
    let actual = trimmed === '' ? NaN : Number(trimmed);
    if (!Number.isFinite(actual)) {
      const found = trimmed.match(NUMBER) ?? [];
      if (found.length !== 1)
        return fail(
          `expected ${expected}, the answer holds ${found.length === 0 ? 'no number' : `${found.length} numbers`}: ${shown(answer.text)}`,
        );
      actual = Number(found[0]);
    }
    const { tolerance, relative } = this.spec;
    const allowed = relative ? tolerance * Math.abs(expected) : tolerance;
    const off = Math.abs(actual - expected);
    const within = `${relative ? `${tolerance * 100}%` : tolerance}`;
    return off <= allowed
      ? { score: 1, reason: `${actual} is within ${within} of ${expected}` }
      : fail(`${actual} is ${Number(off.toPrecision(6))} from ${expected} (tolerance ${within})`);
  }
}
