import { keepInSight } from '../../shared/tabs/keep-in-sight.ts';
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Diagnostic } from '../../../../contract/views.ts';
import { attachDebugEditor } from './monaco/debug-decorations.ts';
import './monaco/coverage-decorations.ts';
import { modelOf, useProblems } from './monaco/model-markers.ts';
import { monaco } from './monaco/monaco-setup.ts';
import { rhaiDiagnostics } from './monaco/rhai-language.ts';
import { editorLanguageOf } from './editor-language.ts';
import { registerTomlCompletion } from './monaco/toml-language.ts';
import { useColorScheme } from '../../app/use-color-scheme.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';
import { shownFailure, useFailures } from '../agents/failure-store.ts';
import { followBrain } from '../debug/debug-store.ts';
import {
  closeFile,
  editFile,
  reloadFile,
  request,
  saveFile,
  useWorkbench,
  type OpenFile,
} from '../../core/workbench-store.ts';

registerTomlCompletion(monaco, () => request('configSchema'));

/** One object for every render: the editor applies options again whenever they are another. */
const EDITOR_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 13,
  automaticLayout: true,
  scrollBeyondLastLine: false,
  tabSize: 2,
  glyphMargin: true,
};

/** The open workspace's runtime kinds decide the languages of its brains. */
const languageOf = (path: string): string =>
  editorLanguageOf(path, useWorkbench.getState().workspace?.runtimeKinds ?? []);

function toMarkers(diagnostics: Diagnostic[]): import('monaco-editor/editor').editor.IMarkerData[] {
  return diagnostics.map((d) => ({
    message: d.message,
    severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    startLineNumber: d.line,
    startColumn: d.column,
    endLineNumber: d.endLine,
    endColumn: d.endColumn,
  }));
}

/** Where a buffer's live problems come from, or undefined when the editor has none to add. */
function problemSource(path: string, isConfig: boolean): ((text: string) => Promise<Diagnostic[]>) | undefined {
  if (isConfig) return (text) => request('checkConfig', text).catch(() => []);
  if (languageOf(path) === 'rhai') {
    return (text) => Promise.resolve(rhaiDiagnostics(text).map((d) => ({ ...d, severity: 'error' as const })));
  }
  const kinds = useWorkbench.getState().workspace?.runtimeKinds ?? [];
  const kind = kinds.find((k) => k.extensions.some((extension) => path.endsWith(extension)));
  if (kind?.hostCheck) return (text) => request('checkBrain', path, text).catch(() => []);
  return undefined;
}

/**
 * Live diagnostics: Rhai from its parser here, the config from the host's loader, other brains
 * from their runtime kind's check on the host (JavaScript: QuickJS's own syntax errors, beside
 * the types Monaco's worker checks).
 */
