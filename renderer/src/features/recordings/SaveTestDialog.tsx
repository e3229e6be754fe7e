import { useState } from 'react';
import { closeRecording, showRecordingDialog, useRecordings } from './recording-store.ts';
import { attempt, runTests } from '../../core/workbench-store.ts';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

function defaultFolder(path: string): string {
  const name = path
    .split('/')
    .pop()!
    .replace(/\.jsonl(\.\d+)?$/, '');
  return `tests/${name.replace(/[^A-Za-z0-9_-]/g, '-')}-recorded`;
}

/** Save as test…: some agents of the opened recording as an omw test folder in the workspace. */
export function SaveTestDialog() {
  const opened = useRecordings((s) => s.opened);
  const names = opened?.agents.filter((a) => a.iterations.length > 0).map((a) => a.name) ?? [];
  const [chosen, setChosen] = useState<string[]>(names);
  const [dir, setDir] = useState(opened ? defaultFolder(opened.path) : '');
  const [saving, setSaving] = useState(false);
  const [written, setWritten] = useState<{ dir: string; files: string[] } | undefined>();
  if (!opened) return null;
  const close = () => showRecordingDialog(undefined);
  const save = async () => {
    setSaving(true);
    const result = await attempt(
      'saveRecordingAsTest',
      opened.path,
      dir,
      chosen.length === names.length ? null : chosen,
    );
    setSaving(false);
    setWritten(result);
  };
  return (
    <ModalDialog label="Save as test" className="dialog" testId="save-test-dialog" onClose={close}>
      <DialogHead onClose={close}>Save {opened.path} as an omw test</DialogHead>
      {written ? (
        <div data-testid="save-test-written">
          <div>
            Wrote <code>{written.dir}</code>:
          </div>
          <ul>
            {written.files.map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
          <button
            data-testid="save-test-run"
            onClick={() => {
              close();
              closeRecording();
              void runTests();
            }}
          >
            Run it in the Tests panel
          </button>{' '}
          <button onClick={close}>Done</button>
        </div>
      ) : (
        <>
          <fieldset>
            <legend>
              {opened.branch
                ? `Agents (the branch's first iteration after its fork point, from the memory it had there, becomes ${opened.branch.agent}'s assertions)`
                : "Agents (each one's first recorded iteration becomes its assertions)"}
            </legend>
            {names.map((name) => (
              <label key={name} className="inline">
                <input
                  type="checkbox"
                  checked={chosen.includes(name)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name))}
                  data-testid={`save-test-agent-${name}`}
                />{' '}
                {name}
              </label>
            ))}
          </fieldset>
          <label>
            Folder, inside the workspace (new or empty):
            <input value={dir} onChange={(e) => setDir(e.target.value)} data-testid="save-test-dir" />
          </label>
          <button
            disabled={saving || chosen.length === 0 || !dir.trim()}
            onClick={() => void save()}
            data-testid="save-test-save"
          >
            {saving ? 'Writing…' : 'Save'}
          </button>
        </>
      )}
    </ModalDialog>
  );
}
