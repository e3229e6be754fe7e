// `brainbench chaos RECORDING` (docs/counterfactuals.md, Chaos): a line per mutation as it ends,
// a table of what each did, the tests written for those that broke a brain, and an exit code: 0
// when no mutation broke one, 1 otherwise.

import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ChaosEffect, ChaosEntryView, ChaosView } from '../../contract/counterfactual-views.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { MUTATION_KINDS, type MutationKind } from '../counterfactual/chaos-mutations.ts';
import { breaksBrain, runChaos } from '../counterfactual/chaos-run.ts';
import { RecordingError } from '../recording/recording-reader.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { CommandError } from './command-error.ts';
import { openRecording } from './recording-input.ts';
import { UsageError } from './usage-error.ts';
import { workspaceConfig } from './workspace-option.ts';

export interface ChaosCommandOptions {
  file: string;
  config?: string;
  format?: ConfigFormat;
  seed: number;
  max?: number;
  kinds?: MutationKind[];
  jobs: number;
  timeoutMs: number;
  saveTo?: string;
  /** Where to write the report as JSON. */
  json?: string;
  print: (line: string) => void;
}

const EFFECT_WORDS: Record<ChaosEffect, string> = {
  same: 'same outcome',
  different: 'different outcome',
  'brain-error': 'brain error',
  hang: 'hang',
  limit: 'limit hit',
};

/** `--kinds a,b`: each a known mutation kind. */
export function mutationKinds(value: string): MutationKind[] {
  const kinds = value.split(',').map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !(MUTATION_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0 || kinds.length === 0)
    throw new UsageError(
      `--kinds: unknown ${unknown.map((kind) => JSON.stringify(kind)).join(', ')}; expected ${MUTATION_KINDS.join(', ')}`,
    );
  return kinds as MutationKind[];
}

export async function chaosCommand(options: ChaosCommandOptions): Promise<number> {
  const recording = openRecording(options.file);
  const config = workspaceConfig('chaos', options.config, options.format);
  let view: ChaosView;
  try {
    view = await runChaos({
      recording,
      label: basename(options.file),
      config,
      spawner: forkSpawner,
      entry: agentEntry(),
      seed: options.seed,
      jobs: options.jobs,
      timeoutMs: options.timeoutMs,
      ...(options.max !== undefined ? { max: options.max } : {}),
      ...(options.kinds ? { kinds: options.kinds } : {}),
      ...(options.saveTo !== undefined ? { saveTo: options.saveTo } : {}),
      onEntry: (entry, done, of) => options.print(`[${done}/${of}] ${entryLine(entry)}`),
    });
  } catch (error) {
    if (error instanceof RecordingError) throw new CommandError(error.message);
    throw error;
  }
  tableLines(view).forEach(options.print);
  if (options.json !== undefined) {
    try {
      writeFileSync(options.json, `${JSON.stringify(view, null, 2)}\n`);
    } catch (error) {
      throw new CommandError(`cannot write ${options.json}: ${(error as Error).message}`);
    }
    options.print(`wrote ${options.json}`);
  }
  return view.entries.some((entry) => breaksBrain(entry.effect)) ? 1 : 0;
}

const entryLine = (entry: ChaosEntryView): string =>
  `${EFFECT_WORDS[entry.effect].toUpperCase()} ${entry.mutation}: ${entry.detail}`;

function tableLines(view: ChaosView): string[] {
  const rows = view.entries.map((entry) => [entry.mutation, EFFECT_WORDS[entry.effect], entry.test ?? '']);
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length), column === 0 ? 8 : 6));
  const pad = (row: string[]) => `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]!}`.trimEnd();
  const counts = (Object.keys(EFFECT_WORDS) as ChaosEffect[])
    .filter((effect) => view.counts[effect] > 0)
    .map((effect) => `${view.counts[effect]} ${EFFECT_WORDS[effect]}`);
  return [
    '',
    pad(['mutation', 'effect', 'test']),
    ...rows.map(pad),
    '',
    `${view.recording}: ${view.entries.length} of ${view.offered} mutation(s) run (seed ${view.seed}) in ${(view.durationMs / 1000).toFixed(1)} s: ${counts.join(', ') || 'none'}`,
  ];
}
