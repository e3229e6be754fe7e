// Completion in a Rhai brain: after `omw::`, the omw API's paths; after `handle.`, a provider's
// or tooling's methods; after any other `value.`, the functions (Rhai calls any function with
// method syntax); elsewhere the names in scope, the script's functions, keywords, `omw` and the
// standard library.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Position } from 'vscode-languageserver';
import { OMW_RHAI_API, rhaiHandleMethods } from '../host-api/omw-rhai-api.ts';
import type { RhaiAnalysis } from './rhai-analysis.ts';
import { visibleAt, type Declaration } from './rhai-declarations.ts';
import {
  declarationSignature,
  docText,
  functionSignature,
  markdown,
  RHAI_KEYWORDS,
  STANDARD_FUNCTIONS,
} from './rhai-vocabulary.ts';

const OMW_PATH = /omw::([\w:]*)$/;
const MEMBER = /([A-Za-z_]\w*)\s*\??\.\s*(\w*)$/;

/** Sort groups: what the script itself declares first, the standard library last. */
const SORT = { local: '0', function: '1', keyword: '2', omw: '3', standard: '4' };

const DECLARATION_KINDS: Record<Declaration['kind'], CompletionItemKind> = {
  variable: CompletionItemKind.Variable,
  constant: CompletionItemKind.Constant,
  parameter: CompletionItemKind.Variable,
  module: CompletionItemKind.Module,
};

/**
 * The omw paths that go on from what is typed after `omw::`. Each item replaces only the segment
 * being typed (after the last `::`): a client filters against the word at the cursor, which for
 * Neovim's omnifunc and most others is the identifier there (`ti` in `omw::host::ti`), so the
 * inserted text and the filter text start where that word starts.
 */
function omwPaths(position: Position, typed: string): CompletionItem[] {
  const done = typed.slice(0, typed.lastIndexOf('::') + 2);
  const segment = typed.slice(done.length);
  const range = { start: { line: position.line, character: position.character - segment.length }, end: position };
  return OMW_RHAI_API.filter((entry) => entry.path.startsWith(done)).map((entry) => {
    const rest = entry.path.slice(done.length);
    return {
      label: entry.path,
      kind: CompletionItemKind.Function,
      detail: entry.signature,
      documentation: { kind: 'markdown', value: entry.doc },
      filterText: rest,
      textEdit: { range, newText: rest },
      sortText: SORT.omw,
    };
  });
}

function scriptFunctions(analysis: RhaiAnalysis): CompletionItem[] {
  const seen = new Set<string>();
  return analysis.functions.flatMap((fn) => {
    if (seen.has(fn.name)) return [];
    seen.add(fn.name);
    const signature = functionSignature(fn);
    return [
      {
        label: fn.name,
        kind: CompletionItemKind.Function,
        detail: signature,
        documentation: { kind: 'markdown', value: markdown(signature, docText(fn.doc)) },
        sortText: SORT.function,
      },
    ];
  });
}

const standardFunctions = (): CompletionItem[] =>
  STANDARD_FUNCTIONS.map((name) => ({
    label: name,
    kind: CompletionItemKind.Function,
    detail: 'Rhai standard library',
    sortText: SORT.standard,
  }));

function members(analysis: RhaiAnalysis, receiver: Declaration | undefined): CompletionItem[] {
  if (receiver?.handle) {
    const kind = receiver.handle;
    return [
      { label: 'name', kind: CompletionItemKind.Property, detail: `The configured ${kind}'s name`, sortText: '0' },
      ...rhaiHandleMethods(kind).map((method) => ({
        label: method.name,
        kind: CompletionItemKind.Method,
        detail: method.signature,
        documentation: { kind: 'markdown' as const, value: method.doc },
        sortText: '0',
      })),
    ];
  }
  return [...scriptFunctions(analysis), ...standardFunctions()];
}

export function rhaiCompletions(analysis: RhaiAnalysis, position: Position): CompletionItem[] {
  const before = analysis.text.before(position);
  const path = OMW_PATH.exec(before);
  if (path) return omwPaths(position, path[1]!);
  const cursor = analysis.text.toRhai(position);
  const visible = visibleAt(analysis.declarations, analysis.functions, cursor);
  const member = MEMBER.exec(before);
  if (member) {
    return members(
      analysis,
      visible.find((declaration) => declaration.name === member[1]),
    );
  }
  const locals = visible.map((declaration): CompletionItem => ({
    label: declaration.name,
    kind: DECLARATION_KINDS[declaration.kind],
    detail: declarationSignature(declaration),
    sortText: SORT.local,
  }));
  const keywords = RHAI_KEYWORDS.map((keyword): CompletionItem => ({
    label: keyword,
    kind: CompletionItemKind.Keyword,
    sortText: SORT.keyword,
  }));
  const omw: CompletionItem = {
    label: 'omw',
    kind: CompletionItemKind.Module,
    detail: 'The omw host API',
    insertText: 'omw::',
    insertTextFormat: InsertTextFormat.PlainText,
    sortText: SORT.omw,
  };
  return [...locals, ...scriptFunctions(analysis), ...keywords, omw, ...standardFunctions()];
}
