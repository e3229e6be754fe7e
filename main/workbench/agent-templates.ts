// Where a new agent's brain goes (its kind's descriptor has the brain's starting text) and the
// config lines that wire it up. The config is appended to as text so that the user's comments
// and layout survive.

import type { OmwConfig } from '../config/config-types.ts';
import type { RuntimeDescriptor } from '../runtimes/runtime-descriptor.ts';

/** Where New agent puts the brain, with its kind's first file ending. */
export function brainFileName(runtime: RuntimeDescriptor, name: string): string {
  return `brains/${name}${runtime.brain.extensions[0] ?? ''}`;
}

/** The runtime of that kind the config already has, if any. */
export function runtimeOfKind(config: OmwConfig, kind: string): string | undefined {
  return Object.entries(config.runtime).find(([, runtime]) => runtime.kind === kind)?.[0];
}

/** TOML lines adding the agent (and a runtime of its kind when the config has none). */
export function agentConfigToml(config: OmwConfig, name: string, kind: string, script: string): string {
  const existing = runtimeOfKind(config, kind);
  let runtime = existing;
  const lines: string[] = [''];
  if (!runtime) {
    runtime = config.runtime[kind] ? `${kind}-runtime` : kind;
    lines.push(`[runtime.${runtime}]`, `kind = "${kind}"`, '');
  }
  lines.push(`[agents.${name}]`, `runtime = "${runtime}"`, `script = ${JSON.stringify(script)}`, '');
  return lines.join('\n');
}
