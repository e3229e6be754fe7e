// Which of the workspace's session recordings holds a timeline iteration: after a workbench
// restart the timeline shows the previous session too, which the workbench keeps aside as a
// recording of its own (docs/recordings.md, Making one).

import type { RestartMark } from './trace-log.ts';

const SESSION_RECORDING = '.brainbench/session.jsonl';
const PREVIOUS_SESSION_RECORDING = '.brainbench/previous-session.jsonl';

/**
 * The recording of the iteration that started at `seq`, given its agent's restart marks: this
 * session's, the previous session's, or undefined for one before that (no longer kept).
 */
export function iterationRecording(seq: number, marks: readonly RestartMark[]): string | undefined {
  const sessionsSince = marks.filter((mark) => mark.seq > seq && mark.cause === 'session').length;
  if (sessionsSince === 0) return SESSION_RECORDING;
  return sessionsSince === 1 ? PREVIOUS_SESSION_RECORDING : undefined;
}
