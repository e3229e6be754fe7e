// The debugger in the editor: line breakpoints in the gutter (click to toggle, Shift+click or the
// context menu to edit one), kept on their lines as the brain is edited (Monaco's decorations move
// with the text; the moved lines go to the host with the unsaved text to be placed again), the
// line a stopped agent is at, and hover evaluation in the paused frame.

import type { editor as MonacoEditor, IDisposable } from 'monaco-editor/editor';
import type { PlacedSourceBreakpoint } from '../../../../../contract/debug-views.ts';
import {
  editBreakpoint,
  evaluate,
  setFileBreakpoints,
  toggleBreakpoint,
  useDebug,
  type AgentStop,
} from '../../debug/debug-store.ts';
import { openFile, useWorkbench } from '../../../core/workbench-store.ts';
import { modelOf } from './model-markers.ts';
import { monaco } from './monaco-setup.ts';

type Model = MonacoEditor.ITextModel;
type CodeEditor = MonacoEditor.IStandaloneCodeEditor;

interface Tracked {
  /** What the decorations were made from: re-made only when the store holds another list. */
  breakpoints: PlacedSourceBreakpoint[] | undefined;
  ids: string[];
  stopIds: string[];
  stopKey: string;
  /** The text's length before the last change, to tell a whole-text replacement from an edit. */
  length: number;
}

const tracked = new WeakMap<Model, Tracked>();
let activeEditor: CodeEditor | undefined;
/**
 * Read-only views of a brain elsewhere (the recording debug panel's source pane): F9 acts on the
 * one with the keyboard's focus, through its own numbering of the brain's lines.
 */
const brainViews = new Map<CodeEditor, (line: number) => { path: string; line: number }>();
/** A line to show once its file is in the editor (Breakpoints pane clicks). */
let pendingReveal: { path: string; line: number } | undefined;

/** Whether a workspace file is a script brain, which line breakpoints apply to. */
export function isScriptBrain(path: string): boolean {
  const kinds = useWorkbench.getState().workspace?.runtimeKinds ?? [];
  return kinds.some((k) => k.format === 'script' && k.extensions.some((extension) => path.endsWith(extension)));
}

function pathOf(model: Model): string | undefined {
  return Object.keys(useWorkbench.getState().files).find((path) => modelOf(path) === model);
}

function trackedOf(model: Model): Tracked {
  let entry = tracked.get(model);
  if (!entry)
    tracked.set(
      model,
      (entry = { breakpoints: undefined, ids: [], stopIds: [], stopKey: '', length: model.getValueLength() }),
    );
  return entry;
}

export function glyphOf(b: PlacedSourceBreakpoint): { className: string; hover: string } {
  const kind = b.logMessage ? 'log' : b.condition || b.hitCondition ? 'conditional' : 'plain';
  const state = b.verified ? 'verified' : 'unverified';
  const what = b.logMessage
    ? `Logpoint: ${b.logMessage}`
    : ['Breakpoint', b.condition ? `when \`${b.condition}\`` : '', b.hitCondition ? `hit count ${b.hitCondition}` : '']
        .filter(Boolean)
        .join(', ');
  return {
    className: `debug-breakpoint debug-breakpoint-${kind} debug-breakpoint-${state}`,
    hover: b.message ? `${what} (${b.message})` : what,
  };
}

function syncBreakpoints(model: Model, path: string): void {
  const entry = trackedOf(model);
  const breakpoints = useDebug.getState().settings.sourceBreakpoints[path];
  if (entry.breakpoints === breakpoints) return;
  entry.breakpoints = breakpoints;
  const decorations = (breakpoints ?? [])
    .filter((b) => b.line <= model.getLineCount())
    .map((b) => {
      const { className, hover } = glyphOf(b);
      return {
        range: new monaco.Range(b.line, 1, b.line, model.getLineMaxColumn(b.line)),
        options: {
          glyphMarginClassName: className,
          glyphMarginHoverMessage: { value: hover },
          stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        },
      };
    });
  entry.ids = model.deltaDecorations(entry.ids, decorations);
}

/** The selected agent's stop, if it is in this file. */
function stopIn(path: string): { stop: AgentStop; line: number } | undefined {
  const agent = useWorkbench.getState().selectedAgent;
  const stop = agent ? useDebug.getState().stops[agent] : undefined;
  if (!stop?.location || stop.location.path !== path) return undefined;
  return { stop, line: stop.location.line };
}

function syncStop(model: Model, path: string): void {
  const entry = trackedOf(model);
  const at = stopIn(path);
  const top = at && at.stop.frames.findIndex((f) => f.id === at.stop.frameId) <= 0;
  const key = at ? `${at.stop.generation}:${at.line}:${top}` : '';
  if (entry.stopKey === key) return;
  entry.stopKey = key;
  const decorations =
    at && at.line <= model.getLineCount()
      ? [
          {
            range: new monaco.Range(at.line, 1, at.line, 1),
            options: {
              isWholeLine: true,
              className: top ? 'debug-current-line' : 'debug-frame-line',
              glyphMarginClassName: top ? 'debug-current-arrow' : 'debug-frame-arrow',
              stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
            },
          },
        ]
      : [];
  entry.stopIds = model.deltaDecorations(entry.stopIds, decorations);
  if (at && activeEditor?.getModel() === model) activeEditor.revealLineInCenterIfOutsideViewport(at.line);
}

function syncModel(model: Model): void {
  const path = pathOf(model);
  if (!path) return;
  syncBreakpoints(model, path);
  syncStop(model, path);
}

function syncAll(): void {
  for (const model of monaco.editor.getModels()) syncModel(model);
}

