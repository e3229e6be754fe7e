// Line counts as the workbench shows them (docs/debugging.md#which-lines-ran): each brain named as
// the workspace names it (the editor opens it by that name and paints its gutter), every
// statement line with its count, and the summary line per brain, in the same order.

import { relative } from 'node:path';
import type { RecordingCoverageView } from '../../contract/recording-views.ts';
import { coverageLine, type LineCoverageMap } from '../debugger/line-coverage-map.ts';

export function coverageView(
  coverage: LineCoverageMap,
  root: string,
): Pick<RecordingCoverageView, 'files' | 'summary'> {
  const named = (file: string) => relative(root, file).split('\\').join('/');
  const files = Object.fromEntries(
    Object.entries(coverage.statementCounts()).map(([file, lines]) => [named(file), lines]),
  );
  const summary = coverage.summary().map((brain) => coverageLine(brain, named(brain.file)));
  return { files, summary };
}
