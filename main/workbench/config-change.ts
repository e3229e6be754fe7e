// Which agents a new config rewires, so a saved config (or New agent) restarts only those. An
// agent's wiring is everything its process and context are built from: its own table (runtime
// name, brain), its runtime's table (kind, params, limits) and its memory. The back ends, the
// endpoint and the tunables are shared: any agent may call any provider or tool server by name
// (omw binds them at the call, not in the agent's table), so a change there rewires every agent.

import type { OmwConfig } from '../config/config-types.ts';

export interface RestartPlan {
  /** The shared sections changed: every agent starts again, on a new host. */
  everyone: boolean;
  /** Agents added, or whose wiring changed. */
  restart: string[];
  /** Agents the new config no longer has. */
  removed: string[];
}

const SHARED = ['providers', 'tooling', 'endpoint', 'tunables'] as const;

/** JSON of a config value without the source positions, which move when lines above are edited. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (key, inner: unknown) => {
    if (key === 'location') return undefined;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)));
    }
    return inner;
  });
}

function wiring(config: OmwConfig, agent: string): string {
  const table = config.agents[agent]!;
  return canonical({ agent: table, runtime: config.runtime[table.runtime], memory: config.memory[agent] });
}

export function planRestart(before: OmwConfig, after: OmwConfig): RestartPlan {
  const everyone = SHARED.some((section) => canonical(before[section]) !== canonical(after[section]));
  const agents = Object.keys(after.agents);
  const restart = everyone
    ? agents
    : agents.filter((agent) => !before.agents[agent] || wiring(before, agent) !== wiring(after, agent));
  const removed = Object.keys(before.agents).filter((agent) => !after.agents[agent]);
  return { everyone, restart, removed };
}
