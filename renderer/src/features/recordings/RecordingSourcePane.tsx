import { useEffect, useRef, useState } from 'react';
import type { editor as MonacoEditor } from 'monaco-editor/editor';
import type { RecordingSourceView } from '../../../../contract/debug-views.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { toggleBreakpoint, useDebug } from '../debug/debug-store.ts';
import { editorLanguageOf } from '../editor/editor-language.ts';
import { attachBrainView, glyphOf } from '../editor/monaco/debug-decorations.ts';
import { monaco } from '../editor/monaco/monaco-setup.ts';

type CodeEditor = MonacoEditor.IStandaloneCodeEditor;

const OPTIONS: MonacoEditor.IStandaloneEditorConstructionOptions = {
  readOnly: true,
  domReadOnly: true,
  readOnlyMessage: {
    value: "This is the brain text the recording's debug session runs: edit the brain in the editor.",
  },
  glyphMargin: true,
  minimap: { enabled: false },
  fontSize: 13,
  automaticLayout: true,
  scrollBeyondLastLine: false,
  renderControlCharacters: true,
  folding: false,
  contextmenu: false,
};

/** Each text gets a model of its own, named so that no workspace file's name matches it. */
let models = 0;
/** The pane grows with a short brain up to this height (px), then scrolls. */
const TALLEST = 320;

/**
 * The brain text a recording's debug session runs, read-only (Monaco, created and disposed with the
 * panel): the stop's line highlighted and kept in view, and a selected outer frame's line, the
 * workspace's breakpoints on the brain in the gutter, where a click adds or removes one, as in the
 * editor. A text too long to send whole shows the lines around the stop, numbered as in the brain.
 */
export function RecordingSourcePane({
  source,
  stopLine,
  frameLine,
}: {
  source: RecordingSourceView;
  /** Where the view is stopped (the top frame's line); undefined when that is in another file (a Rhai module). */
  stopLine: number | undefined;
  /** The selected outer frame's line, when one is selected. */
  frameLine: number | undefined;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<CodeEditor | undefined>(undefined);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const breakpoints = useDebug((s) => s.settings.sourceBreakpoints[source.source]);
  const runtimeKinds = useWorkbench((s) => s.workspace?.runtimeKinds);
  const [height, setHeight] = useState(TALLEST);

  useEffect(() => {
    const editor = monaco.editor.create(host.current!, { ...OPTIONS, model: null });
    editorRef.current = editor;
    const clicks = editor.onMouseDown((event) => {
      const { target } = event;
      if (target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN || !target.position) return;
      const shown = sourceRef.current;
      toggleBreakpoint(shown.source, target.position.lineNumber + shown.firstLine - 1);
    });
    const sized = editor.onDidContentSizeChange((event) => setHeight(Math.min(TALLEST, event.contentHeight)));
    const f9 = attachBrainView(editor, (line) => {
      const shown = sourceRef.current;
      return { path: shown.source, line: line + shown.firstLine - 1 };
    });
    return () => {
      f9.dispose();
      sized.dispose();
      clicks.dispose();
      editor.getModel()?.dispose();
      editor.dispose();
      editorRef.current = undefined;
    };
  }, []);

  useEffect(() => {
    const editor = editorRef.current!;
    // A cut or binary text is not worth a language service's work.
    const plain = source.cut !== undefined || source.binary;
    const language = plain ? 'plaintext' : editorLanguageOf(source.source, runtimeKinds ?? []);
    const extension = /\.[A-Za-z0-9]+$/.exec(source.source)?.[0] ?? '';
    const uri = monaco.Uri.from({ scheme: 'inmemory', path: `/recording-debug-${++models}${extension}` });
    const model = monaco.editor.createModel(source.text, language, uri);
    editor.setModel(model);
    const first = source.firstLine;
    editor.updateOptions({ lineNumbers: first === 1 ? 'on' : (n) => String(n + first - 1) });
    return () => {
      editor.setModel(null);
      model.dispose();
    };
  }, [source, runtimeKinds]);

  useEffect(() => {
    const editor = editorRef.current!;
    const model = editor.getModel();
    if (!model) return;
    const shownLine = (brainLine: number) => brainLine - source.firstLine + 1;
    const inside = (n: number) => n >= 1 && n <= model.getLineCount();
    const marks = (breakpoints ?? [])
      .filter((b) => inside(shownLine(b.line)))
      .map((b) => {
        const { className, hover } = glyphOf(b);
        const at = shownLine(b.line);
        return {
          range: new monaco.Range(at, 1, at, 1),
          options: { glyphMarginClassName: className, glyphMarginHoverMessage: { value: hover } },
        };
      });
    const lineMark = (brainLine: number, kind: 'current' | 'frame') => ({
      range: new monaco.Range(shownLine(brainLine), 1, shownLine(brainLine), 1),
      options: {
        isWholeLine: true,
        className: `debug-${kind}-line`,
        glyphMarginClassName: `debug-${kind}-arrow`,
      },
    });
    const lines = [
      ...(stopLine !== undefined && inside(shownLine(stopLine)) ? [lineMark(stopLine, 'current')] : []),
      ...(frameLine !== undefined && inside(shownLine(frameLine)) ? [lineMark(frameLine, 'frame')] : []),
    ];
    const decorations = editor.createDecorationsCollection([...marks, ...lines]);
    const focused = frameLine ?? stopLine;
    if (focused !== undefined && inside(shownLine(focused)))
      editor.revealLineInCenterIfOutsideViewport(shownLine(focused));
    return () => decorations.clear();
  }, [source, stopLine, frameLine, breakpoints]);

  return (
    <div className="recording-source" data-testid="recording-debug-source">
      {source.cut || source.binary ? (
        <div className="recording-source-note" data-testid="recording-debug-source-note">
          {[
            source.cut,
            source.binary ? 'it holds control characters no text holds (binary data), shown as symbols' : undefined,
          ]
            .filter(Boolean)
            .join('; ')}
        </div>
      ) : null}
      <div
        className="recording-source-editor"
        style={{ height }}
        ref={host}
        aria-label={`${source.source} as the recording runs it (read-only)${stopLine === undefined ? '' : `, stopped at line ${stopLine}`}`}
      />
    </div>
  );
}
