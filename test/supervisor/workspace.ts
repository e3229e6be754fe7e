import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { loadConfig } from '../../main/config/load-config.ts';
import { Host } from '../../main/host/host.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { Supervisor } from '../../main/supervisor/supervisor.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';

export interface Workspace {
  dir: string;
  host: Host;
  supervisor: Supervisor;
  trace: TraceEvent[];
  write(name: string, text: string): void;
}

/**
 * A real workspace in a temporary folder: an omw.toml and brain files, a Host on it and a
 * Supervisor whose agents are real child processes.
 */
export function workspace(config: string, files: Record<string, string>): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-ws-'));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  write('omw.toml', config);
  for (const [name, text] of Object.entries(files)) write(name, text);
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const trace: TraceEvent[] = [];
  host.trace.subscribe((event) => trace.push(event));
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  return { dir, host, supervisor, trace, write };
}

/** A config with one JS agent per name, each running `<name>.js`. */
export function jsAgents(names: readonly string[], extra = ''): string {
  const agents = names.map((name) => `[agents.${name}]\nruntime = "js"\nscript = "${name}.js"\n`).join('\n');
  return `[runtime.js]\nkind = "js"\nmax_busy_ms = 300\nmax_memory_mb = 64\n\n${agents}\n${extra}`;
}

/** Polls until `condition` holds; fails the test after `ms`. */
export async function waitFor(condition: () => boolean, what: string, ms = 8000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
