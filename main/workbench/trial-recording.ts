// A trial's recording as a results file names it, from anyone: it must lie in the results'
// recordings folder (trialRecordingFile checks the name) and, links followed, in the workspace.

import { existsSync } from 'node:fs';
import { trialRecordingFile } from '../evals/results-paths.ts';
import type { WorkspaceBoundary } from '../files/folder-boundary.ts';
import { toWorkspacePath } from './workspace-files.ts';

/**
 * The recording's path, checked; a missing one is returned as it is, for the caller to leave out.
 * `shownFile` is the results file as the workspace names it, for the error.
 */
export function checkedTrialRecording(
  file: string,
  shownFile: string,
  trial: { case: string; trial: number; recording: string },
  root: string,
  boundary: WorkspaceBoundary,
): string {
  const recording = trialRecordingFile(file, trial.recording);
  if (existsSync(recording)) {
    try {
      boundary.fileToRead(toWorkspacePath(root, recording));
    } catch (error) {
      throw new Error(`${shownFile}: case "${trial.case}" trial ${trial.trial}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return recording;
}
