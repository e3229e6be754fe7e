// The recording file format (docs/recordings.md), version 1: JSON lines. The first line is the
// header (format, version, the config with its secrets redacted, every brain's source and
// sha256); then, in the order they happened, `call` lines (every host call of every agent with
// its arguments and answer) and `trace` lines (the trace's events: iteration boundaries and
// outcomes, inbound events, opened and closed sources, logs), `delivered` lines (every event that
// entered an agent's inbox, which a fork's inbox is made of); `end` when the run closed it.

import type { IterationEndTrace, Json, TraceEvent } from '../trace/trace-event.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { KeyOrigins, OmwConfig } from '../config/config-types.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import type { BranchOrigin } from '../../contract/recording-views.ts';

export const RECORDING_FORMAT = 'brainbench-recording';
export const RECORDING_VERSION = 1;

/** The data of an OmwConfig, without its source-position lookups and assertions; secrets redacted. */
export type RecordedConfig = Omit<OmwConfig, keyof KeyOrigins | 'assertions'>;

export interface RecordedBrain {
  /** Absolute path of the brain when it was recorded. */
  path: string;
  /** sha256 (hex) of the file's bytes; null when it could not be read. */
  sha256: string | null;
  /** The brain's text; absent for a component (a binary) or an unreadable file. */
  source?: string;
}

export interface HeaderLine {
  kind: 'header';
  format: typeof RECORDING_FORMAT;
  version: number;
  /** Milliseconds since the Unix epoch. */
  createdAt: number;
  brainbench: string;
  /** How the agents were driven: omw's run or loop, or a workbench session (steps, runs, loops). */
  mode: 'run' | 'loop' | 'session';
  /** The config file the run loaded. */
  configFile: string;
  config: RecordedConfig;
  brains: Record<string, RecordedBrain>;
  /** In a bounded recording, which segment of the session this file is (1 = the first). */
  segment?: number;
  /** A branch forked from another recording (docs/recordings.md, Fork). */
  branch?: BranchOrigin;
}

export interface CallLine {
  kind: 'call';
  agent: string;
  /** The agent's iteration (1-based), as the trace numbers it. */
  iteration: number;
  /** 1-based position of the call in its iteration. */
  index: number;
  op: HostOp;
  /** The canonical arguments (bytes as `{"$bytes": base64}`; an absent option as null). */
  args: Json[];
  ok: boolean;
  /** The answer when `ok`; absent for an op that returns nothing (or an absent option). */
  value?: Json;
  error?: string;
  /** The error was a host fault (which stops the iteration), not the op's own `err`. */
  fault?: true;
  /** Answered in the agent process itself (time-now, new-uuid, ...). */
  local?: true;
  /** When the call reached the host or the bridge (ms since the epoch), and how long it took. */
  time: number;
  durationMs: number;
}

export interface TraceLine {
  kind: 'trace';
  event: TraceEvent;
}

/** An event entered the agent's inbox (or went straight to its waiting `recv`). */
export interface DeliveredLine {
  kind: 'delivered';
  agent: string;
  time: number;
  envelope: EventEnvelope;
}

export interface EndLine {
  kind: 'end';
  time: number;
}

/**
 * The disk refused a write (full, over quota, failing): what follows, if anything, comes after a
 * gap. Every iteration open here ends here; the header comes again where recording went on.
 */
export interface CutLine {
  kind: 'cut';
  time: number;
  /** What the disk said ("no space left on the device (ENOSPC)"). */
  reason: string;
}

export type RecordingLine = HeaderLine | CallLine | TraceLine | DeliveredLine | EndLine | CutLine;

/** How a recorded iteration ended, from its `iteration-end` event. */
export type RecordedEnd = Pick<IterationEndTrace, 'outcome' | 'error' | 'line' | 'column' | 'durationMs'>;
