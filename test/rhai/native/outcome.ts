// What one run of a script came to, in the terms both engines share: the text it wrote to
// standard output (prints, debug lines, then the result unless it is `()`, as upstream's
// `rhai-run` writes them), or an error's kinds. Upstream's native engine reports an error only as
// text, so its kinds are read back from the wording of upstream's `Display` impls
// (src/types/error.rs, src/types/parse_error.rs).

import { Engine } from '../../../main/rhai/language/engine.ts';
import { ParseFailure } from '../../../main/rhai/language/engine.ts';
import { RhaiError, type Position } from '../../../main/rhai/language/types/errors.ts';
import { displayValue } from '../../../main/rhai/language/types/format.ts';

export interface ErrorKinds {
  /** The outermost error: `ErrorInFunctionCall` when the failure is inside a function. */
  kind: string;
  /** The innermost error, where the script failed. */
  root: string;
  /** The `ParseErrorType` of an `ErrorParsing`. */
  parse?: string;
  /** The innermost error's text, without its position. */
  message: string;
  /** The outermost error's position, `line:col`, when it has one. */
  at?: string;
}

export interface Outcome {
  stdout: string;
  error?: ErrorKinds;
}

/** Upstream's `EvalAltResult` messages with a fixed wording, first match wins. */
const EVAL_KINDS: [RegExp, string][] = [
  [/^Syntax error: /, 'ErrorParsing'],
  [/^Variable already defined: /, 'ErrorVariableExists'],
  [/^Forbidden variable name: /, 'ErrorForbiddenVariable'],
  [/^Variable not found: /, 'ErrorVariableNotFound'],
  [/^Property not found: /, 'ErrorPropertyNotFound'],
  [/^Invalid index: /, 'ErrorIndexNotFound'],
  [/^Function not found: /, 'ErrorFunctionNotFound'],
  [/^Module not found: /, 'ErrorModuleNotFound'],
  [/^Data race detected/, 'ErrorDataRace'],
  [/^Indexer unavailable: /, 'ErrorIndexingType'],
  [/^'this' not bound/, 'ErrorUnboundThis'],
  [/^For loop expects iterable type/, 'ErrorFor'],
  [/^Too many operations/, 'ErrorTooManyOperations'],
  [/^Too many variables defined/, 'ErrorTooManyVariables'],
  [/^Too many modules imported/, 'ErrorTooManyModules'],
  [/^Stack overflow/, 'ErrorStackOverflow'],
  [/^Script terminated/, 'ErrorTerminated'],
  [/^Runtime error/, 'ErrorRuntime'],
  [/^Non-pure |^Cannot modify property '|^Cannot assign to indexer of constant/, 'ErrorNonPureMethodCallOnConstant'],
  [/^Cannot modify constant /, 'ErrorAssignmentToConstant'],
  [/^Output type incorrect/, 'ErrorMismatchOutputType'],
  [/^Data type incorrect/, 'ErrorMismatchDataType'],
  [/^Array index .* out of bounds/, 'ErrorArrayBounds'],
  [/^String index .* out of bounds/, 'ErrorStringBounds'],
  [/^Bit-field index .* out of bounds/, 'ErrorBitFieldBounds'],
  [/ too large$/, 'ErrorDataTooLarge'],
  [/^'(break|continue)' must be within a loop/, 'LoopBreak'],
  [/^No writable property |^Unknown property .* a getter is not registered|^Malformed dot expression/, 'ErrorDotExpr'],
  [
    /^(Addition|Subtraction|Multiplication|Division|Negation|Exponential) overflow|^Division by zero|^Modulo division by zero|^Integer raised to a negative power|^Integer overflow|^Error (taking|parsing)|^Cannot convert to|^Invalid radix|^for-loop counter overflow|^step value cannot be zero|to fit into a tag|^Arithmetic error|^Sign of NaN|shift|^Number raised to too large/,
    'ErrorArithmetic',
  ],
];

/** Upstream's `ParseErrorType` messages; a message matching none is a lexer error, `BadInput`. */
const PARSE_KINDS: [RegExp, string][] = [
  [/^Unknown operator: '/, 'UnknownOperator'],
  [/^Invalid index in indexing expression|expects (integer|numeric|string) index, not /, 'MalformedIndexExpr'],
  [/^Invalid capturing|^method-call style does not support running within the caller's scope/, 'MalformedCapture'],
  [/^Function .* with (no parameters|1 parameter|\d+ parameters) already exists/, 'FnDuplicatedDefinition'],
  [/^Expecting body statement block for /, 'FnMissingBody'],
  [/^Expecting parameters for function /, 'FnMissingParams'],
  [/^Duplicated parameter /, 'FnDuplicatedParam'],
  [/^Duplicated property for object map literal: /, 'DuplicatedProperty'],
  [/^Duplicated variable name: /, 'DuplicatedVariable'],
  [/^Variable already defined: /, 'VariableExists'],
  [/^Undefined variable: /, 'VariableUndefined'],
  [/^Undefined module: /, 'ModuleUndefined'],
  [/^Expecting name of a property$/, 'PropertyExpected'],
  [/^Expecting name of a variable$/, 'VariableExpected'],
  [/^Expecting function name in function declaration$/, 'FnMissingName'],
  [
    /^Expecting (a symbol|'true' or 'false'|'\{' or '\|'|a floating-point number|a string|an integer number)$/,
    'MissingSymbol',
  ],
  [/^Expecting '.*' /, 'MissingToken'],
  [/^Expecting .* expression$/, 'ExprExpected'],
  [/^Expecting .*, not /, 'MismatchedType'],
  [/^Cannot assign to (a constant value|constant )/, 'AssignmentToConstant'],
  [/^Expression cannot be assigned to/, 'AssignmentToInvalidLHS'],
  [/ exceeds the maximum limit \(\d+\)$/, 'LiteralTooLarge'],
  [/^'.*' is a reserved (keyword|symbol)$/, 'Reserved'],
  [/^Script is incomplete$/, 'UnexpectedEOF'],
  [/^Numeric switch case cannot follow a range case$/, 'WrongSwitchIntegerCase'],
  [/^Default switch case must be the last$/, 'WrongSwitchDefaultCase'],
  [/^This switch case cannot have a condition$/, 'WrongSwitchCaseCondition'],
  [/^Forbidden variable name: /, 'ForbiddenVariable'],
  [/^Function definitions must be at global level/, 'WrongFnDefinition'],
  [/^Doc-comment must be followed immediately by a function definition$/, 'WrongDocComment'],
  [/^Export statement can only appear at global level$/, 'WrongExport'],
  [/^Expression exceeds maximum complexity$/, 'ExprTooDeep'],
  [/^Number of functions defined exceeds maximum limit$/, 'TooManyFunctions'],
  [/^Break statement should only be used inside a loop$/, 'LoopBreak'],
];

const classify = (text: string, table: [RegExp, string][], otherwise: string): string =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? otherwise;

const POSITION = / \(line (\d+), position (\d+)\)$/;

function withoutPosition(line: string): { text: string; at?: string } {
  const m = POSITION.exec(line);
  return m ? { text: line.slice(0, m.index), at: `${m[1]}:${m[2]}` } : { text: line };
}

/**
 * The kinds of an error as upstream's `rhai-run` writes it (`<file>: <message>`): the first line
 * is the innermost error, each further line a function or module it was raised in.
 */
export function nativeErrorKinds(stderr: string, file: string): ErrorKinds {
  const text = stderr.startsWith(`${file}: `) ? stderr.slice(file.length + 2) : stderr;
  const lines = text.trimEnd().split('\n');
  // A thrown string may hold line breaks: the wrapping lines are the trailing ones that say so.
  let first = lines.length;
  while (first > 1 && /^in (call to function '|closure call|module)/.test(lines[first - 1]!)) first--;
  const inner = withoutPosition(lines.slice(0, first).join('\n'));
  const outer = lines.length > first ? withoutPosition(lines[lines.length - 1]!) : inner;
  const root = classify(inner.text, EVAL_KINDS, 'ErrorSystem');
  const kind =
    lines.length === first ? root : outer.text.startsWith('in module') ? 'ErrorInModule' : 'ErrorInFunctionCall';
  // Brainbench's parse errors carry the parse error's own text, without the `Syntax error: `.
  const message = root === 'ErrorParsing' ? inner.text.slice('Syntax error: '.length) : inner.text;
  const kinds: ErrorKinds = { kind, root, message };
  if (outer.at) kinds.at = outer.at;
  if (root === 'ErrorParsing') kinds.parse = classify(message, PARSE_KINDS, 'BadInput');
  return kinds;
}

const at = (pos: Position): string | undefined => (pos.line > 0 ? `${pos.line}:${pos.col}` : undefined);

function brainbenchErrorKinds(e: RhaiError): ErrorKinds {
  const root = e.root();
  const kinds: ErrorKinds = { kind: e.kind, root: root.kind, message: root.message };
  const where = at(e.pos);
  if (where) kinds.at = where;
  const parse = e instanceof ParseFailure ? e.parseError : root.parseError;
  if (parse) kinds.parse = parse.kind;
  return kinds;
}

/** Runs `source` on a fresh Brainbench engine, writing what upstream's `rhai-run` would. */
export function brainbenchOutcome(source: string): Outcome {
  const engine = new Engine();
  const out: string[] = [];
  try {
    const value = engine.eval(source, {
      hooks: {
        print: (text) => void out.push(text),
        debug: (text, _source, pos) => void out.push(pos.line > 0 ? `${pos.line}:${pos.col} | ${text}` : text),
      },
    });
    if (value !== undefined) out.push(displayValue(value));
    return { stdout: out.map((line) => `${line}\n`).join('') };
  } catch (e) {
    if (!(e instanceof RhaiError)) throw e;
    return { stdout: out.map((line) => `${line}\n`).join(''), error: brainbenchErrorKinds(e) };
  }
}
