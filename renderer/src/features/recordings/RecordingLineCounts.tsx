import { closeRecording } from './recording-store.ts';
import { openFile } from '../../core/workbench-store.ts';
import { useRecordingPast } from './recording-past-store.ts';
import { counted } from '../../../../contract/counted.ts';
import { LineCountsSummary } from '../../shared/line-counts/LineCountsSummary.tsx';

/** The opened recording's line counts, per brain; each brain opens in the editor with its heat map. */
export function RecordingLineCounts() {
  const coverage = useRecordingPast((s) => s.coverage);
  if (!coverage) return null;
  if (coverage === 'running')
    return <div className="progress">Counting lines: re-executing every recorded iteration…</div>;
  return (
    <LineCountsSummary
      coverage={coverage}
      className="recording-line-counts"
      title={`Line counts over ${counted(coverage.iterations, 'iteration')}`}
      openTitle="Close the recording and open the brain, its lines marked by how often they ran"
      onOpen={(brain) => {
        closeRecording();
        void openFile(brain);
      }}
    />
  );
}
