import { useState } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '../../../contract/ui-settings-bounds.ts';
import { shortcutOf } from './shortcuts.ts';
import { setTheme, showOverlay, useUi } from '../core/ui-store.ts';
import { attempt, notify, runTests, useWorkbench } from '../core/workbench-store.ts';
import { showEvals, useEvals } from '../features/evals/eval-store.ts';

const THEME_TITLES: Record<ThemeChoice, string> = { system: 'System theme', light: 'Light', dark: 'Dark' };

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
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
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
  const opening = useUi((s) => s.overlay === 'open-workspace');
  const setOpening = (open: boolean) => showOverlay(open ? 'open-workspace' : undefined);
  const theme = useUi((s) => s.theme);
  const evalsShown = useEvals((s) => s.shown);
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
      <button
        onClick={() => showEvals(!useEvals.getState().shown)}
        aria-pressed={evalsShown}
        title={`Evals: run an eval, see its cases by trials, compare runs (${shortcutOf('show-evals')})`}
        data-testid="show-evals"
      >
        Evals
      </button>
      <button
        onClick={() => void runTests()}
        disabled={running}
        title={`Run the workspace tests (${shortcutOf('run-tests')})`}
      >
        Run tests
      </button>
      <select
        value={theme}
        onChange={(e) => setTheme(e.target.value as ThemeChoice)}
        aria-label="theme"
        data-testid="theme"
        title="Theme"
      >
        {THEME_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {THEME_TITLES[choice]}
          </option>
        ))}
      </select>
      <button
        onClick={() => showOverlay('palette')}
        title={`Command palette (${shortcutOf('command-palette')})`}
        data-testid="open-palette"
      >
        ⌘ Commands
      </button>
      <button onClick={() => showOverlay('shortcuts')} title="Keyboard shortcuts" aria-label="keyboard shortcuts">
        ?
      </button>
    </header>
  );
}
