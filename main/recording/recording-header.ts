import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OmwConfig } from '../config/config-types.ts';
import { isWithin, realPathOf } from '../files/folder-boundary.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { Redactor } from '../trace/redactor.ts';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type HeaderLine,
  type RecordedBrain,
  type RecordedConfig,
} from './recording-format.ts';

/** The config's data as a recording keeps it: no lookups, secrets replaced by the trace's redactor. */
export function recordedConfig(config: OmwConfig, redactor: Redactor): RecordedConfig {
  const { agents, providers, tooling, runtime, endpoint, memory, tunables } = config;
  return redactor.value(
    JSON.parse(
      JSON.stringify({ agents, providers, tooling, runtime, ...(endpoint ? { endpoint } : {}), memory, tunables }),
    ),
  ) as RecordedConfig;
}

/**
 * A brain as it is on disk now: its hash, and its text when it is a script that lies in the
 * workspace (links followed). A brain outside it is named by its path and hash only: a
 * recording is sent to others, and a config may name any readable file as a brain.
 */
export function brainOnDisk(config: OmwConfig, agent: string, workspace: string): RecordedBrain {
  const { script, runtime } = config.agents[agent]!;
  const kind = config.runtime[runtime]?.kind ?? '';
  const bytes = fileBytes(script);
  if (!bytes) return { path: script, sha256: null };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const real = realPathOf(script);
  const inside = real !== undefined && isWithin(workspace, real);
  const isScript = runtimeDescriptor(kind)?.brain.format !== 'component';
  return { path: script, sha256, ...(isScript && inside ? { source: bytes.toString('utf8') } : {}) };
}

/** sha256 (hex) of a file's bytes; null when it cannot be read. */
export function fileHash(file: string): string | null {
  const bytes = fileBytes(file);
  return bytes ? createHash('sha256').update(bytes).digest('hex') : null;
}

function fileBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

export interface HeaderFacts {
  mode: HeaderLine['mode'];
  configFile: string;
  brainbench: string;
  /** The workspace's real folder: only brains inside it are recorded with their text. */
  workspace: string;
}

export function recordingHeader(config: OmwConfig, redactor: Redactor, facts: HeaderFacts): HeaderLine {
  return {
    kind: 'header',
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    createdAt: Date.now(),
    brainbench: facts.brainbench,
    mode: facts.mode,
    configFile: facts.configFile,
    config: recordedConfig(config, redactor),
    brains: Object.fromEntries(
      Object.keys(config.agents).map((agent) => [agent, redactor.value(brainOnDisk(config, agent, facts.workspace))]),
    ),
  };
}
