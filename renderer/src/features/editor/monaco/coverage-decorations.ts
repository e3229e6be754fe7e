// Which lines ran, in the editor (docs/debugging.md#which-lines-ran): after a test run (or the line
// counts of a recording), each statement line of a brain gets a mark in the gutter, warmer the more
// often it was entered, and a line never reached is marked as such; the hover says the count.

import type { editor as MonacoEditor } from 'monaco-editor/editor';
import type { TestCaseResult } from '../../../../../contract/views.ts';
import { useWorkbench } from '../../../core/workbench-store.ts';
import { modelOf } from './model-markers.ts';
import { monaco } from './monaco-setup.ts';

type Model = MonacoEditor.ITextModel;

const ids = new WeakMap<Model, string[]>();
let shownFrom: TestCaseResult[] | undefined;
let counts = new Map<string, Map<number, number>>();
/** What the counts are of, for the hover: the last test run, or a recording's iterations. */
let countedOver = 'the last test run';

/** The tests' counts summed per workspace path. */
function summed(results: readonly TestCaseResult[]): Map<string, Map<number, number>> {
  const byPath = new Map<string, Map<number, number>>();
  for (const result of results) {
    for (const [path, lines] of Object.entries(result.coverage ?? {})) {
      let hits = byPath.get(path);
      if (!hits) byPath.set(path, (hits = new Map()));
      for (const [line, count] of lines) hits.set(line, (hits.get(line) ?? 0) + count);
    }
  }
  return byPath;
}

/** 0: never entered; 1–3: cooler to warmer, by the count's share of the file's most entered line. */
function heatOf(hits: number, most: number): number {
  if (hits === 0) return 0;
  return Math.min(3, 1 + Math.floor((Math.log(hits) / Math.log(Math.max(most, 2))) * 2.99));
}

function paint(model: Model, path: string): void {
  const lines = counts.get(path);
  const most = lines ? Math.max(1, ...lines.values()) : 1;
  const decorations = [...(lines ?? [])]
    .filter(([line]) => line <= model.getLineCount())
    .map(([line, hits]) => {
      const said = {
        value:
          hits === 0
            ? `Not reached in ${countedOver}`
            : `Entered ${hits} time${hits === 1 ? '' : 's'} in ${countedOver}`,
      };
      return {
        range: new monaco.Range(line, 1, line, 1),
        options: {
          isWholeLine: false,
          linesDecorationsClassName: `coverage-heat coverage-heat-${heatOf(hits, most)}`,
          hoverMessage: said,
          // Monaco shows no hover for the mark itself (the lines-decoration lane); the line number beside it has one.
          lineNumberHoverMessage: said,
          stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        },
      };
    });
  ids.set(model, model.deltaDecorations(ids.get(model) ?? [], decorations));
}

function paintAll(): void {
  const { files, testResults } = useWorkbench.getState();
  if (testResults !== shownFrom) {
    shownFrom = testResults;
    counts = summed(testResults ?? []);
    countedOver = 'the last test run';
  }
  for (const path of Object.keys(files)) {
    const model = modelOf(path);
    if (model) paint(model, path);
  }
}

/** Shows other counts than a test run's (a recording's line counts) until the next test run. */
export function showLineCounts(files: Record<string, [line: number, hits: number][]>, over: string): void {
  shownFrom = useWorkbench.getState().testResults;
  counts = new Map(Object.entries(files).map(([path, lines]) => [path, new Map(lines)]));
  countedOver = over;
  paintAll();
}

useWorkbench.subscribe((state, previous) => {
  if (state.testResults !== previous.testResults || state.files !== previous.files) paintAll();
});
monaco.editor.onDidCreateModel(() => queueMicrotask(paintAll));
