import { dirname } from 'node:path';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { findDefaultConfig, loadConfig } from '../config/load-config.ts';
import { Host } from '../host/host.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { describeResult } from '../supervisor/iteration-result.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { watchScripts } from '../supervisor/script-watcher.ts';
import { formatLogLine, resolveLogFormat, severityOf, type LogFormat } from './log-format.ts';
import { renderTraceLine } from './render-trace-line.ts';

export interface RunCommandOptions {
  config?: string;
  format?: 'toml' | 'yaml' | 'json';
  mode: 'run' | 'loop';
  /** Print every trace event, not only logs and outcomes. */
  trace: boolean;
  /** Reload agents when their brain changes on disk. */
  watch: boolean;
  logFormat: LogFormat;
}

/** `brainbench run` / `brainbench loop`: omw's runtime, with logs on stderr. Returns the exit code. */
export async function runCommand(options: RunCommandOptions): Promise<number> {
  const file = options.config ?? findDefaultConfig(process.cwd());
  const config = loadConfig(file, { ...(options.format ? { format: options.format } : {}), env: process.env });
  const host = new Host(config);
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  const logFormat = resolveLogFormat(options.logFormat);
  host.trace.subscribe((event) => {
    const line = renderTraceLine(event, options.trace);
    if (line) console.error(formatLogLine(line, severityOf(event), logFormat));
  });
  let shuttingDown = false;
  const shutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.error(`shutting down (config ${dirname(file)})`);
    void supervisor.shutdown().then(() => host.close());
  };
  const stopWatching = options.watch ? watchScripts(supervisor) : () => {};
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  if (options.mode === 'loop') {
    supervisor.loop();
    await new Promise<void>((resolve) => process.once('beforeExit', () => resolve()));
    return 0;
  }
  const results = await supervisor.run();
  stopWatching();
  supervisor.dispose();
  await host.close();
  if (shuttingDown) return 0;
  const failures = [...results].filter(([, result]) => result.kind === 'failed');
  if (failures.length === 0) return 0;
  const list = failures.map(([agent, result]) => `${agent}: ${describeResult(result)}`).join('; ');
  console.error(`${failures.length} agent run(s) failed: ${list}`);
  return 1;
}
