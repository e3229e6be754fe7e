import { useEffect, useState } from 'react';
import type { ComponentView } from '../../../../contract/views.ts';
import { attempt, notify, request, useWorkbench } from '../../core/workbench-store.ts';
import { ComponentBrowser, folderOf } from './ComponentBrowser.tsx';
import './component-picker.css';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Choose a .wasm, see its world and whether it fits omw:omw, and give it to an agent. */
export function ComponentPicker({ initial, onClose }: { initial: string; onClose: () => void }) {
  const workspace = useWorkbench((s) => s.workspace)!;
  const wasmFiles = workspace.files.filter((f) => f.kind === 'wasm').map((f) => f.path);
  const [path, setPath] = useState(initial || wasmFiles[0] || '');
  const [view, setView] = useState<ComponentView | undefined>();
  /** Why the chosen path cannot be read (missing, outside the allowed places): said by the field. */
  const [pathProblem, setPathProblem] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [start] = useState(() => folderOf(initial || wasmFiles[0] || ''));
  const componentKinds = workspace.runtimeKinds.filter((k) => k.format === 'component').map((k) => k.kind);
  const wasmAgents = workspace.agents.filter((a) => componentKinds.includes(a.runtimeKind));
  const [agent, setAgent] = useState(wasmAgents[0]?.name ?? '');

  useEffect(() => {
    if (!path) return;
    let live = true;
    setLoading(true);
    setView(undefined);
    setPathProblem(undefined);
    request('inspectComponent', path)
      .then((found) => live && setView(found))
      .catch((error: Error) => live && setPathProblem(error.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path]);

  const assign = async () => {
    const updated = await attempt('assignScript', agent, path);
    if (updated) {
      notify('info', `${agent} now runs ${path}`);
      onClose();
    }
  };
  const fits = view?.component && view.problems.length === 0;
  return (
    <ModalDialog label="Wasm component picker" className="dialog" testId="component-picker" onClose={onClose}>
      <DialogHead onClose={onClose}>Wasm component</DialogHead>
      <ComponentBrowser start={start} chosen={path} onChoose={setPath} />
      <label>
        Path (in the workspace, or a bundled guest):
        <input
          list="wasm-files"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          data-testid="component-path"
          aria-invalid={pathProblem !== undefined}
          aria-describedby="component-path-problem"
        />
        {pathProblem ? (
          <span className="error-text" id="component-path-problem" data-testid="component-path-problem">
            {pathProblem}
          </span>
        ) : null}
        {window.brainbench ? (
          <button
            type="button"
            onClick={async () => {
              const picked = await window.brainbench?.pickFile('wasm');
              if (picked) setPath(picked);
            }}
          >
            Browse…
          </button>
        ) : null}
        <datalist id="wasm-files">
          {wasmFiles.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
      </label>
      {loading ? <div className="progress">Reading the component (the first time transpiles it)…</div> : null}
      {view ? (
        <div className="component-view" data-testid="component-view">
          <div>
            size {formatSize(view.size)} · {view.component ? 'a WebAssembly component' : 'not a component'}
          </div>
          {view.problems.length > 0 ? (
            <ul className="problems" data-testid="component-problems">
              {view.problems.map((p) => (
                <li key={p} className="error-text">
                  {p}
                </li>
              ))}
            </ul>
          ) : (
            <div className="ok-text">fits the omw:omw world</div>
          )}
          <div className="columns">
            <div>
              <h4>imports</h4>
              <ul data-testid="component-imports">
                {view.imports.map((i) => (
                  <li key={i}>
                    <code>{i}</code>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4>exports</h4>
              <ul data-testid="component-exports">
                {view.exports.map((e) => (
                  <li key={e}>
                    <code>{e}</code>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="row">
            {wasmAgents.length === 0 ? (
              <span className="empty">No agent runs on a wasm runtime; add one with “New agent”.</span>
            ) : null}
            <select value={agent} onChange={(e) => setAgent(e.target.value)} aria-label="agent to assign">
              {wasmAgents.map((a) => (
                <option key={a.name} value={a.name}>
                  {a.name} (now {a.script})
                </option>
              ))}
            </select>
            <button onClick={() => void assign()} disabled={!fits || !agent} data-testid="assign-component">
              Assign to agent
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
