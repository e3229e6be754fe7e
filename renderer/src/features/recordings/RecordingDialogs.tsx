import { useRecordings } from './recording-store.ts';
import { CompareDialog } from './CompareDialog.tsx';
import { ForkDialog } from './ForkDialog.tsx';
import { OpenRecordingDialog } from './OpenRecordingDialog.tsx';
import { ReplayDialog } from './ReplayDialog.tsx';
import { SaveTestDialog } from './SaveTestDialog.tsx';

/** Whichever recording dialog is open: they can be opened from the live session too. */
export function RecordingDialogs() {
  const dialog = useRecordings((s) => s.dialog);
  const fork = useRecordings((s) => s.fork);
  return (
    <>
      {dialog === 'open' ? <OpenRecordingDialog /> : null}
      {dialog === 'compare' ? <CompareDialog /> : null}
      {dialog === 'save-test' ? <SaveTestDialog /> : null}
      {dialog === 'replay' ? <ReplayDialog /> : null}
      {fork ? <ForkDialog key={`${fork.path}:${fork.agent}:${fork.afterIteration}`} target={fork} /> : null}
    </>
  );
}
