// `--recorded-brains` (the workbench: Run the recorded brains): the recording's own text of each
// brain runs instead of the workspace's, written into a folder of its own. The agent keeps the
// runtime the workspace's config gives it, so the recorded text runs in the same sandbox as any
// brain: never under an interpreter or WASI keys that came with the recording.

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { OmwConfig } from '../config/config-types.ts';
import { realPathOf, WorkspaceBoundary } from '../files/folder-boundary.ts';
import type { HeaderLine } from './recording-format.ts';
import { RecordingError } from './recording-reader.ts';
import { noRecordedText } from './replay-plan.ts';

/** The recorded text of `agent`'s brain, written under `folder` by the workspace brain's file name. */
export function writeRecordedBrain(config: OmwConfig, header: HeaderLine, agent: string, folder: string): string {
  const missing = noRecordedText(header, config, agent);
  if (missing) throw new RecordingError(`${agent}: ${missing}`);
  const boundary = new WorkspaceBoundary(realPathOf(folder) ?? folder, 'the folder of the recorded brains');
  const { file } = boundary.fileToWrite(`${agent}/${basename(config.agents[agent]!.script)}`, 'create');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, header.brains[agent]!.source!);
  return file;
}

/** The config with the brains of `agents` replaced by their recorded text (written under `folder`). */
export function withRecordedBrains(
  config: OmwConfig,
  header: HeaderLine,
  agents: readonly string[],
  folder: string,
): OmwConfig {
  const replaced = { ...config.agents };
  for (const agent of agents) {
    replaced[agent] = { ...config.agents[agent]!, script: writeRecordedBrain(config, header, agent, folder) };
  }
  return { ...config, agents: replaced };
}
