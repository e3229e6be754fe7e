import { existsSync } from 'node:fs';
import { loadConfig } from '../config/load-config.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import type { OmwConfig } from '../config/config-types.ts';
import type { HeaderLine } from '../recording/recording-format.ts';
import { divergenceDetails, divergenceHeadline } from '../recording/divergence.ts';
import { configOfRecording } from '../recording/recording-header.ts';
import { replayRecording, type AgentReplay } from '../recording/replay.ts';
import { writeRecordingTest } from '../recording/recording-to-test.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { CommandError } from './command-error.ts';
import { openRecording } from './recording-input.ts';
import { counted } from '../../contract/counted.ts';

export interface ReplayCommandOptions {
  file: string;
  config?: string;
  format?: ConfigFormat;
  liveAfterDivergence: boolean;
  /** Write an omw test folder from the recording instead of replaying it. */
  toTest?: string;
  agents: string[];
  print: (line: string) => void;
}

/** `brainbench replay FILE`: exit 0 only when no agent diverged. */
export async function replayCommand(options: ReplayCommandOptions): Promise<number> {
  const recording = openRecording(options.file);
  if (options.toTest !== undefined) {
    const written = writeRecordingTest(
      recording,
      options.toTest,
      options.agents.length > 0 ? options.agents : undefined,
      (warning) => options.print(`note: ${warning}`),
    );
    for (const file of written) options.print(`wrote ${file}`);
    return 0;
  }
  const unknown = options.agents.filter((agent) => !recording.agents.has(agent));
  if (unknown.length > 0) throw new CommandError(`${options.file} has no agent ${unknown.join(', ')}`);
  const reports = await replayRecording({
    recording,
    config: replayConfig(options, recording.header),
    spawner: forkSpawner,
    entry: agentEntry(),
    liveAfterDivergence: options.liveAfterDivergence,
    ...(options.agents.length > 0 ? { agents: options.agents } : {}),
  });
  for (const report of reports) for (const line of describeReplay(report)) options.print(line);
  if (recording.truncated) options.print('note: the recording ends with a cut line (it was not closed)');
  return reports.every((report) => !report.divergence) ? 0 : 1;
}

/** `--config`, else the recorded config; going live needs real secrets, so the config file the run loaded. */
function replayConfig(options: ReplayCommandOptions, header: HeaderLine): OmwConfig {
  const recordedFile = header.configFile;
  const format = options.format ? { format: options.format } : {};
  if (options.config !== undefined) return loadConfig(options.config, { ...format, env: process.env });
  if (!options.liveAfterDivergence) return configOfRecording(header);
  if (!existsSync(recordedFile))
    throw new CommandError(`--live-after-divergence needs the run's config: ${recordedFile} is gone, so give --config`);
  return loadConfig(recordedFile, { ...format, env: process.env });
}

export function describeReplay(report: AgentReplay): string[] {
  const { divergence } = report;
  if (!divergence) return [`REPLAYED ${report.agent}: ${counted(report.replayed, 'iteration')}`];
  return [
    `DIVERGED ${report.agent} ${divergenceHeadline(divergence)}`,
    ...divergenceDetails(divergence),
    ...(report.replayed > 0 ? [`  ${report.replayed} iteration(s) replayed before it`] : []),
    ...(report.live > 0 ? [`  went live: ${report.live} iteration(s) against the configured back ends`] : []),
  ];
}
