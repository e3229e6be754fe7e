// The outline of a Rhai brain (its functions, top-level constants and variables) and go to
// definition: a call to a script function jumps to its `fn`, a name to its declaration.

import { SymbolKind, type DocumentSymbol, type Location, type Position } from 'vscode-languageserver';
import type { RhaiAnalysis } from './rhai-analysis.ts';
import { visibleAt } from './rhai-declarations.ts';
import { docText, functionSignature } from './rhai-vocabulary.ts';

export function rhaiSymbols(analysis: RhaiAnalysis): DocumentSymbol[] {
  const { text } = analysis;
  const functions = analysis.functions.map((fn): DocumentSymbol => ({
    name: fn.name,
    detail: functionSignature(fn) + (fn.doc ? ` — ${docText(fn.doc).split('\n')[0]}` : ''),
    kind: fn.thisType ? SymbolKind.Method : SymbolKind.Function,
    range: text.range(fn.pos, fn.end),
    selectionRange: text.nameRange(fn.namePos, fn.name),
  }));
  const variables = analysis.topLevel.map((variable): DocumentSymbol => {
    const range = text.nameRange({ line: variable.start.line, col: variable.start.column }, variable.name);
    return {
      name: variable.name,
      kind: variable.isConst ? SymbolKind.Constant : SymbolKind.Variable,
      range,
      selectionRange: range,
    };
  });
  return [...functions, ...variables].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}

export function rhaiDefinition(analysis: RhaiAnalysis, uri: string, position: Position): Location[] {
  const { text } = analysis;
  const word = text.wordAt(position);
  if (!word) return [];
  const called = /^\s*!?\s*\(/.test(text.line(position.line).slice(word.range.end.character));
  if (!called) {
    const visible = visibleAt(analysis.declarations, analysis.functions, text.toRhai(word.range.end));
    const declaration = visible.find((d) => d.name === word.text);
    if (declaration) return [{ uri, range: text.nameRange(declaration.pos, declaration.name) }];
  }
  return analysis.functions
    .filter((fn) => fn.name === word.text)
    .map((fn) => ({ uri, range: text.nameRange(fn.namePos, fn.name) }));
}
