// The Evals view's model: trial cells gathered into case rows whatever order their chunks come
// in, the matrix's filters, search and sorts (by regression against a baseline's deltas), the
// charts' numbers, the comparison's filter and the keyboard's moves.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ComparedCase, TrialCell } from '../../contract/eval-views.ts';
import {
  CaseMatrix,
  costBars,
  DEFAULT_QUERY,
  facets,
  moveCell,
  queryComparison,
  queryRows,
  scoreHistogram,
  type MatrixQuery,
} from '../../renderer/src/features/evals/eval-model.ts';

let at = 0;
function cell(
  caseIndex: number,
  trial: number,
  verdict: TrialCell['verdict'],
  score: number,
  extra: Partial<TrialCell> = {},
): TrialCell {
  return {
    case: `c${caseIndex}`,
    caseIndex,
    trial,
    tags: caseIndex % 2 ? ['odd'] : ['even'],
    split: caseIndex < 2 ? 'dev' : 'test',
    verdict,
    score,
    cost: 0.25,
    durationMs: 10 * (caseIndex + 1),
    at: at++,
    ...extra,
  };
}

/** c0: passes both; c1: disagrees; c2: fails both; c3: an error and a pass. */
const CELLS = [
  cell(0, 1, 'pass', 1),
  cell(0, 2, 'pass', 1),
  cell(1, 1, 'pass', 1),
  cell(1, 2, 'fail', 0.4),
  cell(2, 1, 'fail', 0.2),
  cell(2, 2, 'fail', 0),
  cell(3, 1, 'error', 0),
  cell(3, 2, 'pass', 0.9),
];

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const query = (change: Partial<MatrixQuery>) => ({ ...DEFAULT_QUERY, ...change });

function built(cells: TrialCell[] = CELLS): CaseMatrix {
  const matrix = new CaseMatrix();
  matrix.add(cells);
  return matrix;
}

