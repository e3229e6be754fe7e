import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OmwConfig } from '../config/config-types.ts';
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

/** A brain as it is on disk now: its hash, and its text when it is a script. */
export function brainOnDisk(config: OmwConfig, agent: string): RecordedBrain {
  const { script, runtime } = config.agents[agent]!;
  const kind = config.runtime[runtime]?.kind ?? '';
  let bytes: Buffer;
  try {
    bytes = readFileSync(script);
  } catch {
    return { path: script, sha256: null };
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const isScript = runtimeDescriptor(kind)?.brain.format !== 'component';
  return { path: script, sha256, ...(isScript ? { source: bytes.toString('utf8') } : {}) };
}

export interface HeaderFacts {
  mode: HeaderLine['mode'];
  configFile: string;
  brainbench: string;
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
      Object.keys(config.agents).map((agent) => [agent, redactor.value(brainOnDisk(config, agent))]),
    ),
  };
}

/**
 * The recorded config as an OmwConfig to replay with: the agents' brains at their recorded paths
 * (as they are on disk now); positions are unknown and secrets redacted, so it runs no back end.
 */
export function configOfRecording(header: HeaderLine): OmwConfig {
  return { ...header.config, file: header.configFile, locate: () => undefined, setByEnvironment: () => false };
}
