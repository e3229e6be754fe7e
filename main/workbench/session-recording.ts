import { join } from 'node:path';
import { SessionRecorder } from '../recording/session-recorder.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import { brainbenchVersion } from '../cli/version.ts';
import { settingsFolder } from './debug-settings-file.ts';

/** The workbench records every session: `.brainbench/session.jsonl` (and its older segment `.1`). */
export const SESSION_RECORDING = 'session.jsonl';
const SESSION_RECORDING_BYTES = 64 * 1024 * 1024;

/** Starts the session's bounded recording; a workspace that cannot take it runs unrecorded, with a warning. */
export function recordSession(
  root: string,
  configFile: string,
  supervisor: Supervisor,
  warn: (message: string) => void,
): SessionRecorder | undefined {
  try {
    return new SessionRecorder(supervisor, {
      file: join(settingsFolder(root), SESSION_RECORDING),
      mode: 'session',
      configFile,
      brainbench: brainbenchVersion(),
      maxBytes: SESSION_RECORDING_BYTES,
    });
  } catch (error) {
    warn(`the session is not recorded: ${(error as Error).message}`);
    return undefined;
  }
}
