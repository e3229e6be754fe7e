import { existsSync, unwatchFile, watch, watchFile, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Supervisor } from './supervisor.ts';

/** How often a brain whose folder is missing is looked for. */
const POLL_MS = 500;

/**
 * omw's `--watch` (omw-compat 9): watches the folder of every agent's brain (so that
 * write-to-temp-then-rename saves are seen), coalesces bursts within `watch_debounce_ms`, and
 * reloads every agent that runs a changed brain. A brain whose folder is missing, or vanishes
 * while watched, is polled for instead, so that it is picked up when it appears. Returns a
 * function that stops watching.
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
  const polled = new Set<string>();

  const changed = (script: string) => {
    clearTimeout(timers.get(script));
    // When the change was seen, not when the debounce ends: an iteration between the two ran with it.
    const seenAt = Date.now();
    const reload = () => agentsByScript.get(script)?.forEach((agent) => void supervisor.reload(agent, seenAt));
    timers.set(script, setTimeout(reload, debounceMs));
  };
  const poll = (script: string) => {
    if (polled.has(script)) return;
    polled.add(script);
    watchFile(script, { persistent: false, interval: POLL_MS }, () => changed(script));
  };
  const scriptsIn = (dir: string) => [...agentsByScript.keys()].filter((script) => dirname(script) === dir);

  for (const dir of new Set([...agentsByScript.keys()].map((script) => dirname(script)))) {
    if (!existsSync(dir)) {
      scriptsIn(dir).forEach(poll);
      continue;
    }
    // A folder deleted while watched goes quiet on Linux (a new one of the same name is another
    // inode) or ends its watcher with an error elsewhere: its brains are polled for from then on.
    const vanished = () => {
      watcher.close();
      scriptsIn(dir).forEach((script) => {
        poll(script);
        changed(script);
      });
    };
    const watcher = watch(dir, { persistent: false }, (_event, filename) => {
      if (!existsSync(dir)) return vanished();
      if (!filename) return;
      for (const script of scriptsIn(dir)) if (basename(script) === filename.toString()) changed(script);
    });
    watcher.on('error', vanished);
    watchers.push(watcher);
  }
  return () => {
    watchers.forEach((watcher) => watcher.close());
    polled.forEach((script) => unwatchFile(script));
    timers.forEach((timer) => clearTimeout(timer));
  };
}
