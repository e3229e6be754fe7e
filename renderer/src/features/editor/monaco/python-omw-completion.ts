// Completion and hover docs for `omw` in Python brains (Monaco's own python language gives the
// tokens and brackets; syntax errors come from Python's compiler through the kind's check). A
// handle's methods are offered after a name the brain assigned from `omw.provider.get(...)` or
// `omw.tooling.get(...)`, the only way a Python brain gets one.

import type * as Monaco from 'monaco-editor/editor';
import {
  OMW_PYTHON_API,
  type PythonApiEntry,
  type PythonApiOwner,
} from '../../../../../main/host-api/omw-python-api.ts';

type MonacoApi = typeof Monaco;

const OMW_MEMBERS: readonly { name: string; doc: string }[] = [
  { name: 'host', doc: 'The host functions: log, recv, memory_get, wait_for, ...' },
  { name: 'provider', doc: '`omw.provider.get(name)` looks up a configured provider.' },
  { name: 'tooling', doc: '`omw.tooling.get(name)` looks up a configured tool server.' },
];

/** The handle kind of each name the brain assigns from a lookup (`llm = omw.provider.get("llm")`). */
function handleNames(source: string): Map<string, 'provider' | 'tooling'> {
  const found = new Map<string, 'provider' | 'tooling'>();
  for (const match of source.matchAll(/\b([A-Za-z_]\w*)\s*:?=\s*omw\.(provider|tooling)\.get\(/g)) {
    found.set(match[1]!, match[2] as 'provider' | 'tooling');
  }
  return found;
}

/** What the dotted name before the cursor (`omw.host.`, `llm.`) offers, or undefined. */
function ownerOf(path: string, handles: Map<string, 'provider' | 'tooling'>): PythonApiOwner | 'omw' | undefined {
  if (path === 'omw') return 'omw';
  if (path === 'omw.host' || path === 'omw.provider' || path === 'omw.tooling') {
    return path === 'omw.host' ? 'host' : (path as PythonApiOwner);
  }
  return handles.get(path);
}

const entriesOf = (owner: PythonApiOwner): readonly PythonApiEntry[] =>
  OMW_PYTHON_API.filter((api) => api.owner === owner);

export interface OmwCompletion {
  label: string;
  kind: 'module' | 'function' | 'property';
  detail?: string;
  doc?: string;
}

/** What completes the word being typed at the end of `lineBefore` (the line up to the cursor). */
export function omwCompletions(lineBefore: string, source: string): { word: string; items: OmwCompletion[] } {
  const match = /([A-Za-z_][\w.]*)\.(\w*)$/.exec(lineBefore);
  const owner = match ? ownerOf(match[1]!, handleNames(source)) : undefined;
  const word = match?.[2] ?? '';
  if (owner === undefined) return { word, items: [] };
  if (owner === 'omw') return { word, items: OMW_MEMBERS.map((m) => ({ label: m.name, kind: 'module', doc: m.doc })) };
  const items: OmwCompletion[] = entriesOf(owner).map((api) => ({
    label: api.name,
    kind: 'function',
    detail: api.signature,
    doc: api.doc,
  }));
  if (owner === 'provider' || owner === 'tooling') items.push({ label: 'name', kind: 'property' });
  return { word, items };
}

/** The API entry named at `column` (1-based) of `line`, with where its name starts and ends. */
export function omwHover(
  line: string,
  column: number,
  source: string,
): { api: PythonApiEntry; start: number; end: number } | undefined {
  for (const found of line.matchAll(/([A-Za-z_][\w.]*)\.(\w+)/g)) {
    const start = found.index + found[1]!.length + 2;
    const end = start + found[2]!.length;
    if (column < start || column > end) continue;
    const owner = ownerOf(found[1]!, handleNames(source));
    const api = owner && owner !== 'omw' ? entriesOf(owner).find((e) => e.name === found[2]) : undefined;
    return api && { api, start, end };
  }
  return undefined;
}

export function registerPythonOmw(monaco: MonacoApi): void {
  const kinds = {
    module: monaco.languages.CompletionItemKind.Module,
    function: monaco.languages.CompletionItemKind.Function,
    property: monaco.languages.CompletionItemKind.Property,
  };
  monaco.languages.registerCompletionItemProvider('python', {
    triggerCharacters: ['.'],
    provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const { word, items } = omwCompletions(lineBefore, model.getValue());
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: position.column - word.length,
        endColumn: position.column,
      };
      return {
        suggestions: items.map((item) => ({
          label: item.label,
          kind: kinds[item.kind],
          insertText: item.label,
          detail: item.detail,
          documentation: item.doc === undefined ? undefined : { value: item.doc },
          range,
        })),
      };
    },
  });
  monaco.languages.registerHoverProvider('python', {
    provideHover(model, position) {
      const found = omwHover(model.getLineContent(position.lineNumber), position.column, model.getValue());
      if (!found) return null;
      return {
        range: {
          startLineNumber: position.lineNumber,
          endLineNumber: position.lineNumber,
          startColumn: found.start,
          endColumn: found.end,
        },
        contents: [{ value: `\`\`\`python\n${found.api.signature}\n\`\`\`` }, { value: found.api.doc }],
      };
    },
  });
}