function useDiagnostics(file: OpenFile | undefined, isConfig: boolean) {
  const text = file?.text;
  const path = file?.path;
  useEffect(() => {
    if (path === undefined || text === undefined) return;
    const source = problemSource(path, isConfig);
    if (!source) return;
    let live = true;
    const timer = setTimeout(
      async () => {
        const diagnostics = await source(text);
        if (!live) return;
        const model = modelOf(path);
        if (model) monaco.editor.setModelMarkers(model, 'brainbench', toMarkers(diagnostics));
      },
      languageOf(path) === 'rhai' ? 100 : 300,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, text, isConfig]);
}

interface RuntimeFailure {
  agent: string;
  error: string;
  line: number;
  column: number;
}

/**
 * The last failed iteration of any agent running this brain, marked where it happened while the
 * agent still stands on it (failure-store.ts). Statuses change many times a second while agents
 * loop: the markers are set again only when the failures themselves change.
 */
function useRuntimeErrors(path: string | undefined) {
  const cleared = useFailures((s) => s.cleared);
  const failures = useWorkbench(
    useShallow((s): string[] =>
      (s.workspace?.agents ?? [])
        .filter((a) => a.script === path)
        .flatMap((a) => {
          const last = shownFailure(s.statuses[a.name], path ? s.files[path] : undefined, cleared);
          if (last?.line === undefined) return [];
          const failure: RuntimeFailure = {
            agent: a.name,
            error: last.error,
            line: last.line,
            column: last.column ?? 1,
          };
          return [JSON.stringify(failure)];
        }),
    ),
  );
  useEffect(() => {
    if (!path) return;
    const markers = failures.map((text) => {
      const { agent, error, line, column } = JSON.parse(text) as RuntimeFailure;
      return {
        message: `${agent}'s last iteration failed here: ${error}`,
        severity: monaco.MarkerSeverity.Error,
        startLineNumber: line,
        startColumn: column,
        endLineNumber: line,
        endColumn: column + 1,
      };
    });
    const model = modelOf(path);
    if (model) monaco.editor.setModelMarkers(model, 'brainbench-runtime', markers);
  }, [path, failures]);
}

/** Every problem of the file under the editor, whoever found it (JavaScript's types too). */
function Problems({ path, onJump }: { path: string; onJump: (line: number, column: number) => void }) {
  const problems = useProblems(path);
  if (problems.length === 0) return null;
  return (
    <ul className="problems-list" data-testid="problems">
      {problems.map((p, i) => (
        <li
          key={i}
          className={p.severity === monaco.MarkerSeverity.Error ? 'error-text' : 'warn-text'}
          onClick={() => onJump(p.startLineNumber, p.startColumn)}
        >
          {p.startLineNumber}:{p.startColumn} {p.message}
        </li>
      ))}
    </ul>
  );
}

export function EditorArea() {
  const files = useWorkbench((s) => s.files);
  const order = useWorkbench((s) => s.fileOrder);
  const active = useWorkbench((s) => s.activeFile);
  const configPath = useWorkbench((s) => s.workspace?.config);
  const scheme = useColorScheme();
  const editorRef = useRef<Parameters<OnMount>[0] | undefined>(undefined);
  const file = active ? files[active] : undefined;
  useDiagnostics(file, file?.path === configPath);
  useRuntimeErrors(file?.path);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    const debugging = attachDebugEditor(editor);
    // Keys typed in a brain act on it: focusing its editor makes an agent running it the target.
    const focus = editor.onDidFocusEditorText(() => followBrain(useWorkbench.getState().activeFile));
    editor.onDidDispose(() => {
      debugging.dispose();
      focus.dispose();
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => {
      const path = useWorkbench.getState().activeFile;
      if (path) void saveFile(path);
    });
  };
  const jump = (line: number, column: number) => {
    editorRef.current?.revealLineInCenter(line);
    editorRef.current?.setPosition({ lineNumber: line, column });
    editorRef.current?.focus();
  };

  if (order.length === 0) {
    return <div className="empty editor-empty">Open a brain or the config from the file panel to edit it.</div>;
  }
  return (
    <div className="editor-area">
      <div className="tabs" role="tablist">
        {order.map((path) => {
          const f = files[path]!;
          const dirty = f.text !== f.saved;
          return (
            <div
              key={path}
              role="tab"
              aria-selected={path === active}
              className={`tab ${path === active ? 'active' : ''}`}
              data-testid={`tab-${path}`}
              data-dirty={dirty}
              ref={path === active ? keepInSight : undefined}
              onClick={() => useWorkbench.setState({ activeFile: path })}
            >
              {path.split('/').pop()}
              {dirty ? (
                <span className="dirty" title="unsaved changes">
                  {' '}
                  ●
                </span>
              ) : null}
              <button
                className="close"
                aria-label={`close ${path}`}
                title={`Close ${path}`}
                onClick={(e) => {
                  e.stopPropagation();
                  if (!dirty || confirm(`${path} has unsaved changes. Close it anyway?`)) closeFile(path);
                }}
              >
                ×
              </button>
            </div>
          );
        })}
        {file ? (
          <button
            className="save"
            onClick={() => void saveFile(file.path)}
            disabled={file.text === file.saved}
            title={`Save (${SHORTCUTS.save})`}
          >
            Save
          </button>
        ) : null}
      </div>
      {file?.externalChange ? (
        <div className="banner" data-testid="external-change">
          {file.path} changed on disk, and you have unsaved edits.
          <button onClick={() => void reloadFile(file.path)}>Reload from disk</button>
          <button onClick={() => void saveFile(file.path, { overwrite: true })}>Keep mine (save over it)</button>
        </div>
      ) : null}
      {file ? (
        <div className="editor-host" data-testid="editor">
          <Editor
            path={file.path}
            language={languageOf(file.path)}
            value={file.text}
            theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
            onMount={onMount}
            onChange={(value) => editFile(file.path, value ?? '')}
            options={EDITOR_OPTIONS}
          />
          <Problems path={file.path} onJump={jump} />
        </div>
      ) : null}
    </div>
  );
}
