import type { IterationEndTrace, IterationStartTrace, TraceEvent } from '../trace/trace-event.ts';
import type { CallLine, CutLine, HeaderLine } from './recording-format.ts';
import { readRecordingSegments } from './recording-segments.ts';
import { checkedAgentName, checkedHeader } from './recorded-header.ts';
import { RecordingError, type ReadLine } from './recording-reader.ts';

export interface RecordedCall extends CallLine {
  /** omw's trace events (calls, inbound, opened, closed) since the agent's previous call, up to this one's answer. */
  trace: TraceEvent[];
}

export interface RecordedIteration {
  /** The iteration's number in the recorded session. */
  iteration: number;
  trigger: IterationStartTrace['trigger'];
  calls: RecordedCall[];
  /** Every trace event of the iteration in order, its start and end included. */
  events: TraceEvent[];
  /** Absent when the recording stops inside the iteration. */
  end?: IterationEndTrace;
  /** The header in effect when it began: the brains and config that ran it (a brain changed mid-session starts a new one). */
  header: HeaderLine;
}

export interface RecordedAgent {
  name: string;
  iterations: RecordedIteration[];
}

/** A recording read whole, by agent and iteration. */
export interface Recording {
  header: HeaderLine;
  agents: Map<string, RecordedAgent>;
  /** The last line was cut (a crash, or a file still being written). */
  truncated: boolean;
  /** The recorder closed the file (an `end` line). */
  ended: boolean;
  /** The disk refused a write here (the last `cut` line): the iterations open then end there. */
  cut?: Pick<CutLine, 'time' | 'reason'>;
}

const REPLAYED_TRACE = new Set<TraceEvent['type']>(['call', 'inbound', 'opened', 'closed']);

/**
 * Groups a recording's lines by agent and iteration; calls and events before an agent's first
 * iteration are dropped. The header and every agent's name are checked (recorded-header.ts). One pass; each call's parsed line becomes its RecordedCall in place (a
 * copy per call is what a 100,000-event file would pay for), and its `trace` holds references
 * to the events already grouped, not copies.
 */
export function buildRecording(lines: readonly ReadLine[]): Recording {
  const first = lines[0];
  if (!first || !('line' in first) || first.line.kind !== 'header') throw new RecordingError('line 1: no header');
  const recording: Recording = { header: checkedHeader(first.line), agents: new Map(), truncated: false, ended: false };
  const open = new Map<string, RecordedIteration>();
  const since = new Map<string, TraceEvent[]>();
  let header = recording.header;
  for (let index = 1; index < lines.length; index++) {
    const read = lines[index]!;
    if (!('line' in read)) {
      recording.truncated = true;
      continue;
    }
    const { line } = read;
    if (line.kind === 'end') recording.ended = true;
    else if (line.kind === 'header') header = checkedHeader(line);
    else if (line.kind === 'cut') {
      // What an open iteration did after this is lost: it ends here, as a crash would end it.
      recording.cut = { time: line.time, reason: String(line.reason) };
      open.clear();
    } else if (line.kind === 'call') {
      const iteration = open.get(line.agent);
      if (iteration?.iteration !== line.iteration) continue;
      const call = line as RecordedCall;
      call.trace = since.get(line.agent) ?? [];
      iteration.calls.push(call);
      since.set(line.agent, []);
    } else if (line.kind === 'trace') {
      const event = line.event;
      if (event.type === 'iteration-start') {
        const iteration: RecordedIteration = {
          iteration: event.iteration,
          trigger: event.trigger,
          calls: [],
          events: [],
          header,
        };
        agentOf(recording, event.agent).iterations.push(iteration);
        open.set(event.agent, iteration);
        since.set(event.agent, []);
      }
      const iteration = open.get(event.agent);
      if (iteration?.iteration !== event.iteration) continue;
      iteration.events.push(event);
      if (REPLAYED_TRACE.has(event.type)) since.get(event.agent)?.push(event);
      if (event.type === 'iteration-end') iteration.end = event;
    }
  }
  return recording;
}

/**
 * The header of the brains and config that ran an agent's recorded iteration (0, before the
 * first: the one its first iteration ran under); the file's first when there is no such iteration.
 */
export function headerOf(recording: Recording, agent: string, iteration: number): HeaderLine {
  const iterations = recording.agents.get(agent)?.iterations ?? [];
  const found = iteration === 0 ? iterations[0] : iterations.find((it) => it.iteration === iteration);
  return found?.header ?? recording.header;
}

/**
 * The last of `iterations` that ran the brain the last one ran: an engine starts afresh when its
 * brain changes, so nothing before that change reaches the state after it (a fork's prefix).
 */
export function sinceBrainChange(iterations: readonly RecordedIteration[], agent: string): RecordedIteration[] {
  const brainOf = (iteration: RecordedIteration) => iteration.header.brains[agent]?.sha256;
  const last = iterations.at(-1);
  let first = iterations.length;
  while (first > 0 && brainOf(iterations[first - 1]!) === brainOf(last!)) first--;
  return iterations.slice(first);
}

function agentOf(recording: Recording, name: string): RecordedAgent {
  let agent = recording.agents.get(name);
  if (!agent) recording.agents.set(name, (agent = { name: checkedAgentName(name), iterations: [] }));
  return agent;
}

/** A recording file, with its older segment (`<file>.1`) before it when it has one. */
export function loadRecording(file: string): Recording {
  // Its lines' errors name their file already (the older segment's, or this one).
  const lines = readRecordingSegments(file);
  try {
    return buildRecording(lines);
  } catch (error) {
    if (error instanceof RecordingError) throw new RecordingError(`${file}: ${error.message}`);
    throw error;
  }
}
