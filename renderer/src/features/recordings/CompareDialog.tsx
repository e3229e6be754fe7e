import { useState } from 'react';
import { compare, showRecordingDialog, useRecordings } from './recording-store.ts';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

/** Compare…: two of the workspace's recordings (or typed paths), A and B. */
export function CompareDialog() {
  const files = useRecordings((s) => s.files) ?? [];
  const opened = useRecordings((s) => s.opened);
  const [a, setA] = useState(opened?.branch?.of ?? opened?.path ?? files[0]?.path ?? '');
  const [b, setB] = useState(opened?.branch ? opened.path : (files.find((f) => f.path !== a)?.path ?? ''));
  const field = (label: string, value: string, change: (v: string) => void, testId: string) => (
    <label>
      {label}
      <input list="recording-paths" value={value} onChange={(e) => change(e.target.value)} data-testid={testId} />
    </label>
  );
  return (
    <ModalDialog
      label="Compare recordings"
      className="dialog"
      testId="compare-dialog"
      onClose={() => showRecordingDialog(undefined)}
    >
      <DialogHead onClose={() => showRecordingDialog(undefined)}>Compare recordings</DialogHead>
      <datalist id="recording-paths">
        {files.map((f) => (
          <option key={f.path} value={f.path} />
        ))}
      </datalist>
      {field('A', a, setA, 'compare-a')}
      {field('B', b, setB, 'compare-b')}
      <button disabled={!a || !b} onClick={() => void compare(a, b)} data-testid="compare-run">
        Compare
      </button>
    </ModalDialog>
  );
}
