// Token shapes produced by the tokenizer. Punctuation and keywords use their own text as `kind`.

import type { ParseErrorKind, Position } from '../types/errors.ts';

export interface Token {
  kind: string;
  /** Identifier name, string contents, or the lexer error message. */
  text: string;
  /** int: number | bigint (may be 2^63 to allow `-9223372036854775808`); float: number. */
  num?: number | bigint;
  /** Interpolated string parts: literal text and embedded token lists. */
  parts?: (string | Token[])[];
  /** Doc comment (triple-slash or slash-star-star block) immediately preceding the token. */
  doc?: string;
  /** For `lexerror` tokens: the parse error kind to report (BadInput unless stated). */
  lexKind?: ParseErrorKind;
  pos: Position;
  end: Position;
}

export const KEYWORDS = new Set([
  'let',
  'const',
  'if',
  'else',
  'switch',
  'do',
  'while',
  'until',
  'loop',
  'for',
  'in',
  'break',
  'continue',
  'return',
  'throw',
  'try',
  'catch',
  'fn',
  'private',
  'import',
  'export',
  'as',
  'global',
  'true',
  'false',
  'this',
]);

/** Words upstream reserves for future use; using them as names is a `Reserved` parse error. */
export const RESERVED = new Set([
  'var',
  'static',
  'shared',
  'goto',
  'match',
  'case',
  'public',
  'protected',
  'new',
  'use',
  'with',
  'module',
  'package',
  'super',
  'spawn',
  'thread',
  'go',
  'sync',
  'async',
  'await',
  'yield',
  'default',
  'void',
  'null',
  'nil',
]);

/** Upstream's reserved keywords that are called like functions; none of them is a token of its own. */
export const CALLABLE_KEYWORDS = new Set([
  'print',
  'debug',
  'type_of',
  'eval',
  'Fn',
  'call',
  'curry',
  'is_shared',
  'is_def_var',
  'is_def_fn',
]);

/** A keyword or a reserved word: upstream refuses it as a function's name with `Reserved`. */
export function isKeywordOrReserved(name: string): boolean {
  return KEYWORDS.has(name) || RESERVED.has(name) || CALLABLE_KEYWORDS.has(name);
}

/**
 * As upstream 1.26's is_valid_function_name: an ASCII letter, then letters, digits and `_`, and
 * no keyword or reserved word.
 */
export function isValidFunctionName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(name) && !isKeywordOrReserved(name);
}

/** Symbols ordered longest first so the tokenizer can match greedily. */
export const SYMBOLS = [
  '<<=',
  '>>=',
  '**=',
  '..=',
  '??=',
  '...',
  '+=',
  '-=',
  // Reserved by upstream: never an operator, `--1` and `x--` are errors rather than `-(-1)`.
  '--',
  '++',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<<',
  '>>',
  '**',
  '..',
  '::',
  '=>',
  '->',
  '??',
  '?.',
  '?[',
  '#{',
  '+',
  '-',
  '*',
  '/',
  '%',
  '=',
  '<',
  '>',
  '!',
  '&',
  '|',
  '^',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ';',
  ':',
  '.',
  '?',
  '@',
  '#',
  '$',
  '~',
];
