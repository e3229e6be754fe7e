import { runTests, useWorkbench } from '../store/workbench-store.ts';

export function Toolbar() {
  const workspace = useWorkbench((s) => s.workspace)!;
  const running = useWorkbench((s) => s.testsRunning);
  return (
    <header className="toolbar">
      <strong className="brand">Brainbench</strong>
      <span className="workspace" title={workspace.root}>
        {workspace.root} — {workspace.config}
      </span>
      <span className="spacer" />
      <button onClick={() => void runTests()} disabled={running}>
        Run tests
      </button>
    </header>
  );
}