describe('the Evals view model', () => {
  it('gathers cells into case rows whatever order and chunking they come in', () => {
    const inOrder = built().rows();
    const shuffled = new CaseMatrix();
    // A case's trials split over two chunks, later cases first.
    shuffled.add([CELLS[7]!, CELLS[3]!, CELLS[0]!]);
    shuffled.add([CELLS[5]!, CELLS[1]!, CELLS[6]!, CELLS[2]!, CELLS[4]!]);
    assert.deepEqual(shuffled.rows(), inOrder);
    assert.deepEqual(ids(inOrder), ['c0', 'c1', 'c2', 'c3']);
    const c1 = inOrder[1]!;
    assert.equal(c1.passes, 1);
    assert.equal(c1.fails, 1);
    assert.equal(c1.meanScore, 0.7);
    assert.equal(c1.cost, 0.5);
    assert.equal(inOrder[3]!.errors, 1);
  });

  it('counts a cell sent twice once, and leaves a trial the file lacks as a gap', () => {
    const matrix = built([cell(0, 1, 'pass', 1), cell(0, 3, 'fail', 0), cell(0, 1, 'fail', 0)]);
    const [row] = matrix.rows();
    assert.equal(matrix.trials, 3);
    assert.equal(matrix.cells, 2);
    assert.equal(row!.passes, 1);
    assert.equal(row!.cells[1], undefined);
    assert.equal(row!.meanScore, 0.5);
  });

  it('filters by verdict, tag, split and search', () => {
    const rows = built().rows();
    assert.deepEqual(ids(queryRows(rows, query({ verdict: 'failing' }))), ['c1', 'c2', 'c3']);
    assert.deepEqual(ids(queryRows(rows, query({ verdict: 'disagreeing' }))), ['c1', 'c3']);
    assert.deepEqual(ids(queryRows(rows, query({ verdict: 'errors' }))), ['c3']);
    assert.deepEqual(ids(queryRows(rows, query({ verdict: 'passing' }))), ['c0']);
    assert.deepEqual(ids(queryRows(rows, query({ tag: 'odd' }))), ['c1', 'c3']);
    assert.deepEqual(ids(queryRows(rows, query({ split: 'dev' }))), ['c0', 'c1']);
    assert.deepEqual(ids(queryRows(rows, query({ search: ' C2 ' }))), ['c2']);
    assert.deepEqual(ids(queryRows(rows, query({ tag: 'odd', verdict: 'errors' }))), ['c3']);
    assert.deepEqual(facets(rows), { tags: ['even', 'odd'], splits: ['dev', 'test'] });
  });

  it('sorts failing first (disagreeing before), by score, cost and time, and by regression against a baseline', () => {
    const rows = built().rows();
    assert.deepEqual(ids(queryRows(rows, query({ sort: 'failing' }))), ['c3', 'c1', 'c2', 'c0']);
    assert.deepEqual(ids(queryRows(rows, query({ sort: 'score' }))), ['c2', 'c3', 'c1', 'c0']);
    assert.deepEqual(ids(queryRows(rows, query({ sort: 'duration' }))), ['c3', 'c2', 'c1', 'c0']);
    // The largest drop first; cases the baseline does not have last.
    const deltas = new Map([
      ['c0', -0.1],
      ['c1', -0.6],
      ['c2', 0.3],
    ]);
    assert.deepEqual(ids(queryRows(rows, query({ sort: 'regression' }), deltas)), ['c1', 'c0', 'c2', 'c3']);
    assert.deepEqual(ids(rows), ['c0', 'c1', 'c2', 'c3'], 'the rows themselves are not reordered');
  });

  it('bins the trials’ scores by verdict, the score 1 in the last bin', () => {
    const bins = scoreHistogram(built().rows(), 5);
    assert.equal(bins.length, 5);
    assert.deepEqual(
      bins.map((b) => [b.pass, b.fail, b.error]),
      [
        [0, 1, 1],
        [0, 1, 0],
        [0, 1, 0],
        [0, 0, 0],
        [4, 0, 0],
      ],
    );
  });

  it('draws a bar per case, and past the width a bar per group at its highest', () => {
    const many = new CaseMatrix();
    many.add(Array.from({ length: 1000 }, (_, i) => cell(i, 1, 'pass', 1, { cost: i === 567 ? 9 : 1 })));
    const bars = costBars(many.rows(), 400);
    assert.equal(bars.length, 334);
    assert.equal(
      bars.reduce((sum, b) => sum + b.cases, 0),
      1000,
    );
    assert.equal(Math.max(...bars.map((b) => b.cost)), 9);
    assert.deepEqual(bars[189], { first: 'c567', last: 'c569', cost: 9, cases: 3 });
    assert.equal(costBars(built().rows()).length, 4);
  });

  it('filters a comparison by status and search, keeping its order', () => {
    const side = { meanScore: 0, passes: 0, trials: 1, verdicts: 'f', outcome: '', cost: 0 };
    const cases: ComparedCase[] = [
      { case: 'b', status: 'regressed', delta: -1, base: side, candidate: side },
      { case: 'a', status: 'regressed', delta: -0.5, base: side, candidate: side },
      { case: 'c', status: 'improved', delta: 0.5, base: side, candidate: side },
    ];
    assert.deepEqual(
      queryComparison(cases, 'regressed', '').map((c) => c.case),
      ['b', 'a'],
    );
    assert.deepEqual(
      queryComparison(cases, 'all', 'C').map((c) => c.case),
      ['c'],
    );
  });

  it('moves the selected cell with the arrows, inside the matrix', () => {
    assert.deepEqual(moveCell({ row: 0, trial: 0 }, 'ArrowUp', 5, 3), { row: 0, trial: 0 });
    assert.deepEqual(moveCell({ row: 0, trial: 0 }, 'ArrowDown', 5, 3), { row: 1, trial: 0 });
    assert.deepEqual(moveCell({ row: 1, trial: 2 }, 'ArrowRight', 5, 3), { row: 1, trial: 2 });
    assert.deepEqual(moveCell({ row: 1, trial: 2 }, 'ArrowLeft', 5, 3), { row: 1, trial: 1 });
    assert.deepEqual(moveCell({ row: 2, trial: 1 }, 'End', 5, 3), { row: 4, trial: 1 });
    assert.deepEqual(moveCell({ row: 2, trial: 1 }, 'Home', 5, 3), { row: 0, trial: 1 });
  });
});
