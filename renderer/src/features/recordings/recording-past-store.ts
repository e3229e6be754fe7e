// The opened recording's past, re-executed (docs/debugging.md#logpoints-in-the-past,
// #which-lines-ran): logpoints and watches added to its brain lines, whose values go to the Debug
// output (each linked to its iteration) and to a column of the recording's timeline; and its line
// counts, as a summary per brain and the editor's gutter heat map. Cleared when another recording opens.

import { create } from 'zustand';
import type { PastWatchView } from '../../../../contract/debug-views.ts';
import type { RecordingCoverageView } from '../../../../contract/recording-views.ts';
import { counted } from '../../../../contract/counted.ts';
import { attempt } from '../../core/workbench-store.ts';
import { addOutput } from '../debug/debug-store.ts';
import { showLineCounts } from '../editor/monaco/coverage-decorations.ts';
import { useRecordings } from './recording-store.ts';

export interface PastProbe {
  kind: 'log' | 'watch';
  agent: string;
  brain: string;
  /** The line asked for; the view says where it was placed. */
  line: number;
  /** The log message, or the watch expression. */
  text: string;
  view: PastWatchView | 'running' | undefined;
}

interface RecordingPastState {
  /** The recording the probes and counts are of. */
  path: string | undefined;
  probes: PastProbe[];
  coverage: RecordingCoverageView | 'running' | undefined;
}

export const useRecordingPast = create<RecordingPastState>(() => ({
  path: undefined,
  probes: [],
  coverage: undefined,
}));

const set = useRecordingPast.setState;
const get = useRecordingPast.getState;

useRecordings.subscribe((state, previous) => {
  if (state.opened?.path !== previous.opened?.path && state.opened?.path !== get().path)
    set({ path: state.opened?.path, probes: [], coverage: undefined });
});

const sameProbe = (a: PastProbe, b: Omit<PastProbe, 'view'>) =>
  a.agent === b.agent && a.brain === b.brain && a.line === b.line && a.kind === b.kind && a.text === b.text;

function replaceProbe(probe: PastProbe): void {
  set({ probes: [...get().probes.filter((p) => !sameProbe(p, probe)), probe] });
}

/** What a probe's values are called in the output and the timeline: `total = 3`, or the log message itself. */
const said = (probe: Pick<PastProbe, 'kind' | 'text'>, value: string) =>
  probe.kind === 'watch' ? `${probe.text} = ${value}` : value;

/** Runs a logpoint or a watch over the opened recording's iterations of `agent`, with the workspace's brain. */
export async function addRecordingProbe(asked: Omit<PastProbe, 'view'>): Promise<void> {
  const path = useRecordings.getState().opened?.path;
  if (!path) return;
  replaceProbe({ ...asked, view: 'running' });
  const view =
    asked.kind === 'watch'
      ? await attempt('recordingWatch', path, asked.agent, asked.brain, asked.line, asked.text, false)
      : await attempt('recordingLogpoint', path, asked.agent, asked.brain, asked.line, asked.text, false);
  if (get().path !== path) return;
  if (!view) {
    set({ probes: get().probes.filter((p) => !sameProbe(p, asked)) });
    return;
  }
  replaceProbe({ ...asked, view });
  const name = asked.brain.split('/').at(-1);
  const notes = [
    view.diverged.length > 0 ? `${counted(view.diverged.length, 'iteration')} did not run as recorded` : '',
    view.dropped ? `${counted(view.dropped, 'more message')} over 100 an iteration, not shown` : '',
  ].filter(Boolean);
  addOutput([
    ...view.values.map(({ iteration, line, value }) => ({
      agent: asked.agent,
      iteration,
      recording: path,
      text: `(recording) ${name}:${line}: ${said(asked, value)}`,
    })),
    {
      agent: asked.agent,
      text: `(recording) ${asked.kind === 'watch' ? `watch ${asked.text}` : 'logpoint'}: ${counted(view.values.length, 'value')} from ${counted(view.iterations, 'iteration')}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`,
    },
  ]);
}

export function removeRecordingProbe(probe: PastProbe): void {
  set({ probes: get().probes.filter((p) => p !== probe) });
}

/** Per iteration of `agent`: what its probes said there, for the timeline's column. */
export function probeValuesOf(probes: readonly PastProbe[], agent: string): Map<number, string[]> {
  const byIteration = new Map<number, string[]>();
  for (const probe of probes) {
    if (probe.agent !== agent || typeof probe.view !== 'object') continue;
    for (const { iteration, line, value } of probe.view.values) {
      const texts = byIteration.get(iteration) ?? [];
      texts.push(`${line}: ${said(probe, value)}`);
      byIteration.set(iteration, texts);
    }
  }
  return byIteration;
}

/** Line counts: every recorded iteration re-executed, each brain line counted; shown in the editor's gutter. */
export async function countRecordingLines(): Promise<void> {
  const path = useRecordings.getState().opened?.path;
  if (!path) return;
  set({ coverage: 'running' });
  const coverage = await attempt('recordingCoverage', path, false);
  if (get().path !== path) return;
  set({ coverage });
  if (coverage) showLineCounts(coverage.files, `the ${counted(coverage.iterations, 'recorded iteration')}`);
}
