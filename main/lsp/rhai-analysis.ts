// What the server knows about one version of a Rhai document: the parser's diagnostics and
// outline (as the workbench's editor and the runtime's check see them), the syntax tree's
// declarations, and where each script function's name is written.

import type { FnDef } from '../rhai/language/ast/ast.ts';
import {
  outlineOf,
  toDiagnostic,
  type Diagnostic,
  type OutlineFunction,
  type OutlineVariable,
} from '../rhai/language/check.ts';
import { parseScript } from '../rhai/language/syntax/parser.ts';
import { DEFAULT_PARSE_OPTIONS } from '../rhai/language/syntax/parse-options.ts';
import type { Token } from '../rhai/language/syntax/token.ts';
import { Tokenizer } from '../rhai/language/syntax/tokenizer.ts';
import type { Position } from '../rhai/language/types/errors.ts';
import { DocumentText, isBefore } from './document-text.ts';
import { declarationsOf, type Declaration } from './rhai-declarations.ts';

export interface ScriptFunction extends OutlineFunction {
  /** Where its name is written, after `fn` (and a method's `type.`). */
  namePos: Position;
  def: FnDef;
}

export interface RhaiAnalysis {
  text: DocumentText;
  diagnostics: Diagnostic[];
  functions: ScriptFunction[];
  topLevel: OutlineVariable[];
  declarations: Declaration[];
  defs: FnDef[];
}

/** The index of the first token at or after `pos` (tokens are in the order of the text). */
function firstTokenFrom(tokens: readonly Token[], pos: Position): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (isBefore(tokens[mid]!.pos, pos)) low = mid + 1;
    else high = mid;
  }
  return low;
}

function namePosOf(def: FnDef, tokens: readonly Token[]): Position {
  for (let i = firstTokenFrom(tokens, def.pos); i < tokens.length - 1; i++) {
    const token = tokens[i]!;
    if (token.kind === 'ident' && token.text === def.name && tokens[i + 1]!.kind === '(') return token.pos;
  }
  return def.pos;
}

export function analyseRhai(source: string): RhaiAnalysis {
  // What `Engine.check` does, on an engine without host modules (as the workbench's editor
  // checks), keeping the syntax tree that the check drops.
  const { ast, errors } = parseScript(source, DEFAULT_PARSE_OPTIONS);
  const outline = outlineOf(ast);
  const tokens = Tokenizer.tokenize(source);
  const functions = outline.functions.map((fn, i) => {
    const def = ast.functions[i]!;
    return { ...fn, namePos: namePosOf(def, tokens), def };
  });
  return {
    text: new DocumentText(source),
    diagnostics: errors.map(toDiagnostic),
    functions,
    topLevel: outline.variables,
    declarations: declarationsOf(ast, tokens),
    defs: ast.functions,
  };
}
