import { useMemo } from 'react';
import { costBars, scoreHistogram, type CaseRow } from './eval-model.ts';
import { matrix, useEvals } from './eval-store.ts';
import { cost } from './eval-text.ts';

const WIDTH = 520;
const HEIGHT = 180;
const PAD = 28;

function ScoreChart({ rows }: { rows: CaseRow[] }) {
  const bins = useMemo(() => scoreHistogram(rows), [rows]);
  const most = Math.max(1, ...bins.map((b) => b.pass + b.fail + b.error));
  const barWidth = (WIDTH - PAD * 2) / bins.length;
  const y = (count: number) => ((HEIGHT - PAD * 2) * count) / most;
  return (
    <figure className="eval-chart">
      <figcaption>Score distribution (trials, by verdict)</figcaption>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label="score distribution" data-testid="eval-score-chart">
        {bins.map((bin, i) => {
          const x = PAD + i * barWidth;
          let top = HEIGHT - PAD;
          return (
            <g key={i}>
              {(['pass', 'fail', 'error'] as const).map((verdict) => {
                const h = y(bin[verdict]);
                top -= h;
                return h > 0 ? (
                  <rect key={verdict} className={`bar ${verdict}`} x={x + 1} y={top} width={barWidth - 2} height={h}>
                    <title>
                      {bin[verdict]} {verdict} trials scoring {bin.from.toFixed(1)}–{bin.to.toFixed(1)}
                    </title>
                  </rect>
                ) : null;
              })}
              <text className="axis" x={x + barWidth / 2} y={HEIGHT - PAD + 14} textAnchor="middle">
                {bin.from.toFixed(1)}
              </text>
            </g>
          );
        })}
        <text className="axis" x={PAD - 4} y={PAD} textAnchor="end">
          {most}
        </text>
        <line className="axis-line" x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
      </svg>
    </figure>
  );
}

function CostChart({ rows, currency }: { rows: CaseRow[]; currency: string | undefined }) {
  const bars = useMemo(() => costBars(rows, 200), [rows]);
  const most = Math.max(0, ...bars.map((b) => b.cost));
  const barWidth = (WIDTH - PAD * 2) / Math.max(1, bars.length);
  const y = (value: number) => (most > 0 ? ((HEIGHT - PAD * 2) * value) / most : 0);
  return (
    <figure className="eval-chart">
      <figcaption>Cost per case (all trials), in case order</figcaption>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label="cost per case" data-testid="eval-cost-chart">
        {bars.map((bar, i) => (
          <rect
            key={i}
            className="bar cost"
            x={PAD + i * barWidth}
            y={HEIGHT - PAD - y(bar.cost)}
            width={Math.max(1, barWidth - 1)}
            height={y(bar.cost)}
          >
            <title>
              {bar.cases === 1 ? bar.first : `${bar.first} … ${bar.last} (${bar.cases} cases, the highest)`}:{' '}
              {cost(bar.cost, currency)}
            </title>
          </rect>
        ))}
        <text className="axis" x={PAD - 4} y={PAD} textAnchor="end">
          {cost(most, undefined)}
        </text>
        <line className="axis-line" x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
      </svg>
    </figure>
  );
}

/** The score distribution and the cost per case of the open results, as plain SVG. */
export function EvalCharts() {
  const version = useEvals((s) => s.version);
  const currency = useEvals((s) => s.results?.currency);
  const rows = useMemo(() => matrix.rows(), [version]);
  if (rows.length === 0) return <div className="empty">Open a results file to see its charts.</div>;
  return (
    <div className="eval-charts">
      <ScoreChart rows={rows} />
      <CostChart rows={rows} currency={currency} />
    </div>
  );
}
