// Which of the workspace's session recordings holds a timeline iteration: after a workbench
// restart the timeline shows the previous session too, which the workbench keeps aside as a
// recording of its own (docs/recordings.md, Making one).

import type { RestartMark } from './trace-log.ts';

const PREVIOUS_SESSION_RECORDING = '.brainbench/previous-session.jsonl';

/**
 * The recording of the iteration that started at `seq`, given its agent's restart marks: this
 * session's (`live`, undefined when this session is not recorded), the previous session's, or
 * undefined for one before that (no longer kept).
 */
export function iterationRecording(
  seq: number,
  marks: readonly RestartMark[],
  live: string | undefined,
): string | undefined {
  const sessionsSince = marks.filter((mark) => mark.seq > seq && mark.cause === 'session').length;
  if (sessionsSince === 0) return live;
  return sessionsSince === 1 ? PREVIOUS_SESSION_RECORDING : undefined;
}
