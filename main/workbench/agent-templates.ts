// Starting points for a new agent: a brain that does something visible on the mock back ends,
// and the config lines that wire it up. The config is appended to as text so that the user's
// comments and layout survive.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NewAgentKind } from '../../contract/views.ts';
import type { OmwConfig } from '../config/config-types.ts';

const BRAINS: Record<Exclude<NewAgentKind, 'wasm'>, (name: string) => string> = {
  rhai: (name) => `// ${name}: runs once per iteration. omw::host, omw::provider and omw::tooling are the host API.
let count = omw::host::memory_get("count") ?? "0";
let next = parse_int(count) + 1;
omw::host::memory_set("count", next.to_string());
omw::host::log("info", \`${name} iteration \${next}\`);
`,
  js: (name) => `// ${name}: runs once per iteration. The global \`omw\` is the host API.
const count = (omw.host.memoryGetAs('count') ?? 0) + 1;
omw.host.memorySetAs('count', count);
omw.host.log('info', \`${name} iteration \${count}\`);
`,
};

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function brainTemplate(kind: Exclude<NewAgentKind, 'wasm'>, name: string): string {
  return BRAINS[kind](name);
}

/** A new wasm agent starts as a copy of the hello component (it chats with the provider "llm"). */
export function wasmTemplateFile(): string {
  const file = fileURLToPath(new URL('../../guests/build/hello.wasm', import.meta.url));
  if (!existsSync(file)) throw new Error(`the wasm template ${file} is missing: run \`npm run build\``);
  return file;
}

export function brainFileName(kind: NewAgentKind, name: string): string {
  return `brains/${name}.${kind}`;
}

/** The runtime of that kind the config already has, if any. */
export function runtimeOfKind(config: OmwConfig, kind: NewAgentKind): string | undefined {
  return Object.entries(config.runtime).find(([, runtime]) => runtime.kind === kind)?.[0];
}

/** TOML lines adding the agent (and a runtime of its kind when the config has none). */
export function agentConfigToml(config: OmwConfig, name: string, kind: NewAgentKind, script: string): string {
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
