// Language switches the parser honours; names follow upstream's Engine settings.

export interface ParseOptions {
  strictVariables: boolean;
  allowIfExpression: boolean;
  allowSwitchExpression: boolean;
  allowStatementExpression: boolean;
  allowAnonymousFn: boolean;
  allowLooping: boolean;
  allowShadowing: boolean;
  allowLoopExpressions: boolean;
  /** 0 means unlimited. */
  maxExprDepth: number;
  maxFnExprDepth: number;
  maxFunctions: number;
  /** Longest string literal in UTF-8 bytes; 0 means unlimited. */
  maxStringSize: number;
  /** Most items of an array literal and entries of a map literal; 0 means unlimited. */
  maxArraySize: number;
  maxMapSize: number;
  disabledSymbols: ReadonlySet<string>;
  /** Names the host scope provides; with strictVariables these are not undefined. */
  externalNames: ReadonlySet<string>;
  /** Host static modules; with strictVariables other namespace roots must be imported. */
  moduleNames: ReadonlySet<string>;
  /**
   * Top-level constants are also `global::` constants. Not in `eval` code: upstream keeps its
   * constants in the caller's scope, and `global::` goes on naming the script's own.
   */
  globalConstants: boolean;
}

export const DEFAULT_PARSE_OPTIONS: ParseOptions = {
  strictVariables: false,
  allowIfExpression: true,
  allowSwitchExpression: true,
  allowStatementExpression: true,
  allowAnonymousFn: true,
  allowLooping: true,
  allowShadowing: true,
  allowLoopExpressions: true,
  maxExprDepth: 64,
  maxFnExprDepth: 32,
  maxFunctions: 0,
  maxStringSize: 0,
  maxArraySize: 0,
  maxMapSize: 0,
  disabledSymbols: new Set(),
  externalNames: new Set(),
  moduleNames: new Set(),
  globalConstants: true,
};
