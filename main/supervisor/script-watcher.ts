import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Supervisor } from './supervisor.ts';

/**
 * omw's `--watch` (omw-compat 9): watches the folder of every agent's brain (so that
 * write-to-temp-then-rename saves are seen), coalesces bursts within `watch_debounce_ms`, and
 * reloads every agent that runs a changed brain. Returns a function that stops watching.
 */
export function watchScripts(supervisor: Supervisor): () => void {
  const { host } = supervisor;
  const debounceMs = host.config.tunables.watch_debounce_ms;
  const agentsByScript = new Map<string, string[]>();
  for (const [agent, config] of Object.entries(host.config.agents)) {
    agentsByScript.set(config.script, [...(agentsByScript.get(config.script) ?? []), agent]);
  }
  const timers = new Map<string, NodeJS.Timeout>();
  const watchers: FSWatcher[] = [];
  for (const dir of new Set([...agentsByScript.keys()].map((script) => dirname(script)))) {
    const watcher = watch(dir, { persistent: false }, (_event, filename) => {
      if (!filename) return;
      for (const [script, agents] of agentsByScript) {
        if (dirname(script) !== dir || basename(script) !== filename.toString()) continue;
        clearTimeout(timers.get(script));
        const reload = () => agents.forEach((agent) => void supervisor.reload(agent));
        timers.set(script, setTimeout(reload, debounceMs));
      }
    });
    watchers.push(watcher);
  }
  return () => {
    watchers.forEach((watcher) => watcher.close());
    timers.forEach((timer) => clearTimeout(timer));
  };
}
