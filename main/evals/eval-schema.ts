// The eval file (docs/evals.md): the config under test, a dataset, how a case becomes input, when
// a trial ends, its scorers and its trials. Validated with zod, as configs are, so that every
// mistake is a ConfigError at its file:line:column; `brainbench schema --eval` emits its JSON Schema.

import { z } from 'zod';

import { closedTable } from '../config/closed-table.ts';
import { jsonValue } from '../config/json-value.ts';

const agentName = z.string().min(1, { error: 'expected an agent name' });
const positive = z.number().positive({ error: 'expected a number above 0' });
const positiveWhole = z.number().int().positive({ error: 'expected a whole number above 0' });
const unitScore = z.number().min(0).max(1, { error: 'expected a number from 0 to 1' });

/** A chat message of an endpoint request, as the mock endpoint's (omw-compat 13.3). */
const endpointMessage = closedTable({
  role: z.enum(['system', 'user', 'assistant', 'tool']).default('user'),
  content: z.string().optional(),
});

export const inputSchema = closedTable({
  /** Per agent, memory seeds written over the config's `[memory.<agent>]`. */
  memory: z.record(agentName, z.record(z.string(), jsonValue)).optional(),
  /** A `message` event put into the agent's inbox before it runs. */
  message: closedTable({ to: agentName, payload: z.string() }).optional(),
  /** Any event (`{ kind, data }`, as `recv` returns it) put into the agent's inbox before it runs. */
  event: closedTable({ to: agentName, event: jsonValue }).optional(),
  /** A request to the brains' endpoint (a mock endpoint's request); its reply is the trial's outcome. */
  endpoint: closedTable({
    model: z.string(),
    messages: z.array(endpointMessage).default([]),
    params: jsonValue.optional(),
  }).optional(),
});

export const endSchema = closedTable({
  /** The agent whose outcome ends the trial and is scored. */
  agent: agentName.optional(),
  /** The endpoint reply to the input request ends the trial. */
  endpoint_reply: z.boolean().default(false),
  /** The `[assertions]` settling ends the trial (as in omw-test); true when there are assertions. */
  assertions: z.boolean().optional(),
  /** Agents run in omw's loop mode; only an end condition or a budget stops them. */
  loop: z.boolean().default(false),
  /** Where the scored answer is: the agent's exit message (default), or `memory:<key>`. */
  answer: z
    .string()
    .regex(/^(exit|memory:.+)$/, { error: 'expected "exit" or "memory:<key>"' })
    .default('exit'),
  max_iterations: positiveWhole.optional(),
  max_seconds: positive.optional(),
  max_tokens: positiveWhole.optional(),
  max_cost: positive.optional(),
});

const common = {
  /** Unique among the eval's scorers; the kind by default. */
  name: z.string().min(1).optional(),
  /** Its share of the trial's score. */
  weight: z.number().nonnegative().default(1),
  /** The score at which it passes (1 for checks, 0.5 for judges and code). */
  threshold: unitScore.optional(),
  /** Only cases with one of these tags are scored by it. */
  tags: z.array(z.string()).optional(),
};

const expected = { expected: jsonValue.optional() };

const eventList = z.array(z.unknown()).default([]);

export const scorerSchema = z.discriminatedUnion(
  'kind',
  [
    closedTable({
      kind: z.literal('assertions'),
      ...common,
      agent: agentName,
      outcome: z.unknown().optional(),
      events: eventList,
      /** Events that must not happen (a tool never called). */
      absent: eventList,
    }),
    closedTable({ kind: z.literal('equals'), ...common, ...expected, ignore_case: z.boolean().default(false) }),
    closedTable({ kind: z.literal('contains'), ...common, ...expected, ignore_case: z.boolean().default(false) }),
    closedTable({ kind: z.literal('regex'), ...common, pattern: z.string().optional() }),
    closedTable({ kind: z.literal('json_schema'), ...common, schema: jsonValue }),
    closedTable({
      kind: z.literal('numeric'),
      ...common,
      ...expected,
      tolerance: z.number().nonnegative().default(0),
      relative: z.boolean().default(false),
    }),
    closedTable({
      kind: z.literal('budget'),
      ...common,
      max_cost: positive.optional(),
      max_tokens: positiveWhole.optional(),
      max_latency_ms: positive.optional(),
      max_iterations: positiveWhole.optional(),
      max_calls: positiveWhole.optional(),
    }),
    closedTable({
      kind: z.literal('code'),
      ...common,
      runtime: z.enum(['js', 'rhai', 'python']),
      script: z.string().min(1),
    }),
    closedTable({
      kind: z.literal('judge'),
      ...common,
      provider: z.string(),
      model: z.string().optional(),
      rubric: z.string().min(1),
    }),
    closedTable({
      kind: z.literal('pairwise'),
      ...common,
      provider: z.string(),
      model: z.string().optional(),
      rubric: z.string().min(1),
      /** What the outcome is compared with: the case's expected value, or the same case in a results file. */
      against: z.union([z.literal('expected'), z.string().regex(/^results:.+/)]).default('expected'),
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'expected a scorer kind: assertions, equals, contains, regex, json_schema, numeric, budget, code, judge or pairwise'
        : undefined,
  },
);

export const evalSchema = closedTable({
  description: z.string().optional(),
  /** The workspace config under test, relative to the eval file. */
  config: z.string().min(1),
  /** The dataset (JSONL, CSV or YAML), relative to the eval file. */
  dataset: z.string().min(1),
  trials: positiveWhole.default(1),
  /** Seeds sampling and the pairwise judge's order. */
  seed: z.number().int().nonnegative().default(0),
  input: inputSchema.prefault({}),
  end: endSchema.prefault({}),
  scorers: z.array(scorerSchema).default([]),
  /** omw-test's `[assertions]` (omw-compat 14.3), judged on each trial. */
  assertions: z.unknown().optional(),
});

export type EvalShape = z.output<typeof evalSchema>;
export type InputShape = z.output<typeof inputSchema>;
export type EndShape = z.output<typeof endSchema>;
export type ScorerShape = z.output<typeof scorerSchema>;
