// What the server knows about one version of a Rhai document: the parser's diagnostics and
// outline (as the workbench's editor and the runtime's check see them), the syntax tree's
// declarations, and where each script function's name is written. The facts are plain data
// without the syntax tree, so that the analysis thread can hand them over cheaply.

import type { FnDef } from '../rhai/language/ast/ast.ts';
import { outlineOf, toDiagnostic, type Diagnostic, type OutlineVariable } from '../rhai/language/check.ts';
import { parseScript } from '../rhai/language/syntax/parser.ts';
import { DEFAULT_PARSE_OPTIONS } from '../rhai/language/syntax/parse-options.ts';
import type { Token } from '../rhai/language/syntax/token.ts';
import type { Position } from '../rhai/language/types/errors.ts';
import { isBefore, type DocumentText } from './document-text.ts';
import { declarationsOf, type Declaration } from './rhai-declarations.ts';

export interface ScriptFunction {
  name: string;
  params: string[];
  isPrivate: boolean;
  doc?: string;
  /** `fn int.calc(x)`: the type it is a method of. */
  thisType?: string;
  /** The whole definition, from `fn` (or `private`) to its `}`. */
  pos: Position;
  end: Position;
  /** Where its name is written, after `fn` (and a method's `type.`). */
  namePos: Position;
}

export interface RhaiFacts {
  diagnostics: Diagnostic[];
  functions: ScriptFunction[];
  topLevel: OutlineVariable[];
  declarations: Declaration[];
}

/** The facts of one version, read against a text (theirs, or a newer one while they are the newest). */
export interface RhaiAnalysis extends RhaiFacts {
  text: DocumentText;
}

export const NO_FACTS: RhaiFacts = { diagnostics: [], functions: [], topLevel: [], declarations: [] };

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

function scriptFunction(def: FnDef, tokens: readonly Token[]): ScriptFunction {
  const fn: ScriptFunction = {
    name: def.name,
    params: def.params.map((param) => param.name),
    isPrivate: def.isPrivate,
    pos: def.pos,
    end: def.end,
    namePos: namePosOf(def, tokens),
  };
  if (def.doc !== undefined) fn.doc = def.doc;
  if (def.thisType !== undefined) fn.thisType = def.thisType;
  return fn;
}

export function analyseRhai(source: string): RhaiFacts {
  // What `Engine.check` does, on an engine without host modules (as the workbench's editor
  // checks), keeping the syntax tree and tokens that the check drops.
  const { ast, errors, tokens } = parseScript(source, DEFAULT_PARSE_OPTIONS);
  return {
    diagnostics: errors.map(toDiagnostic),
    functions: ast.functions.map((def) => scriptFunction(def, tokens)),
    topLevel: outlineOf(ast).variables,
    declarations: declarationsOf(ast, tokens),
  };
}
