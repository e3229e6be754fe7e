import { closeRecording } from './recording-store.ts';
import { openFile } from '../../core/workbench-store.ts';
import { useRecordingPast } from './recording-past-store.ts';
import { counted } from '../../../../contract/counted.ts';

/** The opened recording's line counts, per brain; each brain opens in the editor with its heat map. */
export function RecordingLineCounts() {
  const coverage = useRecordingPast((s) => s.coverage);
  if (!coverage) return null;
  if (coverage === 'running')
    return <div className="progress">Counting lines: re-executing every recorded iteration…</div>;
  const brains = Object.keys(coverage.files);
  return (
    <div className="recording-line-counts" data-testid="line-counts">
      <div className="label">Line counts over {counted(coverage.iterations, 'iteration')}</div>
      <ul>
        {coverage.summary.map((line, i) => (
          <li key={line} data-testid="line-counts-summary">
            <code>{line}</code>{' '}
            {brains[i] ? (
              <button
                className="link"
                data-testid="line-counts-open"
                title="Close the recording and open the brain, its lines marked by how often they ran"
                onClick={() => {
                  closeRecording();
                  void openFile(brains[i]!);
                }}
              >
                Show in the editor
              </button>
            ) : null}
          </li>
        ))}
        {coverage.skipped.map(({ agent, reason }) => (
          <li key={agent} className="dim">
            {agent} left out: {reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
