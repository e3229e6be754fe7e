// A trial's recording: a Brainbench recording (docs/recordings.md) followed by `judge` lines, the
// LLM judges' calls on the trial, so that a rescore with an unchanged judge is served from them.
// Readers of recordings skip kinds they do not know, so the file still opens, replays and forks.

import { appendFileSync, readFileSync } from 'node:fs';

import type { Usage } from '../host-api/wit-types.generated.ts';
import { buildRecording, type Recording } from '../recording/recording.ts';
import { RecordingError, type ReadLine } from '../recording/recording-reader.ts';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type HeaderLine,
  type RecordingLine,
} from '../recording/recording-format.ts';

/** One call of an LLM judge: what it was asked (by the hash of the request) and what it answered. */
export interface JudgeCallLine {
  kind: 'judge';
  scorer: string;
  /** sha256 of the request (provider, model, messages): the same question is answered from here. */
  key: string;
  provider: string;
  model: string;
  ok: boolean;
  text?: string;
  error?: string;
  usage?: Usage;
  time: number;
  durationMs: number;
}

export interface TrialRecording {
  file: string;
  recording: Recording;
  judgeCalls: Map<string, JudgeCallLine>;
}

const KNOWN = new Set(['call', 'trace', 'delivered', 'end']);

/** Reads the recording and its judge lines in one pass over the text. */
export function readTrialRecording(file: string): TrialRecording {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RecordingError(`${file}: cannot read the trial's recording: ${(error as Error).message}`);
  }
  const texts = text.split('\n');
  if (texts.at(-1) === '') texts.pop();
  const lines: ReadLine[] = [];
  const judgeCalls = new Map<string, JudgeCallLine>();
  texts.forEach((raw, index) => {
    if (raw.trim() === '') return;
    let parsed: { kind?: unknown };
    try {
      parsed = JSON.parse(raw) as { kind?: unknown };
    } catch (error) {
      if (index === texts.length - 1) return lines.push({ truncated: raw });
      throw new RecordingError(`${file}: line ${index + 1}: not JSON: ${(error as Error).message}`);
    }
    if (index === 0 || KNOWN.has(parsed.kind as string)) lines.push({ line: parsed as RecordingLine });
    else if (parsed.kind === 'judge') {
      const call = parsed as JudgeCallLine;
      if (typeof call.key === 'string') judgeCalls.set(call.key, call);
    }
  });
  const first = lines[0];
  const header = first && 'line' in first ? (first.line as Partial<HeaderLine>) : undefined;
  if (header?.kind !== 'header' || header.format !== RECORDING_FORMAT)
    throw new RecordingError(`${file}: line 1: not a Brainbench recording`);
  if (typeof header.version !== 'number' || header.version > RECORDING_VERSION)
    throw new RecordingError(
      `${file}: line 1: recording format version ${String(header.version)}; this Brainbench reads up to ${RECORDING_VERSION}`,
    );
  return { file, recording: buildRecording(lines), judgeCalls };
}

export function appendJudgeCall(file: string, call: JudgeCallLine): void {
  appendFileSync(file, `${JSON.stringify(call)}\n`);
}
