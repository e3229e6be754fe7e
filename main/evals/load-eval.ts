// Reads an eval file (TOML, YAML or JSON, as configs are read) into an EvalSpec: validated, its
// paths resolved next to it, its assertions parsed; every mistake a ConfigError at file:line:col.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { AssertionParseError } from '../assertions/assertion-parse-error.ts';
import type { AgentAssertion, EventAssertion } from '../assertions/assertion-types.ts';
import { parseAssertions, parseEventAssertion } from '../assertions/parse-assertions.ts';
import { compileRustRegex } from '../assertions/rust-regex.ts';
import { ConfigError } from '../config/config-error.ts';
import type { KeyOrigins } from '../config/config-types.ts';
import type { KeyPath } from '../config/key-path.ts';
import { locatedError } from '../config/located-error.ts';
import { readConfigDocument } from '../config/read-config-document.ts';
import { validateLocated } from '../config/validate-located.ts';
import { locateAssertionError } from '../testing/locate-assertion-error.ts';
import { evalSchema, type EvalShape, type ScorerShape } from './eval-schema.ts';

/** A scorer as the eval names it, with what its kind needs parsed or resolved. */
export type ScorerSpec = ScorerShape & {
  name: string;
  threshold: number;
  /** Its position in the eval file, for errors. */
  at: KeyPath;
  /** `assertions`: the agent's assertion, parsed. */
  assertion?: AgentAssertion;
  /** `assertions`: what must not happen. */
  absentEvents?: EventAssertion[];
  /** `code`: the script, resolved next to the eval file. */
  scriptFile?: string;
  /** `pairwise` against a results file: that file, resolved next to the eval file. */
  againstFile?: string;
};

export interface EvalSpec extends Omit<EvalShape, 'scorers'> {
  /** The eval file, absolute. */
  file: string;
  /** sha256 of its text. */
  sha256: string;
  configFile: string;
  datasetFile: string;
  scorers: ScorerSpec[];
  /** Where its keys are, for located errors found later (templates, agents). */
  origins: KeyOrigins;
}

/** The threshold a scorer passes at unless it says otherwise: graded judgements pass at one half. */
const DEFAULT_THRESHOLD: Record<ScorerShape['kind'], number> = {
  assertions: 1,
  equals: 1,
  contains: 1,
  regex: 1,
  json_schema: 1,
  numeric: 1,
  budget: 1,
  code: 0.5,
  judge: 0.5,
  pairwise: 0.5,
};

export function loadEval(path: string): EvalSpec {
  const file = resolve(path);
  if (!existsSync(file)) throw new ConfigError({ file, problem: 'no such eval file' });
  const document = readConfigDocument(file);
  const origins: KeyOrigins = { file, locate: document.locate, setByEnvironment: () => false };
  const shape = validateLocated(evalSchema, document.data, origins, []);
  const dir = dirname(file);
  const names = new Set<string>();
  const scorers = shape.scorers.map((scorer, index) => {
    const at: KeyPath = ['scorers', index];
    const name = scorer.name ?? scorer.kind;
    if (names.has(name))
      throw locatedError(
        origins,
        [...at, scorer.name ? 'name' : 'kind'],
        `expected a unique scorer name: "${name}" is taken (give it a name)`,
      );
    names.add(name);
    return scorerSpec(scorer, { name, at, dir, origins });
  });
  // The eval's `[assertions]` are judged on every trial, as the scorer `assertions.<agent>`.
  if (shape.assertions !== undefined)
    for (const [agent, assertion] of Object.entries(checkedAssertions(shape.assertions, origins))) {
      const name = `assertions.${agent}`;
      if (names.has(name)) throw locatedError(origins, ['assertions', agent], `a scorer is already named "${name}"`);
      scorers.push({
        kind: 'assertions',
        name,
        agent,
        events: [],
        absent: [],
        weight: 1,
        threshold: 1,
        at: ['assertions', agent],
        assertion,
        absentEvents: [],
      });
    }
  return {
    ...shape,
    file,
    sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
    configFile: resolve(dir, shape.config),
    datasetFile: resolve(dir, shape.dataset),
    scorers,
    origins,
  };
}

function scorerSpec(
  scorer: ScorerShape,
  { name, at, dir, origins }: { name: string; at: KeyPath; dir: string; origins: KeyOrigins },
): ScorerSpec {
  const spec: ScorerSpec = { ...scorer, name, at, threshold: scorer.threshold ?? DEFAULT_THRESHOLD[scorer.kind] };
  switch (scorer.kind) {
    case 'assertions': {
      const table = {
        [scorer.agent]: { ...(scorer.outcome !== undefined ? { outcome: scorer.outcome } : {}), events: scorer.events },
      };
      try {
        spec.assertion = parseAssertions(table)[scorer.agent];
        spec.absentEvents = scorer.absent.map((raw, index) => parseEventAssertion(raw, `absent[${index}]`));
      } catch (error) {
        if (!(error instanceof AssertionParseError)) throw error;
        throw locatedError(origins, at, error.message);
      }
      return spec;
    }
    case 'code': {
      const scriptFile = resolve(dir, scorer.script);
      if (!existsSync(scriptFile))
        throw locatedError(origins, [...at, 'script'], `no such scorer script: ${scriptFile}`);
      return { ...spec, scriptFile };
    }
    case 'regex':
      if (scorer.pattern !== undefined && !scorer.pattern.includes('{{'))
        checkRegex(scorer.pattern, origins, [...at, 'pattern']);
      return spec;
    case 'pairwise':
      return scorer.against === 'expected'
        ? spec
        : { ...spec, againstFile: resolve(dir, scorer.against.slice('results:'.length)) };
    default:
      return spec;
  }
}

function checkRegex(pattern: string, origins: KeyOrigins, at: KeyPath): void {
  try {
    compileRustRegex(pattern);
  } catch (error) {
    throw locatedError(origins, at, `${(error as Error).message}`);
  }
}

/** The eval's `[assertions]`, parsed (the trial's config carries them raw, for the harness to settle on). */
function checkedAssertions(raw: unknown, origins: KeyOrigins): Record<string, AgentAssertion> {
  try {
    return parseAssertions(raw);
  } catch (error) {
    if (error instanceof AssertionParseError) throw locateAssertionError(error, origins);
    throw error;
  }
}
