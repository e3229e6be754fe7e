// An opened recording kept as what the timeline shows (a line per iteration) and where each
// iteration lies in the file, not as its calls and events: an iteration is read again from disk
// when it is looked at, so a workbench holding several big recordings open holds little of them.

import type { RecordedIterationView, RecordingView } from '../../contract/recording-views.ts';
import { buildRecording } from './recording.ts';
import {
  readRecordingSpan,
  RecordingError,
  streamLocatedLines,
  type LocatedLine,
  type ReadLine,
} from './recording-reader.ts';
import { recordedIterationView, recordingView } from './recording-summary.ts';

interface IterationSpan {
  start: number;
  end: number;
  firstLine: number;
}

const spanKey = (agent: string, iteration: number) => `${agent}\u0000${iteration}`;

/** The agent and iteration a line belongs to, when it belongs to one. */
function ownerOf(read: ReadLine): { agent: string; iteration: number } | undefined {
  if (!('line' in read)) return undefined;
  const { line } = read;
  if (line.kind === 'call') return { agent: line.agent, iteration: line.iteration };
  if (line.kind === 'trace') return { agent: line.event.agent, iteration: line.event.iteration };
  return undefined;
}

/** Lines every iteration's grouping depends on, whoever's they are. */
const sharedLine = (read: ReadLine) => 'line' in read && (read.line.kind === 'header' || read.line.kind === 'cut');

export class RecordingIndex {
  private constructor(
    private readonly file: string,
    private readonly summary: Omit<RecordingView, 'path'>,
    private readonly header: ReadLine,
    private readonly spans: Map<string, IterationSpan>,
  ) {}

  /** Reads the file once; what a damaged file holds is a RecordingError with its line. */
  static async of(file: string): Promise<RecordingIndex> {
    const located: LocatedLine[] = [];
    for await (const line of streamLocatedLines(file)) located.push(line);
    const recording = buildRecording(located.map((line) => line.read));
    const spans = new Map<string, IterationSpan>();
    // Per agent, the span its lines go to: from an iteration's start to the agent's next start
    // (an outcome comes after the iteration's end). A number seen again (a later run) is not
    // indexed: the view shows the first iteration with a number.
    const open = new Map<string, IterationSpan | undefined>();
    for (const { read, number, start, end } of located) {
      const owner = ownerOf(read);
      if (!owner) continue;
      const key = spanKey(owner.agent, owner.iteration);
      if ('line' in read && read.line.kind === 'trace' && read.line.event.type === 'iteration-start') {
        const fresh = spans.has(key) ? undefined : { start, end, firstLine: number };
        if (fresh) spans.set(key, fresh);
        open.set(owner.agent, fresh);
        continue;
      }
      const span = open.get(owner.agent);
      if (span && spans.get(key) === span) span.end = end;
    }
    const { path: _path, ...summary } = recordingView(recording, '', located.length);
    return new RecordingIndex(file, summary, located[0]!.read, spans);
  }

  view(path: string): RecordingView {
    return { ...this.summary, path };
  }

  /** One iteration in full, read from the file (its lines, and the headers and cuts among them). */
  iteration(agent: string, number: number): RecordedIterationView {
    const span = this.spans.get(spanKey(agent, number));
    if (!span) {
      const known = this.summary.agents.some((recorded) => recorded.name === agent);
      throw new RecordingError(
        known ? `agent "${agent}" has no recorded iteration ${number}` : `no agent "${agent}" in the recording`,
      );
    }
    const lines = readRecordingSpan(this.file, span.start, span.end, span.firstLine).filter(
      (read) => sharedLine(read) || ownerOf(read)?.agent === agent,
    );
    return recordedIterationView(buildRecording([this.header, ...lines]), agent, number);
  }
}
