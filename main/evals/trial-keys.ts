// What decides whether an earlier trial can be served again (`--reuse`): three hashes. The case
// (its fields and the trial's number); the inputs that answer a brain's calls (the trial's config
// without its agents and runtimes: providers, tooling, endpoint, memory seeds, tunables, with the
// case's values filled in); and the brains (each agent's runtime and brain file). A replay serves
// recorded answers to the calls a brain repeats, which is only right when what answered them is
// unchanged: so a changed case or input runs fresh, and a changed brain replays until it calls
// something else, then goes live (docs/evals.md#reusing-trials).

import { createHash } from 'node:crypto';

import type { OmwConfig } from '../config/config-types.ts';
import type { EvalCase } from './dataset.ts';
import type { TrialLine } from './results-format.ts';

const hash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

export function trialKeys(
  c: EvalCase,
  trial: number,
  config: OmwConfig,
  brains: Record<string, string | null>,
): TrialLine['keys'] {
  const { id, input, expected, tags, split } = c;
  const impl = (value: { kind: string; params: unknown } | undefined) =>
    value && { kind: value.kind, params: value.params };
  const implsOf = (table: OmwConfig['providers']) =>
    Object.fromEntries(Object.entries(table).map(([name, value]) => [name, impl(value)]));
  return {
    case: hash({ id, input, expected: expected ?? null, tags, split: split ?? null, trial }),
    inputs: hash({
      providers: implsOf(config.providers),
      tooling: implsOf(config.tooling),
      endpoint: impl(config.endpoint) ?? null,
      memory: config.memory,
      tunables: config.tunables,
    }),
    brains: hash({
      agents: Object.fromEntries(
        Object.entries(config.agents).map(([name, agent]) => [
          name,
          { runtime: agent.runtime, sha256: brains[name] ?? null },
        ]),
      ),
      runtime: implsOf(config.runtime),
    }),
  };
}
