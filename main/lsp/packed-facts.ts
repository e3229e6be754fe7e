// An analysis's facts in the form they cross from the analysis thread: each table as columns of
// strings and one Int32Array of its numbers. Copying objects between threads costs about a
// second for the 300,000 records of a 200,000-line document; strings and a typed array cost a
// few milliseconds, and building the records again on this side a few dozen.

import type { Diagnostic, OutlineVariable } from '../rhai/language/check.ts';
import type { Position } from '../rhai/language/types/errors.ts';
import { DECLARATION_KINDS, HANDLE_KINDS, type Declaration } from './rhai-declarations.ts';
import type { RhaiFacts, ScriptFunction } from './rhai-analysis.ts';

export interface PackedFacts {
  /** Few, unless the text is mostly errors: as they are. */
  diagnostics: Diagnostic[];
  functions: {
    names: string[];
    /** Each function's parameters joined by commas (names hold none). */
    params: string[];
    docs: (string | null)[];
    types: (string | null)[];
    numbers: Int32Array;
  };
  topLevel: { names: string[]; numbers: Int32Array };
  declarations: { names: string[]; numbers: Int32Array };
}

/** Numbers a record of each table takes. */
const FUNCTION_NUMBERS = 7;
const TOP_LEVEL_NUMBERS = 3;
const DECLARATION_NUMBERS = 7;
/** A declaration without an owner function or a handle. */
const NONE = -1;

/** Writes records into one array, a fixed number of numbers each. */
function numbersOf<T>(records: readonly T[], width: number, write: (record: T) => number[]): Int32Array {
  const numbers = new Int32Array(records.length * width);
  records.forEach((record, i) => numbers.set(write(record), i * width));
  return numbers;
}

const position = (numbers: Int32Array, at: number): Position => ({ line: numbers[at]!, col: numbers[at + 1]! });

export function packFacts(facts: RhaiFacts): PackedFacts {
  const { functions, topLevel, declarations } = facts;
  return {
    diagnostics: facts.diagnostics,
    functions: {
      names: functions.map((fn) => fn.name),
      params: functions.map((fn) => fn.params.join(',')),
      docs: functions.map((fn) => fn.doc ?? null),
      types: functions.map((fn) => fn.thisType ?? null),
      numbers: numbersOf(functions, FUNCTION_NUMBERS, (fn) => [
        fn.pos.line,
        fn.pos.col,
        fn.end.line,
        fn.end.col,
        fn.namePos.line,
        fn.namePos.col,
        fn.isPrivate ? 1 : 0,
      ]),
    },
    topLevel: {
      names: topLevel.map((variable) => variable.name),
      numbers: numbersOf(topLevel, TOP_LEVEL_NUMBERS, (variable) => [
        variable.start.line,
        variable.start.column,
        variable.isConst ? 1 : 0,
      ]),
    },
    declarations: {
      names: declarations.map((declaration) => declaration.name),
      numbers: numbersOf(declarations, DECLARATION_NUMBERS, (declaration) => [
        declaration.pos.line,
        declaration.pos.col,
        declaration.visibleUntil.line,
        declaration.visibleUntil.col,
        declaration.owner ?? NONE,
        DECLARATION_KINDS.indexOf(declaration.kind),
        declaration.handle ? HANDLE_KINDS.indexOf(declaration.handle) : NONE,
      ]),
    },
  };
}

export function unpackFacts(packed: PackedFacts): RhaiFacts {
  const { functions, topLevel, declarations } = packed;
  return {
    diagnostics: packed.diagnostics,
    functions: functions.names.map((name, i): ScriptFunction => {
      const at = i * FUNCTION_NUMBERS;
      const n = functions.numbers;
      const fn: ScriptFunction = {
        name,
        params: functions.params[i] ? functions.params[i].split(',') : [],
        isPrivate: n[at + 6] === 1,
        pos: position(n, at),
        end: position(n, at + 2),
        namePos: position(n, at + 4),
      };
      const doc = functions.docs[i];
      const thisType = functions.types[i];
      if (doc !== null && doc !== undefined) fn.doc = doc;
      if (thisType !== null && thisType !== undefined) fn.thisType = thisType;
      return fn;
    }),
    topLevel: topLevel.names.map((name, i): OutlineVariable => {
      const at = i * TOP_LEVEL_NUMBERS;
      const n = topLevel.numbers;
      return { name, isConst: n[at + 2] === 1, start: { line: n[at]!, column: n[at + 1]! } };
    }),
    declarations: declarations.names.map((name, i): Declaration => {
      const at = i * DECLARATION_NUMBERS;
      const n = declarations.numbers;
      const declaration: Declaration = {
        name,
        kind: DECLARATION_KINDS[n[at + 5]!]!,
        pos: position(n, at),
        visibleUntil: position(n, at + 2),
      };
      if (n[at + 4] !== NONE) declaration.owner = n[at + 4]!;
      if (n[at + 6] !== NONE) declaration.handle = HANDLE_KINDS[n[at + 6]!]!;
      return declaration;
    }),
  };
}

/** The arrays whose memory can move to the other thread instead of being copied. */
export const transferables = (packed: PackedFacts): ArrayBuffer[] => [
  packed.functions.numbers.buffer as ArrayBuffer,
  packed.topLevel.numbers.buffer as ArrayBuffer,
  packed.declarations.numbers.buffer as ArrayBuffer,
];
