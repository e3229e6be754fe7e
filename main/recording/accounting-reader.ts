// A recording read for its accounting: grouped by agent and iteration as `buildRecording` groups
// it, without the trace slice each call carries for replay, which a big file pays for in time and
// memory. One pass over the parsed lines; the parsed objects are kept as they are.

import type { TraceEvent } from '../trace/trace-event.ts';
import type { CallLine } from './recording-format.ts';
import { readRecordingLines, RecordingError } from './recording-reader.ts';
import type { RecordedAgent, RecordedCall, RecordedIteration, Recording } from './recording.ts';

const NO_TRACE: TraceEvent[] = [];

export function loadRecordingForAccounting(file: string): Recording {
  let lines;
  try {
    lines = readRecordingLines(file);
  } catch (error) {
    if (error instanceof RecordingError) throw new RecordingError(`${file}: ${error.message}`);
    throw error;
  }
  const first = lines[0];
  if (!first || !('line' in first) || first.line.kind !== 'header')
    throw new RecordingError(`${file}: line 1: no header`);
  const recording: Recording = { header: first.line, agents: new Map(), truncated: false, ended: false };
  const open = new Map<string, RecordedIteration>();
  for (let i = 1; i < lines.length; i++) {
    const read = lines[i]!;
    if (!('line' in read)) {
      recording.truncated = true;
      continue;
    }
    const { line } = read;
    if (line.kind === 'call') {
      const iteration = open.get(line.agent);
      if (iteration?.iteration !== line.iteration) continue;
      (line as CallLine & { trace?: TraceEvent[] }).trace = NO_TRACE;
      iteration.calls.push(line as RecordedCall);
    } else if (line.kind === 'trace') {
      const event = line.event;
      if (event.type === 'iteration-start') {
        const iteration: RecordedIteration = {
          iteration: event.iteration,
          trigger: event.trigger,
          calls: [],
          events: [],
        };
        let agent: RecordedAgent | undefined = recording.agents.get(event.agent);
        if (!agent) recording.agents.set(event.agent, (agent = { name: event.agent, iterations: [] }));
        agent.iterations.push(iteration);
        open.set(event.agent, iteration);
      }
      const iteration = open.get(event.agent);
      if (iteration?.iteration !== event.iteration) continue;
      iteration.events.push(event);
      if (event.type === 'iteration-end') iteration.end = event;
    } else if (line.kind === 'end') recording.ended = true;
  }
  return recording;
}
