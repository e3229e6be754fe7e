import { useState } from 'react';
import { attempt, notify, runTests, useWorkbench } from '../store/workbench-store.ts';

/** Opens another folder holding an omw config, or an omw config file, by path; the host says why it refuses one. */
function OpenWorkspace({ onDone }: { onDone: () => void }) {
  const root = useWorkbench((s) => s.workspace?.root ?? '');
  const [path, setPath] = useState(root);
  const open = async () => {
    const files = useWorkbench.getState().files;
    if (
      Object.values(files).some((f) => f.text !== f.saved) &&
      !confirm('Some files have unsaved changes. Open another workspace anyway?')
    )
      return;
    const view = await attempt('openWorkspace', path.trim());
    if (!view) return;
    notify('info', `opened ${view.root}`);
    onDone();
  };
  return (
    <form
      className="open-workspace"
      data-testid="open-workspace-form"
      onSubmit={(e) => {
        e.preventDefault();
        void open();
      }}
    >
      <input
        autoFocus
        value={path}
        onChange={(e) => setPath(e.target.value)}
        aria-label="workspace folder or config file"
        placeholder="a folder with omw.toml, or an omw.toml or omw.test.toml file"
        size={50}
      />
      <button type="submit" disabled={!path.trim()}>
        Open
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

export function Toolbar() {
  const workspace = useWorkbench((s) => s.workspace)!;
  const running = useWorkbench((s) => s.testsRunning);
  const [opening, setOpening] = useState(false);
  return (
    <header className="toolbar">
      <strong className="brand">Brainbench</strong>
      {opening ? (
        <OpenWorkspace onDone={() => setOpening(false)} />
      ) : (
        <span className="workspace" title={workspace.root}>
          {workspace.root} — {workspace.config}
        </span>
      )}
      <span className="spacer" />
      <button
        onClick={() => setOpening(true)}
        title="Open another workspace: a folder holding omw.toml (or .yaml, .yml, .json), or such a file, or an omw.test.* file"
        data-testid="open-workspace"
      >
        Open…
      </button>
      <button onClick={() => void runTests()} disabled={running}>
        Run tests
      </button>
    </header>
  );
}
