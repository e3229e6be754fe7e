import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { AssertionParseError } from '../assertions/assertion-parse-error.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { findDefaultConfig, loadConfig } from '../config/load-config.ts';
import { Host } from '../host/host.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { describeResult } from '../supervisor/iteration-result.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { watchScripts } from '../supervisor/script-watcher.ts';
import { locateAssertionError } from '../testing/locate-assertion-error.ts';
import { CommandError } from './command-error.ts';
import type { Log } from './log-format.ts';
import { traceLogEntry } from './trace-log-entry.ts';
import { SessionRecorder } from '../recording/session-recorder.ts';
import { brainbenchVersion } from './version.ts';
import { LiveTelemetry, type LiveTarget } from '../telemetry/live-telemetry.ts';

export interface RunCommandOptions {
  config?: string;
  format?: 'toml' | 'yaml' | 'json';
  mode: 'run' | 'loop';
  /** Print every trace event, not only logs and outcomes. */
  trace: boolean;
  /** Reload agents when their brain changes on disk. */
  watch: boolean;
  /** Where logs go, in the `--log-format` asked for. */
  log: Log;
  /** Record the run into this file (docs/recordings.md). */
  record?: string;
  /** Export the run as OpenTelemetry spans as it happens (docs/recordings.md, OTLP export). */
  otlp?: LiveTarget;
}

/** `brainbench run` / `brainbench loop`: omw's runtime, with logs on stderr. Returns the exit code. */
export async function runCommand(options: RunCommandOptions): Promise<number> {
  const { log } = options;
  const file = options.config ?? findDefaultConfig(process.cwd());
  const config = loadConfig(file, { ...(options.format ? { format: options.format } : {}), env: process.env });
  if (Object.keys(config.agents).length === 0)
    throw new CommandError(`${file} has no agents, so there is nothing to run: add an [agents.<name>] table`);
  const brains = new Map(Object.entries(config.agents).map(([agent, { script }]) => [agent, shownPath(script)]));
  let host: Host;
  try {
    host = new Host(config);
  } catch (error) {
    // A mock's invalid `after` gate is named by its place in the config.
    throw error instanceof AssertionParseError ? locateAssertionError(error, config) : error;
  }
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  // A loop whose recording the disk cut stops: what it would record next is lost anyway.
  const recorder =
    options.record === undefined
      ? undefined
      : startRecording(supervisor, options.record, options.mode, file, () => {
          // Later: the disk may refuse the header, before the rest is set up.
          if (options.mode === 'loop') queueMicrotask(() => shutdown());
        });
  const telemetry =
    options.otlp && startTelemetry(supervisor, options.otlp, { mode: options.mode, file, log }, recorder);
  const traceOptions = { everything: options.trace, brainOf: (agent: string) => brains.get(agent) };
  host.trace.subscribe((event) => {
    const entry = traceLogEntry(event, traceOptions);
    if (entry) log(entry);
  });
  let shuttingDown = false;
  const shutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log({ severity: 'info', text: `shutting down (config ${dirname(file)})`, fields: { config: file } });
    void supervisor.shutdown().then(async () => {
      recorder?.close();
      await telemetry?.close();
      return host.close();
    });
  };
  const stopWatching = options.watch ? watchScripts(supervisor) : () => {};
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  if (options.mode === 'loop') {
    supervisor.loop();
    await new Promise<void>((resolve) => process.once('beforeExit', () => resolve()));
    failIfCut(options.record, recorder);
    return 0;
  }
  const results = await supervisor.run();
  stopWatching();
  recorder?.close();
  await telemetry?.close();
  supervisor.dispose();
  await host.close();
  failIfCut(options.record, recorder);
  if (shuttingDown) return 0;
  const failures = [...results].filter(([, result]) => result.kind === 'failed');
  if (failures.length === 0) return 0;
  const described = failures.map(([agent, result]) => `${agent}: ${describeResult(result, brains.get(agent))}`);
  log({
    severity: 'error',
    text: `${failures.length} agent run(s) failed: ${described.join('; ')}`,
    fields: { failed: described },
  });
  return 1;
}

function startRecording(
  supervisor: Supervisor,
  record: string,
  mode: 'run' | 'loop',
  configFile: string,
  onCut: () => void,
) {
  try {
    return new SessionRecorder(supervisor, {
      file: record,
      mode,
      configFile,
      brainbench: brainbenchVersion(),
      onCut,
    });
  } catch (error) {
    supervisor.dispose();
    throw new CommandError(`--record ${record}: ${(error as Error).message}`);
  }
}

/** A recording the disk cut fails the command, after the run ended as it would have. */
function failIfCut(record: string | undefined, recorder: SessionRecorder | undefined): void {
  const cut = recorder?.cut;
  if (record === undefined || cut === undefined) return;
  const kept = existsSync(record)
    ? 'the file holds what was recorded before, and ends with a "cut" line'
    : 'not even its header could be written, so no file was left';
  throw new CommandError(
    `--record ${record}: the recording was cut at ${new Date(cut.time).toISOString()}: ${cut.reason}; ${kept}`,
  );
}

/** After the recorder, whose call tap it shares. */
function startTelemetry(
  supervisor: Supervisor,
  target: LiveTarget,
  run: { mode: 'run' | 'loop'; file: string; log: Log },
  recorder: SessionRecorder | undefined,
) {
  const warn = (text: string) => run.log({ severity: 'warn', text });
  try {
    return new LiveTelemetry(supervisor, {
      ...target,
      mode: run.mode,
      configFile: run.file,
      brainbench: brainbenchVersion(),
      warn,
    });
  } catch (error) {
    recorder?.close();
    supervisor.dispose();
    throw new CommandError((error as Error).message);
  }
}

/** A brain's path as the user can open it from here: relative below the current folder. */
function shownPath(file: string): string {
  const below = relative(process.cwd(), file);
  return below.startsWith('..') || isAbsolute(below) ? file : below;
}
