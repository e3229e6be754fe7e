import { resolve } from 'node:path';

import { isConfigTable } from './config-document.ts';
import { NAME_NOUN, NAMED_SECTIONS, nameProblem, quotedName } from './config-names.ts';
import { configSchema, type ConfigShape } from './config-schema.ts';
import type { AgentConfig, ImplConfig, OmwConfig } from './config-types.ts';
import { describeFound } from './issue-text.ts';
import type { KeyPath } from './key-path.ts';
import type { LayeredConfig } from './layered-config.ts';
import { locatedError } from './located-error.ts';
import { tunablesSchema } from './tunables-schema.ts';
import { validateLocated } from './validate-located.ts';

/** Validates merged layers into the model every consumer uses. */
export function buildOmwConfig(layered: LayeredConfig): OmwConfig {
  rejectLegacyAgentList(layered);
  rejectTooManyAgents(layered);
  const shape = validateLocated(configSchema, layered.data, layered, []);
  checkNames(shape, layered);
  checkAgentRuntimes(shape, layered);
  return {
    file: layered.file,
    locate: layered.locate,
    setByEnvironment: layered.setByEnvironment,
    agents: agentsOf(shape, layered),
    providers: implsOf('providers', shape.providers, layered),
    tooling: implsOf('tooling', shape.tooling, layered),
    runtime: implsOf('runtime', shape.runtime, layered),
    ...(shape.endpoint ? { endpoint: implOf(['endpoint'], shape.endpoint, layered) } : {}),
    memory: stringifiedMemory(shape.memory),
    tunables: shape.tunables,
    ...(shape.assertions !== undefined ? { assertions: shape.assertions } : {}),
  };
}

function rejectLegacyAgentList(layered: LayeredConfig): void {
  if (!Array.isArray(layered.data['agents'])) return;
  throw locatedError(
    layered,
    ['agents'],
    'expected a table of agents keyed by name: `agents` is a map now, so write `[agents.<name>]` ' +
      'instead of `[[agents]]` entries with a `name` key',
    'found a list',
  );
}

/** Counted before anything else is validated: a config with a million agents is refused at once. */
function rejectTooManyAgents(layered: LayeredConfig): void {
  const agents = layered.data['agents'];
  if (!isConfigTable(agents)) return;
  const count = Object.keys(agents).length;
  const { max_agents: limit } = validateLocated(tunablesSchema, layered.data['tunables'] ?? {}, layered, ['tunables']);
  if (count <= limit) return;
  throw locatedError(
    layered,
    ['agents'],
    `expected at most ${limit} agents, since each runs as its own process (raise tunables.max_agents to allow more)`,
    `found ${count}`,
  );
}

/** Every name the config gives (and every agent it seeds memory for) follows config-names.ts. */
function checkNames(shape: ConfigShape, layered: LayeredConfig): void {
  for (const section of NAMED_SECTIONS) {
    for (const name of Object.keys(shape[section])) {
      const problem = nameProblem(name);
      if (problem)
        throw locatedError(
          layered,
          [section, name],
          `${quotedName(name)} cannot name ${NAME_NOUN[section]}: ${problem}`,
        );
    }
  }
  for (const name of Object.keys(shape.memory)) {
    const problem = nameProblem(name);
    if (problem) throw locatedError(layered, ['memory', name], `${quotedName(name)} cannot name an agent: ${problem}`);
  }
}

function checkAgentRuntimes(shape: ConfigShape, layered: LayeredConfig): void {
  const configured = Object.keys(shape.runtime);
  for (const [name, agent] of Object.entries(shape.agents)) {
    if (Object.hasOwn(shape.runtime, agent.runtime)) continue;
    const choices = configured.length > 0 ? `one of ${configured.join(', ')}` : 'none is configured';
    throw locatedError(
      layered,
      ['agents', name, 'runtime'],
      `agent "${name}" expected the name of a configured runtime (${choices})`,
      describeFound(agent.runtime),
    );
  }
}

/** Sorted by name, the order omw runs agents in; relative scripts resolve next to the layer that wrote them. */
function agentsOf(shape: ConfigShape, layered: LayeredConfig): Record<string, AgentConfig> {
  const byName = Object.entries(shape.agents).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(
    byName.map(([name, agent]) => {
      const declaredBy = layered.documentThatSet(['agents', name, 'script']);
      const config: AgentConfig = {
        runtime: agent.runtime,
        script: resolve(declaredBy.scriptBase, agent.script),
        declaredIn: declaredBy.file,
      };
      return [name, config];
    }),
  );
}

function implsOf(section: string, impls: ConfigShape['providers'], layered: LayeredConfig): Record<string, ImplConfig> {
  return Object.fromEntries(Object.entries(impls).map(([name, raw]) => [name, implOf([section, name], raw, layered)]));
}

/**
 * The params are the kind's siblings (omw flattens them into the same table). The location is
 * looked up when first read: locating a key in a JSON or TOML file means scanning it, which a
 * config that loads without an error otherwise never needs.
 */
function implOf(path: KeyPath, raw: { kind: string }, layered: LayeredConfig): ImplConfig {
  const { kind, ...params } = raw;
  return {
    kind,
    params,
    get location() {
      return layered.locate([...path, 'kind']);
    },
  };
}

/** omw-compat 1.4: strings are stored as-is, any other JSON value as its compact JSON text. */
function stringifiedMemory(memory: ConfigShape['memory']): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(memory).map(([agent, seeds]) => [
      agent,
      Object.fromEntries(
        Object.entries(seeds).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
      ),
    ]),
  );
}
