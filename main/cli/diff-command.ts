import { describeAgentDiff, recordingsAgree } from '../recording/describe-diff.ts';
import { diffRecordings } from '../recording/recording-diff.ts';
import { openRecording } from './recording-input.ts';

/** `brainbench diff A B`: exit 0 when both recordings made the same calls, 1 when they differ. */
export function diffCommand(a: string, b: string, print: (line: string) => void, json: boolean): number {
  const diffs = diffRecordings(openRecording(a), openRecording(b));
  if (json) print(JSON.stringify(diffs, null, 2));
  else for (const diff of diffs) for (const line of describeAgentDiff(diff)) print(line);
  return recordingsAgree(diffs) ? 0 : 1;
}
