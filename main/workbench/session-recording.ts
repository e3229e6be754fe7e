import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SessionRecorder } from '../recording/session-recorder.ts';
import { readRecordingSegments } from '../recording/recording-segments.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import { brainbenchVersion } from '../cli/version.ts';
import { settingsFolder } from './debug-settings-file.ts';

/** The workbench records every session: `.brainbench/session.jsonl` (and its older segment `.1`). */
export const SESSION_RECORDING = 'session.jsonl';
/** The session before this one, set aside when the workspace opens (and its older segment `.1`). */
export const PREVIOUS_SESSION_RECORDING = 'previous-session.jsonl';
const SESSION_RECORDING_BYTES = 64 * 1024 * 1024;

/**
 * Starts the session's bounded recording; a workspace that cannot take it runs unrecorded, with a
 * warning. `continuing`: the agents restarted within the session, whose recording so far becomes
 * the older segment rather than being written over.
 */
export function recordSession(
  root: string,
  configFile: string,
  supervisor: Supervisor,
  warn: (message: string) => void,
  continuing = false,
): SessionRecorder | undefined {
  const file = join(settingsFolder(root), SESSION_RECORDING);
  try {
    if (continuing && existsSync(file)) renameSync(file, `${file}.1`);
    return new SessionRecorder(supervisor, {
      file,
      mode: 'session',
      configFile,
      workspace: root,
      brainbench: brainbenchVersion(),
      maxBytes: SESSION_RECORDING_BYTES,
    });
  } catch (error) {
    warn(`the session is not recorded: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * Sets the last session's recording aside as `previous-session.jsonl` (its `.1` too), in place of
 * the one before, so that opening the workspace again writes over nothing; returns its path, or
 * undefined when there was no last session.
 */
export function setAsidePreviousSession(root: string): string | undefined {
  const folder = settingsFolder(root);
  const last = join(folder, SESSION_RECORDING);
  if (!existsSync(last)) return undefined;
  const previous = join(folder, PREVIOUS_SESSION_RECORDING);
  if (existsSync(`${last}.1`)) renameSync(`${last}.1`, `${previous}.1`);
  else rmSync(`${previous}.1`, { force: true });
  renameSync(last, previous);
  return previous;
}

/**
 * The trace a session recording holds (both its segments), for the workbench to show again: its
 * events as they were numbered, then a `session` restart mark for each of its agents after them.
 */
export function sessionTrace(file: string): TraceEvent[] {
  const events: TraceEvent[] = [];
  for (const read of readRecordingSegments(file)) {
    if ('line' in read && read.line.kind === 'trace') events.push(read.line.event);
  }
  let seq = events.reduce((last, event) => Math.max(last, event.seq), 0);
  const time = Date.now();
  const agents = new Set(events.map((event) => event.agent));
  for (const agent of agents) events.push({ type: 'restart', cause: 'session', agent, iteration: 0, seq: ++seq, time });
  return events;
}
