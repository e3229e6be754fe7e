import type { ReactNode } from 'react';
import type { RecordingCoverageView } from '../../../../contract/recording-views.ts';

/**
 * Line counts per brain (docs/debugging.md#which-lines-ran), over a recording or an eval's trials:
 * each brain's summary line with **Show in the editor**, then what was left out and why.
 */
export function LineCountsSummary({
  coverage,
  title,
  className,
  openTitle,
  onOpen,
  notes = [],
  actions,
}: {
  coverage: RecordingCoverageView;
  title: ReactNode;
  className: string;
  /** The Show in the editor button's tooltip: what it does to the view it is in. */
  openTitle: string;
  onOpen: (brain: string) => void;
  /** Lines after the agents left out: trials left out, iterations that did not run as recorded. */
  notes?: string[];
  /** Beside the title (a close button). */
  actions?: ReactNode;
}) {
  // The summary lines and the files are in the same order, one per brain.
  const brains = Object.keys(coverage.files);
  return (
    <div className={className} data-testid="line-counts">
      <div className="label">
        {title}
        {actions}
      </div>
      <ul>
        {coverage.summary.map((line, i) => (
          <li key={line} data-testid="line-counts-summary">
            <code>{line}</code>{' '}
            {brains[i] ? (
              <button
                className="link"
                data-testid="line-counts-open"
                title={openTitle}
                onClick={() => onOpen(brains[i]!)}
              >
                Show in the editor
              </button>
            ) : null}
          </li>
        ))}
        {coverage.skipped.map(({ agent, reason }) => (
          <li key={agent} className="dim" data-testid="line-counts-skipped">
            {agent} left out: {reason}
          </li>
        ))}
        {notes.map((note) => (
          <li key={note} className="dim" data-testid="line-counts-note">
            {note}
          </li>
        ))}
      </ul>
    </div>
  );
}
