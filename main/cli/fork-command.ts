import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ForkEdits } from '../../contract/recording-views.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { describeAgentDiff } from '../recording/describe-diff.ts';
import { describeCut, runFork } from '../recording/fork.ts';
import { diffRecordings } from '../recording/recording-diff.ts';
import { readRecordingLines, RecordingError } from '../recording/recording-reader.ts';
import { buildRecording } from '../recording/recording.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { CommandError } from './command-error.ts';
import { openRecording } from './recording-input.ts';
import { brainbenchVersion } from './version.ts';
import { workspaceConfig } from './workspace-option.ts';

export interface ForkCommandOptions {
  file: string;
  agent: string;
  afterIteration: number;
  /** `--memory`: JSON text, or `@FILE` holding it. */
  memory?: string;
  /** `--source FILE`: the brain from the fork point on. */
  source?: string;
  /** `--provider FROM=TO`. */
  provider?: string;
  model?: string;
  iterations?: number;
  name?: string;
  out: string;
  /** The workspace's config; the current folder's omw config when absent. */
  config?: string;
  /** Run the recording's own text of the brain (in the workspace's runtime). */
  recordedBrains: boolean;
  /** Fork every agent from a consistent cut, all of them live after it. */
  allAgents: boolean;
  format?: ConfigFormat;
  print: (line: string) => void;
}

/** `brainbench fork FILE --agent A --after K … --out FILE`: runs the branch, prints its file and its diff with FILE. */
export async function forkCommand(options: ForkCommandOptions): Promise<number> {
  if (existsSync(options.out)) throw new CommandError(`${options.out} exists: a branch is never written over a file`);
  openRecording(options.file);
  const lines = readRecordingLines(options.file);
  const recording = buildRecording(lines);
  const edits = forkEdits(options);
  const config = workspaceConfig('fork', options.config, options.format);
  try {
    const { report, agents, cut } = await runFork({
      recording,
      lines,
      agent: options.agent,
      afterIteration: options.afterIteration,
      edits,
      config,
      recordedBrains: options.recordedBrains,
      spawner: forkSpawner,
      entry: agentEntry(),
      out: options.out,
      origin: { name: edits.name!, of: options.file },
      brainbench: brainbenchVersion(),
      allAgents: options.allAgents,
    });
    options.print(`wrote ${options.out}: ${report.replayed} iteration(s) replayed, ${report.live} live`);
    if (cut) {
      options.print(`${describeCut(cut)} (a consistent cut: no agent past a message another has not yet sent)`);
      for (const entry of cut.agents) {
        const ran = agents.find((agent) => agent.agent === entry.agent)!;
        options.print(
          `  ${entry.agent}: ${entry.replayed} of ${entry.of} iteration(s) replayed (${entry.reason}), ${ran.live} live`,
        );
      }
    }
  } catch (error) {
    if (error instanceof RecordingError) throw new CommandError(error.message);
    throw error;
  }
  for (const diff of diffRecordings(recording, openRecording(options.out)))
    for (const line of describeAgentDiff(diff)) options.print(line);
  return 0;
}

function forkEdits(options: ForkCommandOptions): ForkEdits {
  const edits: ForkEdits = { name: options.name ?? `${options.agent}-after-${options.afterIteration}-1` };
  if (options.memory !== undefined) edits.memory = memoryOption(options.memory);
  if (options.source !== undefined) edits.source = readText(options.source, '--source');
  if (options.provider !== undefined) {
    const match = /^([^=]+)=(.+)$/.exec(options.provider);
    if (!match) throw new CommandError(`--provider ${options.provider}: expected FROM=TO`);
    edits.provider = { from: match[1]!, to: match[2]! };
  }
  if (options.model !== undefined) edits.model = options.model;
  if (options.iterations !== undefined) edits.iterations = options.iterations;
  return edits;
}

function memoryOption(value: string): Record<string, string> {
  const text = value.startsWith('@') ? readText(value.slice(1), '--memory') : value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CommandError(`--memory: not JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CommandError('--memory: expected a JSON object of strings');
  const entries = Object.entries(parsed);
  const bad = entries.find(([, v]) => typeof v !== 'string');
  if (bad) throw new CommandError(`--memory: key "${bad[0]}" is not a string`);
  return Object.fromEntries(entries) as Record<string, string>;
}

function readText(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CommandError(
      `${flag} ${basename(file)}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}