/**
 * After an edit: breakpoints whose lines moved with the text go to the host to be placed again.
 * A reload replaces the whole text, which would pile every decoration on line 1: the breakpoints
 * keep their lines then and are placed on the new text.
 */
function followEdits(model: Model, event: MonacoEditor.IModelContentChangedEvent): void {
  const path = pathOf(model);
  const entry = trackedOf(model);
  const before = entry.length;
  entry.length = model.getValueLength();
  if (!path || !entry.breakpoints || entry.ids.length === 0) return;
  const current = entry.breakpoints;
  if (event.isFlush || event.changes.some((c) => c.rangeOffset === 0 && c.rangeLength === before)) {
    entry.breakpoints = undefined;
    syncBreakpoints(model, path);
    void setFileBreakpoints(path, current, model.getValue());
    return;
  }
  const moved = entry.ids.map((id, i) => ({
    ...current[i]!,
    line: model.getDecorationRange(id)?.startLineNumber ?? 0,
  }));
  if (moved.every((b, i) => b.line === current[i]!.line)) return;
  void setFileBreakpoints(
    path,
    moved.filter((b) => b.line > 0),
    model.getValue(),
  );
}

/** The editor the user works in: gutter clicks, the context menu, and where a stop is revealed. */
export function attachDebugEditor(editor: CodeEditor): IDisposable {
  activeEditor = editor;
  const disposables: IDisposable[] = [
    editor.onMouseDown((event) => {
      const target = event.target;
      if (target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN || !target.position) return;
      const path = useWorkbench.getState().activeFile;
      if (!path || !isScriptBrain(path)) return;
      const line = target.position.lineNumber;
      if (event.event.shiftKey) editBreakpoint(path, line);
      else toggleBreakpoint(path, line);
    }),
    editor.onDidChangeModel(() => {
      const model = editor.getModel();
      if (!model) return;
      // Revealed again in this editor: the stop line may have been set while another file showed.
      trackedOf(model).stopKey = '';
      syncModel(model);
      revealPending();
    }),
    editor.addAction({
      id: 'brainbench.edit-breakpoint',
      label: 'Edit Breakpoint (condition, hit count, log message)…',
      contextMenuGroupId: 'debug',
      run: (ed) => {
        const path = useWorkbench.getState().activeFile;
        const line = ed.getPosition()?.lineNumber;
        if (path && line && isScriptBrain(path)) editBreakpoint(path, line);
      },
    }),
  ];
  return {
    dispose: () => {
      for (const d of disposables) d.dispose();
      if (activeEditor === editor) activeEditor = undefined;
    },
  };
}

function revealPending(): void {
  const model = activeEditor?.getModel();
  if (!pendingReveal || !model || pathOf(model) !== pendingReveal.path) return;
  const { line } = pendingReveal;
  pendingReveal = undefined;
  activeEditor!.revealLineInCenter(line);
  activeEditor!.setPosition({ lineNumber: line, column: 1 });
}

/** Opens a file in the editor at a line. */
export function showLine(path: string, line: number): void {
  pendingReveal = { path, line };
  void openFile(path).then(revealPending);
}

/** A read-only view of a brain that F9 acts on while it has focus; `brainLine` maps its lines. */
export function attachBrainView(
  editor: CodeEditor,
  brainLine: (line: number) => { path: string; line: number },
): IDisposable {
  brainViews.set(editor, brainLine);
  return { dispose: () => brainViews.delete(editor) };
}

/**
 * F9: the breakpoint on the cursor's line in the brain view that has focus, else in the editor
 * while it is shown (a view over it, such as an opened recording, hides it: nothing to toggle).
 */
export function toggleBreakpointAtCursor(): boolean {
  for (const [view, brainLine] of brainViews) {
    const line = view.hasTextFocus() ? view.getPosition()?.lineNumber : undefined;
    if (line === undefined) continue;
    const at = brainLine(line);
    toggleBreakpoint(at.path, at.line);
    return true;
  }
  const path = useWorkbench.getState().activeFile;
  const shown = activeEditor?.getContainerDomNode().offsetParent != null;
  const line = shown ? activeEditor?.getPosition()?.lineNumber : undefined;
  if (!path || !line || !isScriptBrain(path)) return false;
  toggleBreakpoint(path, line);
  return true;
}

/** The expression under the pointer: the name there with the `a.b.` before it. */
function expressionAt(model: Model, position: { lineNumber: number; column: number }): string | undefined {
  const word = model.getWordAtPosition(position);
  if (!word) return undefined;
  const prefix = model.getLineContent(position.lineNumber).slice(0, word.endColumn - 1);
  return /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.exec(prefix)?.[0];
}

/** Hover evaluation, for a brain an agent is stopped in. */
function registerHover(language: string): IDisposable {
  return monaco.languages.registerHoverProvider(language, {
    provideHover: async (model, position) => {
      const path = pathOf(model);
      const agent = useWorkbench.getState().selectedAgent;
      const script = useWorkbench.getState().workspace?.agents.find((a) => a.name === agent)?.script;
      if (!path || !agent || script !== path || !useDebug.getState().stops[agent]) return null;
      const expression = expressionAt(model, position);
      if (!expression) return null;
      const result = await evaluate(agent, expression);
      if (result.value === undefined) return null;
      return { contents: [{ value: `\`${expression}\` = \`${result.value}\`` }] };
    },
  });
}

monaco.editor.onDidCreateModel((model) => {
  model.onDidChangeContent((event) => followEdits(model, event));
  // The editor's file list may not name the model yet: sync once it does.
  queueMicrotask(() => syncModel(model));
});
useDebug.subscribe(syncAll);
useWorkbench.subscribe((state, previous) => {
  if (state.selectedAgent !== previous.selectedAgent || state.files !== previous.files) syncAll();
});
registerHover('rhai');
registerHover('javascript');
