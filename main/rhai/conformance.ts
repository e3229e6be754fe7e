// Conformance adapter: runs a script with upstream-named settings and reports a plain,
// structurally comparable outcome.

import { Engine } from './language/engine.ts';
import { ParseFailure } from './language/engine.ts';
import { RhaiError } from './language/types/errors.ts';
import { debugValue } from './language/types/format.ts';
import { Blob, RChar, RFloat, sortedKeys, typeOf, type Value } from './language/types/values.ts';

export type EvalMode = 'eval' | 'expression' | 'run' | 'compile';

export interface ConformanceConfig {
  maxOperations?: number;
  maxCallLevels?: number;
  maxStringSize?: number;
  maxArraySize?: number;
  maxMapSize?: number;
  maxVariables?: number;
  maxFunctions?: number;
  maxModules?: number;
  maxExprDepths?: [number, number];
  /** Upstream's spelling (`None`, `Simple`, `Full`) or lower case. */
  optimizationLevel?: 'none' | 'simple' | 'full' | 'None' | 'Simple' | 'Full';
  fastOperators?: boolean;
  strictVariables?: boolean;
  failOnInvalidMapProperty?: boolean;
  allowIfExpression?: boolean;
  allowSwitchExpression?: boolean;
  allowStatementExpression?: boolean;
  allowAnonymousFn?: boolean;
  allowLooping?: boolean;
  allowShadowing?: boolean;
  allowLoopExpressions?: boolean;
  disabledSymbols?: string[];
}

export type TypedValue =
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string' | 'char'; value: string }
  | { type: 'unit'; value: null }
  | { type: 'array'; value: TypedValue[] }
  | { type: 'map'; value: Record<string, TypedValue> }
  | { type: 'blob'; value: number[] }
  | { type: string; value: string };

export type EvalOutcome =
  | ({ ok: true; printed?: string[] } & TypedValue)
  | {
      ok: false;
      kind: string;
      error: string;
      parseError?: string;
      thrown?: TypedValue;
      position?: { line: number; column: number };
      printed?: string[];
    };

function toTyped(v: Value): TypedValue {
  if (v === undefined) return { type: 'unit', value: null };
  if (typeof v === 'number' || typeof v === 'bigint') return { type: 'int', value: BigInt(v) };
  if (typeof v === 'boolean') return { type: 'bool', value: v };
  if (typeof v === 'string') return { type: 'string', value: v };
  if (v instanceof RFloat) return { type: 'float', value: v.v };
  if (v instanceof RChar) return { type: 'char', value: v.c };
  if (Array.isArray(v)) return { type: 'array', value: v.map(toTyped) };
  if (v instanceof Map) {
    const value: Record<string, TypedValue> = {};
    for (const k of sortedKeys(v)) value[k] = toTyped(v.get(k));
    return { type: 'map', value };
  }
  if (v instanceof Blob) return { type: 'blob', value: v.bytes.slice() };
  return { type: typeOf(v), value: debugValue(v) };
}

const NUMERIC_LIMITS = [
  'maxOperations',
  'maxCallLevels',
  'maxStringSize',
  'maxArraySize',
  'maxMapSize',
  'maxVariables',
  'maxFunctions',
  'maxModules',
] as const;

const SWITCHES = [
  'strictVariables',
  'failOnInvalidMapProperty',
  'allowIfExpression',
  'allowSwitchExpression',
  'allowStatementExpression',
  'allowAnonymousFn',
  'allowLooping',
  'allowShadowing',
  'allowLoopExpressions',
] as const;

const KNOWN_KEYS = new Set<string>([
  ...NUMERIC_LIMITS,
  ...SWITCHES,
  'maxExprDepths',
  'optimizationLevel',
  'fastOperators',
  'disabledSymbols',
]);

/** Applies the config; returns a reason when a setting cannot be honoured. */
function configure(engine: Engine, config: ConformanceConfig): string | undefined {
  for (const key of Object.keys(config)) if (!KNOWN_KEYS.has(key)) return `unknown setting '${key}'`;
  for (const key of NUMERIC_LIMITS) {
    const v = config[key];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 0) return `invalid ${key}`;
    engine.limits[key] = v;
  }
  if (config.maxExprDepths) {
    const [expr, fnExpr] = config.maxExprDepths;
    if (!Number.isInteger(expr) || !Number.isInteger(fnExpr) || expr < 0 || fnExpr < 0) return 'invalid maxExprDepths';
    engine.limits.maxExprDepth = expr;
    engine.limits.maxFnExprDepth = fnExpr;
  }
  for (const key of SWITCHES) {
    const v = config[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') return `invalid ${key}`;
    engine.options[key] = v;
  }
  if (config.optimizationLevel !== undefined) {
    const level = String(config.optimizationLevel).toLowerCase();
    if (level !== 'none' && level !== 'simple' && level !== 'full') return 'invalid optimizationLevel';
    engine.optimizationLevel = level;
  }
  if (config.fastOperators !== undefined && typeof config.fastOperators !== 'boolean') return 'invalid fastOperators';
  for (const s of config.disabledSymbols ?? []) engine.disabledSymbols.add(s);
  return undefined;
}

export function evalRhai(script: string, options: { mode?: EvalMode; config?: ConformanceConfig } = {}): EvalOutcome {
  const mode = options.mode ?? 'eval';
  const engine = new Engine();
  const unsupported = configure(engine, options.config ?? {});
  if (unsupported) return { ok: false, kind: 'Unsupported', error: unsupported };
  const printed: string[] = [];
  const withPrinted = <T extends object>(o: T): T & { printed?: string[] } =>
    printed.length > 0 ? { ...o, printed } : o;
  try {
    const compiled = mode === 'expression' ? engine.compileExpression(script) : engine.compile(script);
    if (mode === 'compile') return { ok: true, type: 'unit', value: null };
    // `debug` output is captured with `print`'s, in the order the script produced them.
    const capture = (s: string): void => void printed.push(s);
    const value = engine.run(compiled, { hooks: { print: capture, debug: capture } });
    return withPrinted({ ok: true as const, ...(mode === 'run' ? toTyped(undefined) : toTyped(value)) });
  } catch (e) {
    if (!(e instanceof RhaiError)) {
      return withPrinted({
        ok: false as const,
        kind: 'ErrorSystem',
        error: e instanceof Error ? e.message : String(e),
      });
    }
    const failure: EvalOutcome & { ok: false } = { ok: false, kind: e.kind, error: e.message };
    if (e.pos.line > 0) failure.position = { line: e.pos.line, column: e.pos.col };
    const parse = e instanceof ParseFailure ? e.parseError : e.root().parseError;
    if (parse) failure.parseError = parse.kind;
    const root = e.root();
    if (root.kind === 'ErrorRuntime') failure.thrown = toTyped(root.value);
    return withPrinted(failure);
  }
}
