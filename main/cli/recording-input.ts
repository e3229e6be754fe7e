import { RecordingError } from '../recording/recording-reader.ts';
import { loadRecording, type Recording } from '../recording/recording.ts';
import { CommandError } from './command-error.ts';

/** A recording file the user named; one that is missing or damaged is their error to fix, in one line. */
export function openRecording(file: string): Recording {
  try {
    return loadRecording(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new CommandError(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CommandError(`${file}: no such recording`);
    throw error;
  }
}
