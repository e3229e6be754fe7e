// Safety limits with upstream's release-build defaults. For sizes and operations 0 means
// unlimited; for counts (call levels, variables, functions, modules) 0 really means none allowed.

export interface Limits {
  maxOperations: number;
  maxCallLevels: number;
  maxExprDepth: number;
  maxFnExprDepth: number;
  maxStringSize: number;
  maxArraySize: number;
  maxMapSize: number;
  maxVariables: number;
  maxFunctions: number;
  maxModules: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxOperations: 0,
  maxCallLevels: 64,
  maxExprDepth: 64,
  maxFnExprDepth: 32,
  maxStringSize: 0,
  maxArraySize: 0,
  maxMapSize: 0,
  maxVariables: Infinity,
  maxFunctions: Infinity,
  maxModules: Infinity,
};
