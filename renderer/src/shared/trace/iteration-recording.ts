// Which of the workspace's session recordings holds a timeline iteration: after a workbench
// restart the timeline shows the previous session too, which the workbench keeps aside as a
// recording of its own, and a saved config that restarted the agent began a new segment, the
// recording so far becoming its `.1` (docs/recordings.md, Making one).

import type { RestartMark } from './trace-log.ts';

const PREVIOUS_SESSION_RECORDING = '.brainbench/previous-session.jsonl';

/**
 * The recording of the iteration that started at `seq`, given its agent's restart marks: this
 * session's (`live`, undefined when this session is not recorded), the previous session's, the
 * older segment of either after one config restart, or undefined for anything older (no longer
 * kept).
 */
export function iterationRecording(
  seq: number,
  marks: readonly RestartMark[],
  live: string | undefined,
): string | undefined {
  const later = marks.filter((mark) => mark.seq > seq);
  const sessionsSince = later.filter((mark) => mark.cause === 'session').length;
  if (sessionsSince > 1) return undefined;
  const file = sessionsSince === 0 ? live : PREVIOUS_SESSION_RECORDING;
  // The config restarts in the iteration's own session, each of which began a new segment.
  const sessionEnd = later.find((mark) => mark.cause === 'session')?.seq ?? Infinity;
  const segmentsSince = later.filter((mark) => mark.cause === 'workspace' && mark.seq < sessionEnd).length;
  if (file === undefined || segmentsSince === 0) return file;
  return segmentsSince === 1 ? `${file}.1` : undefined;
}
