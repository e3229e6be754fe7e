// The problems Monaco holds for an open file, whoever found them: the host's checks (the config,
// a brain's runtime kind), Rhai's parser, the JavaScript language service, an iteration's failure.

import { useEffect, useState } from 'react';
import { monaco } from './monaco-setup.ts';

type Marker = import('monaco-editor/editor').editor.IMarker;

/** The editor model of a workspace file, once the editor has opened it. */
export function modelOf(path: string): import('monaco-editor/editor').editor.ITextModel | undefined {
  return monaco.editor.getModels().find((m) => m.uri.path.endsWith(`/${path}`) || m.uri.path === path);
}

function problemsOf(path: string): Marker[] {
  const model = modelOf(path);
  if (!model) return [];
  // Errors and warnings: the language service's hints (an unused name) are not problems.
  return monaco.editor
    .getModelMarkers({ resource: model.uri })
    .filter((marker) => marker.severity >= monaco.MarkerSeverity.Warning)
    .sort((a, b) => a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn);
}

/** The file's problems in the order of the text, kept up to date as they change. */
export function useProblems(path: string): Marker[] {
  const [problems, setProblems] = useState<Marker[]>(() => problemsOf(path));
  useEffect(() => {
    setProblems(problemsOf(path));
    const subscription = monaco.editor.onDidChangeMarkers((resources) => {
      const uri = modelOf(path)?.uri.toString();
      if (resources.some((resource) => resource.toString() === uri)) setProblems(problemsOf(path));
    });
    return () => subscription.dispose();
  }, [path]);
  return problems;
}
