// An eval's dataset (docs/evals.md#datasets): JSONL, CSV or YAML, one case each with an `id`
// (unique), its `input` fields, an optional `expected` value, `tags`, a `split` and a `trials`
// count of its own. A case that does not parse is an error with its file and line.

import { readFileSync } from 'node:fs';
import { extname } from 'node:path';

import { ConfigError } from '../config/config-error.ts';
import { isConfigTable } from '../config/config-document.ts';
import { readYaml } from '../config/read-yaml.ts';
import type { Json } from '../trace/trace-event.ts';
import { CsvError, csvRows } from './csv-rows.ts';

export interface EvalCase {
  id: string;
  input: Record<string, Json>;
  expected?: Json;
  tags: string[];
  split?: string;
  /** Trials of this case, over the eval's. */
  trials?: number;
  /** 1-based line where the case is written. */
  line: number;
}

export type DatasetFormat = 'jsonl' | 'csv' | 'yaml';

const KEYS = ['id', 'input', 'expected', 'tags', 'split', 'trials'];

export function datasetFormat(file: string): DatasetFormat | undefined {
  const extension = extname(file).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (extension === '.csv') return 'csv';
  if (extension === '.yaml' || extension === '.yml') return 'yaml';
  return undefined;
}

export function readDataset(file: string): EvalCase[] {
  const format = datasetFormat(file);
  if (!format) throw new ConfigError({ file, problem: 'expected a dataset ending in .jsonl, .csv, .yaml or .yml' });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError({ file, problem: `cannot read the dataset: ${(error as Error).message}` });
  }
  const cases =
    format === 'jsonl' ? jsonlCases(text, file) : format === 'csv' ? csvCases(text, file) : yamlCases(text, file);
  const seen = new Map<string, number>();
  for (const c of cases) {
    const first = seen.get(c.id);
    if (first !== undefined)
      throw new ConfigError({
        file,
        line: c.line,
        problem: `case id "${c.id}" is used twice (first on line ${first})`,
      });
    seen.set(c.id, c.line);
  }
  return cases;
}

/** A JSON line's parse error, with the column JSON.parse reports when it reports one. */
function jsonlCases(text: string, file: string): EvalCase[] {
  const cases: EvalCase[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const message = (error as Error).message;
      const position = /position (\d+)/.exec(message);
      const column = position ? Number(position[1]) + 1 : undefined;
      throw new ConfigError({
        file,
        line,
        column,
        problem: `not a JSON case: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
      });
    }
    cases.push(caseOf(value, file, line));
  });
  return cases;
}

function yamlCases(text: string, file: string): EvalCase[] {
  const { data, locate } = readYaml(text, file);
  const list = isConfigTable(data) && Array.isArray(data['cases']) ? data['cases'] : data;
  const prefix = list === data ? [] : ['cases'];
  if (!Array.isArray(list))
    throw new ConfigError({ file, line: 1, column: 1, problem: 'expected a list of cases (or `cases:` holding one)' });
  return list.map((value, index) => caseOf(value, file, locate([...prefix, index])?.line ?? 1));
}

function csvCases(text: string, file: string): EvalCase[] {
  let rows;
  try {
    rows = csvRows(text);
  } catch (error) {
    if (error instanceof CsvError)
      throw new ConfigError({ file, line: error.line, column: error.column, problem: error.message });
    throw error;
  }
  const [header, ...records] = rows;
  if (!header) return [];
  const columns = header.fields.map((name) => name.trim());
  if (!columns.includes('id')) throw new ConfigError({ file, line: header.line, problem: 'expected an `id` column' });
  return records.map(({ line, fields }) => {
    if (fields.length !== columns.length)
      throw new ConfigError({
        file,
        line,
        problem: `expected ${columns.length} fields as the header has, found ${fields.length}`,
      });
    const raw: Record<string, unknown> = { input: {} };
    columns.forEach((column, i) => {
      const value = fields[i]!;
      if (column === 'tags') raw.tags = value.split(/[\s,;]+/).filter(Boolean);
      else if (column === 'trials') raw.trials = value === '' ? undefined : Number(value);
      else if (column === 'split') raw.split = value === '' ? undefined : value;
      else if (column === 'expected') raw.expected = value;
      else if (column === 'id') raw.id = value;
      else (raw.input as Record<string, string>)[column.replace(/^input\./, '')] = value;
    });
    return caseOf(raw, file, line);
  });
}

function caseOf(value: unknown, file: string, line: number): EvalCase {
  const problem = (text: string) => new ConfigError({ file, line, problem: text });
  if (!isConfigTable(value)) throw problem('expected a case: an object with an `id`');
  const unknown = Object.keys(value).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) throw problem(`unknown key "${unknown}" (a case has ${KEYS.join(', ')})`);
  const { id, input, expected, tags, split, trials } = value;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '')
    throw problem('expected an `id`: a string or a number');
  if (input !== undefined && !isConfigTable(input)) throw problem('expected `input` to be an object of fields');
  if (tags !== undefined && (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')))
    throw problem('expected `tags` to be a list of strings');
  if (split !== undefined && typeof split !== 'string') throw problem('expected `split` to be a string');
  if (trials !== undefined && (typeof trials !== 'number' || !Number.isInteger(trials) || trials < 1))
    throw problem('expected `trials` to be a whole number above 0');
  return {
    id: String(id),
    input: (input ?? {}) as Record<string, Json>,
    ...(expected !== undefined ? { expected: expected as Json } : {}),
    tags: (tags ?? []) as string[],
    ...(split !== undefined ? { split } : {}),
    ...(trials !== undefined ? { trials } : {}),
    line,
  };
}
