// Display (`to_string`/print) and debug (`to_debug`/debug) renderings, following upstream output.

import {
  Blob,
  FnPtr,
  RChar,
  RFloat,
  RRange,
  Timestamp,
  isHostValue,
  sortedKeys,
  typeOf,
  type Value,
} from './values.ts';

// Upstream switches float display to exponent form outside these bounds (f32 constants widened).
const MAX_NATURAL_DISPLAY = Math.fround(1e13);
const MIN_NATURAL_DISPLAY = Math.fround(1e-13);

function specialFloat(f: number): string | undefined {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return 'inf';
  if (f === -Infinity) return '-inf';
  return undefined;
}

/** Shortest round-trip digits in exponent form, as Rust's `{:e}` prints them. */
function exponentForm(f: number): string {
  return f.toExponential().replace('e+', 'e');
}

/** Shortest round-trip digits without an exponent, with `.0` for whole numbers. */
function positionalForm(f: number): string {
  let s = String(f);
  const e = s.indexOf('e');
  if (e >= 0) {
    // Only tiny magnitudes reach here (JS switches to exponents below 1e-6).
    const exp = Number(s.slice(e + 1));
    const sign = f < 0 ? '-' : '';
    const digits = s.slice(sign ? 1 : 0, e).replace('.', '');
    s = `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  }
  return Number.isInteger(f) ? `${s}.0` : s;
}

/** FLOAT as `print`/`to_string` show it. */
export function formatFloat(f: number): string {
  const special = specialFloat(f);
  if (special) return special;
  const abs = Math.abs(f);
  if (abs === 0) return '0.0';
  return abs > MAX_NATURAL_DISPLAY || abs < MIN_NATURAL_DISPLAY ? exponentForm(f) : positionalForm(f);
}

/** FLOAT as `debug`/`to_debug` and containers show it (Rust's `{:?}`). */
export function formatFloatDebug(f: number): string {
  const special = specialFloat(f);
  if (special) return special;
  const abs = Math.abs(f);
  if (abs === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  return abs >= 1e16 || abs < 1e-4 ? exponentForm(f) : positionalForm(f);
}

function escapeDebugString(s: string, quote: string): string {
  let out = quote;
  for (const ch of s) {
    switch (ch) {
      case '\\':
        out += '\\\\';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\t':
        out += '\\t';
        break;
      case '\0':
        out += '\\0';
        break;
      default:
        out += ch === quote ? `\\${ch}` : ch;
    }
  }
  return out + quote;
}

/** Renders host values through their registered `to_string`/`to_debug`, when there is one. */
export type CustomFormatter = (v: Value, debug: boolean) => string | undefined;

/**
 * A value as the host shows it: upstream's `Display` of a `Dynamic` (`to_string()` on a script's
 * result or a thrown value), which shows a char inside a container quoted (`['c']`).
 */
export function displayValue(v: Value, custom?: CustomFormatter): string {
  return display(v, custom, false);
}

/** A value as upstream's `Debug` of a `Dynamic` shows it (`'c'`, `"s"`, `['c']`). */
export function debugValue(v: Value, custom?: CustomFormatter): string {
  return debugText(v, custom, false);
}

/**
 * A value as a script's `print`, `to_string`, interpolation and string building show it:
 * upstream's packages render container items with their `to_debug` function, which shows a char
 * bare (`[c]`).
 */
export function scriptDisplay(v: Value, custom?: CustomFormatter): string {
  return display(v, custom, true);
}

/** A value as a script's `debug` and `to_debug` show it: a char is bare (`c`), a string quoted. */
export function scriptDebug(v: Value, custom?: CustomFormatter): string {
  return debugText(v, custom, true);
}

function display(v: Value, custom: CustomFormatter | undefined, bareChars: boolean): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v === undefined) return '';
  if (v instanceof RChar) return v.c;
  if (v instanceof RFloat) return formatFloat(v.v);
  if (custom && isHostValue(v)) {
    const text = custom(v, false);
    if (text !== undefined) return text;
  }
  return debugText(v, custom, bareChars);
}

/** Bytes in hex, a space after every eight, as upstream's `Debug` of a BLOB. */
function blobText(bytes: number[]): string {
  let out = '[';
  for (let i = 0; i < bytes.length; i++) {
    if (i > 0 && i % 8 === 0) out += ' ';
    out += bytes[i]!.toString(16).padStart(2, '0');
  }
  return out + ']';
}

function debugText(v: Value, custom: CustomFormatter | undefined, bareChars: boolean): string {
  switch (typeof v) {
    case 'undefined':
      return '()';
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
    case 'string':
      return escapeDebugString(v, '"');
  }
  if (v instanceof RFloat) return formatFloatDebug(v.v);
  if (v instanceof RChar) return bareChars ? v.c : escapeDebugString(v.c, "'");
  if (Array.isArray(v)) return `[${v.map((x) => debugText(x, custom, bareChars)).join(', ')}]`;
  if (v instanceof Map) {
    return `#{${sortedKeys(v)
      .map((k) => `${debugKey(k)}: ${debugText(v.get(k), custom, bareChars)}`)
      .join(', ')}}`;
  }
  if (v instanceof RRange) return `${v.start}${v.inclusive ? '..=' : '..'}${v.end}`;
  if (v instanceof FnPtr) return v.closure ? `Fn(<closure>)` : `Fn(${v.name})`;
  if (v instanceof Blob) return blobText(v.bytes);
  if (v instanceof Timestamp) return '<timestamp>';
  return (custom && custom(v, true)) ?? `<${typeOf(v)}>`;
}

function debugKey(k: string): string {
  return escapeDebugString(k, '"');
}
