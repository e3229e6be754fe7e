// Hover in a Rhai brain: an `omw::` path's signature and docs, a handle method's, a script
// function's signature and doc comment, or how a name in scope was declared.

import type { Hover, Position } from 'vscode-languageserver';
import type { RhaiAnalysis } from './rhai-analysis.ts';
import { visibleAt } from './rhai-declarations.ts';
import {
  declarationSignature,
  docText,
  functionSignature,
  handleMethod,
  markdown,
  omwEntry,
} from './rhai-vocabulary.ts';

const OMW_PATHS = /omw::([\w:]+)/g;

function omwHover(analysis: RhaiAnalysis, position: Position): Hover | undefined {
  for (const found of analysis.text.line(position.line).matchAll(OMW_PATHS)) {
    const start = found.index;
    const end = start + found[0].length;
    if (position.character < start || position.character > end) continue;
    const entry = omwEntry(found[1]!);
    if (!entry) return undefined;
    return {
      contents: { kind: 'markdown', value: markdown(entry.signature, entry.doc) },
      range: { start: { line: position.line, character: start }, end: { line: position.line, character: end } },
    };
  }
  return undefined;
}

export function rhaiHover(analysis: RhaiAnalysis, position: Position): Hover | null {
  const omw = omwHover(analysis, position);
  if (omw) return omw;
  const word = analysis.text.wordAt(position);
  if (!word) return null;
  const visible = visibleAt(analysis.declarations, analysis.functions, analysis.text.toRhai(word.range.end));
  const line = analysis.text.line(position.line);
  const receiver = /([A-Za-z_]\w*)\s*\??\.\s*$/.exec(line.slice(0, word.range.start.character));
  if (receiver) {
    const handle = visible.find((declaration) => declaration.name === receiver[1])?.handle;
    const method = handle ? handleMethod(handle, word.text) : undefined;
    if (method)
      return { contents: { kind: 'markdown', value: markdown(method.signature, method.doc) }, range: word.range };
  }
  const called = /^\s*!?\s*\(/.test(line.slice(word.range.end.character));
  const declaration = called ? undefined : visible.find((d) => d.name === word.text);
  if (declaration)
    return {
      contents: { kind: 'markdown', value: markdown(declarationSignature(declaration), '') },
      range: word.range,
    };
  const fns = analysis.functions.filter((fn) => fn.name === word.text);
  if (fns.length === 0) return null;
  const value = fns.map((fn) => markdown(functionSignature(fn), docText(fn.doc))).join('\n\n---\n\n');
  return { contents: { kind: 'markdown', value }, range: word.range };
}
