// A recording's header is data from whoever made the file: before anything uses it, its shape is
// checked and every name in it (agents, providers, tool servers, runtimes, the agents of the
// brains, memory and a branch) follows the config's rule (config/config-names.ts). The tables
// keyed by those names are rebuilt without a prototype, so that `constructor` or `__proto__` is
// an ordinary key: a lookup finds it only when the recording has it, and nothing drops it.

import { z } from 'zod';
import { nameProblem, quotedName } from '../config/config-names.ts';
import type { ImplConfig } from '../config/config-types.ts';
import { RecordingError } from './recording-reader.ts';
import type { HeaderLine, RecordedBrain, RecordedConfig } from './recording-format.ts';

const agentEntry = z.object({ runtime: z.string(), script: z.string(), declaredIn: z.string().default('') });
const implEntry = z.object({ kind: z.string(), params: z.record(z.string(), z.unknown()).default({}) });
const brainEntry = z.object({
  path: z.string(),
  sha256: z.string().nullable().default(null),
  source: z.string().optional(),
});
const facts = z.object({
  createdAt: z.number(),
  brainbench: z.string(),
  mode: z.enum(['run', 'loop', 'session']),
  configFile: z.string(),
  segment: z.number().int().positive().optional(),
  config: z.object({ endpoint: implEntry.nullish(), tunables: z.record(z.string(), z.unknown()).default({}) }),
  branch: z
    .object({
      name: z.string(),
      of: z.string(),
      agent: z.string(),
      afterIteration: z.number().int().nonnegative(),
      edits: z.array(z.string()),
      // Checked as is, not rebuilt by zod (which would take a `__proto__` key for the prototype).
      memory: z
        .custom<Record<string, string>>(
          (value) => isTable(value) && Object.values(value).every((item) => typeof item === 'string'),
          { message: 'expected a table of strings' },
        )
        .optional(),
      createdAt: z.number(),
    })
    .optional(),
});

/** An agent's name from anywhere in a recording, checked as the config checks it. */
export function checkedAgentName(name: unknown): string {
  if (typeof name !== 'string') throw new RecordingError(`an agent is named by ${JSON.stringify(name)}, not a string`);
  const problem = nameProblem(name);
  if (problem) throw new RecordingError(`${quotedName(name)} cannot name an agent: ${problem}`);
  return name;
}

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a zod issue is, after `where`: `.script`, `[2]`. */
function issueText(where: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return `${where}${path}: ${issue.message}`;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new RecordingError(`line 1: the header's ${issueText(where, result.error)}`);
  return result.data;
}

/** A table keyed by names, each checked and its entry parsed, as an object without a prototype. */
function namedTable<T>(value: unknown, where: string, noun: string, entry: z.ZodType<T>): Record<string, T> {
  if (value === undefined) return Object.create(null) as Record<string, T>;
  if (!isTable(value)) throw new RecordingError(`line 1: the header's ${where} is not a table`);
  const table = Object.create(null) as Record<string, T>;
  for (const [name, item] of Object.entries(value)) {
    const problem = nameProblem(name);
    if (problem) throw new RecordingError(`line 1: ${quotedName(name)} cannot name ${noun}: ${problem}`);
    table[name] = parsed(entry, item, `${where}[${quotedName(name)}]`);
  }
  return table;
}

/** A table of arbitrary keys (memory keys are the brain's own data), without a prototype. */
const stringTable = z.custom<Record<string, string>>(
  (value) => isTable(value) && Object.values(value).every((item) => typeof item === 'string'),
  { message: 'expected a table of strings' },
);

function withoutPrototype<T>(table: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, table);
}

/**
 * The header as this Brainbench uses it: every name checked, every table a recording reads by
 * name without a prototype. Throws a RecordingError naming the first bad name or value.
 */
export function checkedHeader(header: HeaderLine): HeaderLine {
  const known = parsed(facts, header, 'header');
  const raw: unknown = header.config;
  if (!isTable(raw)) throw new RecordingError("line 1: the header's config is not a table");
  const runtime = namedTable(raw['runtime'], 'config.runtime', 'a runtime', implEntry) as Record<string, ImplConfig>;
  const agents = namedTable(raw['agents'], 'config.agents', 'an agent', agentEntry);
  for (const [name, agent] of Object.entries(agents)) {
    if (!Object.hasOwn(runtime, agent.runtime)) {
      throw new RecordingError(
        `line 1: agent ${quotedName(name)} names runtime ${quotedName(agent.runtime)}, which the header's config does not have`,
      );
    }
  }
  const memory = namedTable(raw['memory'], 'config.memory', 'an agent', stringTable);
  for (const name of Object.keys(memory)) memory[name] = withoutPrototype(memory[name]!);
  const config: RecordedConfig = {
    agents,
    providers: namedTable(raw['providers'], 'config.providers', 'a provider', implEntry) as Record<string, ImplConfig>,
    tooling: namedTable(raw['tooling'], 'config.tooling', 'a tool server', implEntry) as Record<string, ImplConfig>,
    runtime,
    ...(known.config.endpoint ? { endpoint: known.config.endpoint } : {}),
    memory,
    tunables: known.config.tunables as unknown as RecordedConfig['tunables'],
  };
  const brains = namedTable<RecordedBrain>(header.brains, 'brains', 'an agent', brainEntry);
  const { branch } = known;
  if (branch) {
    const problem = nameProblem(branch.name);
    if (problem) throw new RecordingError(`line 1: ${quotedName(branch.name)} cannot name a branch: ${problem}`);
    checkedAgentName(branch.agent);
    if (branch.memory) branch.memory = withoutPrototype(branch.memory);
  }
  return {
    kind: 'header',
    format: header.format,
    version: header.version,
    createdAt: known.createdAt,
    brainbench: known.brainbench,
    mode: known.mode,
    configFile: known.configFile,
    config,
    brains,
    ...(known.segment !== undefined ? { segment: known.segment } : {}),
    ...(branch ? { branch } : {}),
  };
}
