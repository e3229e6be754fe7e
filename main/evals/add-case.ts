// Add to dataset (docs/evals.md#for-the-workbench): what an agent was given in a recording (or a
// branch, which is one) becomes a case: its seeded memory and the first message it received are
// the input, its exit message the expected value unless another is given. Appended to a JSONL,
// CSV or YAML dataset; an id already there is an error, never an overwrite.

import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

import { stringify } from 'yaml';

import { loadRecording } from '../recording/recording.ts';
import type { Json } from '../trace/trace-event.ts';
import { datasetFormat, readDataset, type EvalCase } from './dataset.ts';

export class AddCaseError extends Error {}

export interface AddCaseOptions {
  /** A recording or a branch. */
  recording: string;
  dataset: string;
  id: string;
  /** The agent whose input and answer make the case; the recording's only (or first) agent by default. */
  agent?: string;
  /**
   * The recorded iteration (its number in the session) whose received message is the input and
   * whose exit is the answer: a live session's iteration just debugged. The first by default.
   */
  iteration?: number;
  expected?: Json;
  tags?: string[];
  split?: string;
}

export function caseFromRecording(options: AddCaseOptions): Omit<EvalCase, 'line'> {
  const recording = loadRecording(options.recording);
  const agents = [...recording.agents.keys()];
  const agent = options.agent ?? agents[0];
  const recorded = agent === undefined ? undefined : recording.agents.get(agent);
  if (!agent || !recorded) throw new AddCaseError(`${options.recording} has no agent ${options.agent ?? ''}`.trim());
  const input: Record<string, Json> = { ...recording.header.config.memory[agent] };
  const chosen =
    options.iteration === undefined
      ? recorded.iterations[0]
      : recorded.iterations.find((iteration) => iteration.iteration === options.iteration);
  if (options.iteration !== undefined && !chosen)
    throw new AddCaseError(`${options.recording} has no iteration ${options.iteration} of ${agent}`);
  const received = chosen?.calls.find(
    (call) => (call.op === 'host.recv' || call.op === 'host.try-recv') && call.ok && call.value,
  );
  const event = (received?.value as { event?: { kind?: string; data?: Json } } | undefined)?.event;
  if (event?.kind === 'message' && event.data !== undefined) input['message'] = event.data;
  else if (event) input['event'] = event as Json;
  const exited = (options.iteration === undefined ? recorded.iterations.findLast((iteration) => iteration.end) : chosen)
    ?.end?.outcome;
  const answer = typeof exited === 'object' ? exited.exited : undefined;
  const expected = options.expected ?? answer;
  return {
    id: options.id,
    input,
    ...(expected !== undefined ? { expected } : {}),
    tags: options.tags ?? [],
    ...(options.split !== undefined ? { split: options.split } : {}),
  };
}

/** Appends the recording's case to the dataset (created when it does not exist); the case added. */
export function addCaseFromRecording(options: AddCaseOptions): Omit<EvalCase, 'line'> {
  const format = datasetFormat(options.dataset);
  if (!format) throw new AddCaseError(`${options.dataset}: expected a dataset ending in .jsonl, .csv, .yaml or .yml`);
  const c = caseFromRecording(options);
  const exists = existsSync(options.dataset);
  if (exists && readDataset(options.dataset).some((other) => other.id === c.id))
    throw new AddCaseError(`${options.dataset} already has a case "${c.id}"`);
  const { id, input, expected, tags, split } = c;
  const entry = {
    id,
    input,
    ...(expected !== undefined ? { expected } : {}),
    tags,
    ...(split !== undefined ? { split } : {}),
  };
  const separated = (text: string) => (text === '' || text.endsWith('\n') ? '' : '\n');
  const before = exists ? readFileSync(options.dataset, 'utf8') : '';
  if (format === 'jsonl') appendFileSync(options.dataset, `${separated(before)}${JSON.stringify(entry)}\n`);
  else if (format === 'yaml') appendFileSync(options.dataset, `${separated(before)}${stringify([entry])}`);
  else appendCsv(options.dataset, before, entry);
  return c;
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function appendCsv(
  file: string,
  before: string,
  entry: { id: string; input: Record<string, Json>; expected?: Json; tags: string[]; split?: string },
): void {
  const text = (value: Json | undefined) =>
    value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const fields = Object.keys(entry.input);
  const columns =
    before.trim() === ''
      ? ['id', ...fields, 'expected', 'tags', 'split']
      : (before.split(/\r?\n/)[0] ?? '').split(',').map((c) => c.trim());
  const unknown = fields.filter((field) => !columns.includes(field) && !columns.includes(`input.${field}`));
  if (unknown.length > 0)
    throw new AddCaseError(`${file} has no column for ${unknown.join(', ')}: add it to the header first`);
  const row = columns.map((column) => {
    if (column === 'id') return entry.id;
    if (column === 'expected') return text(entry.expected);
    if (column === 'tags') return entry.tags.join(' ');
    if (column === 'split') return entry.split ?? '';
    if (column === 'trials') return '';
    return text(entry.input[column.replace(/^input\./, '')]);
  });
  const header = before.trim() === '' ? `${columns.join(',')}\n` : '';
  if (header) writeFileSync(file, header);
  appendFileSync(file, `${before !== '' && !before.endsWith('\n') ? '\n' : ''}${row.map(csvField).join(',')}\n`);
}
