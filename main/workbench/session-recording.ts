import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SessionRecorder } from '../recording/session-recorder.ts';
import { readRecordingSegments } from '../recording/recording-segments.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import { brainbenchVersion } from '../cli/version.ts';
import { SETTINGS_FOLDER, settingsFolder } from './settings-folder.ts';
import { writeFailure } from '../files/disk-fault.ts';

/** The workbench records every session: `.brainbench/session.jsonl` (and its older segment `.1`). */
export const SESSION_RECORDING = 'session.jsonl';
/** The session before this one, set aside when the workspace opens (and its older segment `.1`). */
export const PREVIOUS_SESSION_RECORDING = 'previous-session.jsonl';
const SESSION_RECORDING_BYTES = 64 * 1024 * 1024;

/** After the disk refused the session recording, how often it is tried again. */
export const SESSION_RETRY_MS = 1000;

/** What the workbench hears of its session recording: it cannot start, it was cut, it goes on. */
export interface SessionRecordingEvents {
  /** Why the session is not recorded (cannot start, or cut); undefined when it is recorded again. */
  unrecorded(reason: string | undefined, notice: string): void;
}

/**
 * Starts the session's bounded recording; a workspace that cannot take it runs unrecorded, with a
 * warning. `continuing`: the agents restarted within the session, whose recording so far becomes
 * the older segment rather than being written over. A disk that refuses the recording (full, over
 * quota, failing) cuts it, and it goes on by itself when a write succeeds again (tried every
 * `SESSION_RETRY_MS`).
 */
export function recordSession(
  root: string,
  configFile: string,
  supervisor: Supervisor,
  events: SessionRecordingEvents,
  continuing = false,
): SessionRecorder | undefined {
  const file = join(settingsFolder(root), SESSION_RECORDING);
  const shown = `${SETTINGS_FOLDER}/${SESSION_RECORDING}`;
  try {
    if (continuing && existsSync(file)) renameSync(file, `${file}.1`);
    return new SessionRecorder(supervisor, {
      file,
      mode: 'session',
      configFile,
      workspace: root,
      brainbench: brainbenchVersion(),
      maxBytes: SESSION_RECORDING_BYTES,
      retryMs: SESSION_RETRY_MS,
      onCut: ({ reason }) => {
        const why = `the session is not recorded: the disk refused ${shown} (${reason}); recording goes on by itself when the disk takes writes again (tried every second)`;
        events.unrecorded(why, why);
      },
      onResumed: (dropped) =>
        events.unrecorded(
          undefined,
          `the session is recorded again into ${shown}; ${dropped} line(s) were lost while the disk refused them`,
        ),
    });
  } catch (error) {
    const why = `the session is not recorded: ${writeFailure(error)}`;
    events.unrecorded(why, why);
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
