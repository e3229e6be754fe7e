// Error types mirroring upstream's `ParseErrorType` and `EvalAltResult` kinds, always positioned.

import { displayValue } from './format.ts';
import type { Value } from './values.ts';

/** 1-based source position; line 0 means "no position" (e.g. errors raised by the host). */
export interface Position {
  line: number;
  col: number;
}

export const NO_POS: Position = { line: 0, col: 0 };

export type ParseErrorKind =
  | 'UnexpectedEOF'
  | 'BadInput'
  | 'UnknownOperator'
  | 'MissingToken'
  | 'MissingSymbol'
  | 'MalformedCallExpr'
  | 'MalformedIndexExpr'
  | 'MalformedInExpr'
  | 'MalformedCapture'
  | 'DuplicatedProperty'
  | 'DuplicatedSwitchCase'
  | 'DuplicatedVariable'
  | 'WrongSwitchIntegerCase'
  | 'WrongSwitchDefaultCase'
  | 'WrongSwitchCaseCondition'
  | 'PropertyExpected'
  | 'VariableExpected'
  | 'ForbiddenVariable'
  | 'Reserved'
  | 'MismatchedType'
  | 'ExprExpected'
  | 'WrongDocComment'
  | 'WrongFnDefinition'
  | 'FnDuplicatedDefinition'
  | 'FnMissingName'
  | 'FnMissingParams'
  | 'FnDuplicatedParam'
  | 'FnMissingBody'
  | 'WrongExport'
  | 'AssignmentToConstant'
  | 'AssignmentToInvalidLHS'
  | 'VariableExists'
  | 'VariableUndefined'
  | 'ModuleUndefined'
  | 'ExprTooDeep'
  | 'TooManyFunctions'
  | 'LiteralTooLarge'
  | 'LoopBreak';

export class ParseError extends Error {
  constructor(
    readonly kind: ParseErrorKind,
    message: string,
    readonly pos: Position,
    readonly end: Position = pos,
  ) {
    super(message);
  }
}

export type EvalErrorKind =
  | 'ErrorSystem'
  | 'ErrorParsing'
  | 'ErrorVariableExists'
  | 'ErrorForbiddenVariable'
  | 'ErrorVariableNotFound'
  | 'ErrorPropertyNotFound'
  | 'ErrorIndexNotFound'
  | 'ErrorFunctionNotFound'
  | 'ErrorModuleNotFound'
  | 'ErrorInFunctionCall'
  | 'ErrorInModule'
  | 'ErrorUnboundThis'
  | 'ErrorMismatchDataType'
  | 'ErrorMismatchOutputType'
  | 'ErrorIndexingType'
  | 'ErrorArrayBounds'
  | 'ErrorStringBounds'
  | 'ErrorBitFieldBounds'
  | 'ErrorFor'
  | 'ErrorDataRace'
  | 'ErrorNonPureMethodCallOnConstant'
  | 'ErrorAssignmentToConstant'
  | 'ErrorDotExpr'
  | 'ErrorArithmetic'
  | 'ErrorTooManyOperations'
  | 'ErrorTooManyVariables'
  | 'ErrorTooManyModules'
  | 'ErrorStackOverflow'
  | 'ErrorDataTooLarge'
  | 'ErrorTerminated'
  | 'ErrorCustomSyntax'
  | 'ErrorRuntime'
  /** Not an error: `exit(value)` unwinding to the host, which returns `value` as the result. */
  | 'Exit';

export class RhaiError extends Error {
  constructor(
    readonly kind: EvalErrorKind,
    message: string,
    public pos: Position = NO_POS,
    /** The thrown value for ErrorRuntime / exit value for ErrorTerminated. */
    readonly value: Value = undefined,
    /** The wrapped error for ErrorInFunctionCall / ErrorInModule. */
    readonly inner?: RhaiError,
    readonly parseError?: ParseError,
  ) {
    super(message);
  }

  /**
   * Set when `inner` and the errors it wraps were raised in another script (a module's file):
   * their positions are that script's, not this error's.
   */
  innerSource: string | undefined;

  /** Innermost error of an ErrorInFunctionCall chain: what a `catch` sees. */
  root(): RhaiError {
    return this.inner ? this.inner.root() : this;
  }

  withPos(pos: Position): this {
    if (this.pos.line === 0) this.pos = pos;
    return this;
  }
}

export function runtimeError(value: Value, pos: Position = NO_POS): RhaiError {
  const text = displayValue(value);
  return new RhaiError('ErrorRuntime', text === '' ? 'Runtime error' : `Runtime error: ${text}`, pos, value);
}

/** A JS engine stack overflow; checked without regular expressions, which can themselves overflow. */
export function isStackExhaustion(e: unknown): boolean {
  return e instanceof Error && e.message.includes('Maximum call stack');
}
