// An opened recording kept as what the timeline shows (a line per iteration) and where each
// iteration lies in the file, not as its calls and events: an iteration is read again from disk
// when it is looked at, so a workbench holding several big recordings open holds little of them.

import type { RecordedIterationView, RecordingView } from '../../contract/recording-views.ts';
import { buildRecording } from './recording.ts';
import { readRecordingSpan, RecordingError, type ReadLine } from './recording-reader.ts';
import { locateRecordingSegments } from './recording-segments.ts';
import { recordedIterationView, recordingView } from './recording-summary.ts';

/** An iteration's lines in one file of the recording. */
interface Range {
  file: string;
  start: number;
  end: number;
  firstLine: number;
}

/** An iteration's lines: in one file, or in both when the rotation to a new segment split it. */
type IterationSpan = Range[];

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
    private readonly summary: Omit<RecordingView, 'path'>,
    private readonly header: ReadLine,
    private readonly spans: Map<string, IterationSpan>,
  ) {}

  /**
   * Reads the file once (and its older segment, as `readRecordingSegments` does); what a damaged
   * file holds is a RecordingError with its line.
   */
  static async of(file: string): Promise<RecordingIndex> {
    const parts = await locateRecordingSegments(file);
    const located = parts.flatMap((part) => part.lines);
    const recording = buildRecording(located.map((line) => line.read));
    const spans = new Map<string, IterationSpan>();
    // Per agent, the span its lines go to: from an iteration's start to the agent's next start
    // (an outcome comes after the iteration's end). A number seen again (a later run) is not
    // indexed: the view shows the first iteration with a number.
    const open = new Map<string, IterationSpan | undefined>();
    for (const part of parts)
      for (const { read, number, start, end } of part.lines) {
        const owner = ownerOf(read);
        if (!owner) continue;
        const key = spanKey(owner.agent, owner.iteration);
        if ('line' in read && read.line.kind === 'trace' && read.line.event.type === 'iteration-start') {
          const fresh = spans.has(key) ? undefined : [{ file: part.file, start, end, firstLine: number }];
          if (fresh) spans.set(key, fresh);
          open.set(owner.agent, fresh);
          continue;
        }
        const span = open.get(owner.agent);
        if (!span || spans.get(key) !== span) continue;
        const last = span.at(-1)!;
        if (last.file === part.file) last.end = end;
        else span.push({ file: part.file, start, end, firstLine: number });
      }
    const { path: _path, ...summary } = recordingView(recording, '', located.length);
    return new RecordingIndex(summary, located[0]!.read, spans);
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
    const lines = span
      .flatMap((range) => readRecordingSpan(range.file, range.start, range.end, range.firstLine))
      .filter((read) => sharedLine(read) || ownerOf(read)?.agent === agent);
    return recordedIterationView(buildRecording([this.header, ...lines]), agent, number);
  }
}
