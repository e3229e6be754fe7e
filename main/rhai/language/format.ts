// Display (`to_string`/print) and debug (`to_debug`/debug) renderings, following upstream output.

import { Blob, FnPtr, RChar, RFloat, RRange, Timestamp, sortedKeys, typeOf, type Value } from './values.ts';

export function formatFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return 'inf';
  if (f === -Infinity) return '-inf';
  if (Number.isInteger(f) && Math.abs(f) < 1e16) return f.toFixed(1);
  const abs = Math.abs(f);
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-7)) {
    const [mantissa, exp] = f.toExponential().split('e') as [string, string];
    return `${mantissa}e${exp.replace('+', '')}`;
  }
  return String(f);
}

export function escapeDebugString(s: string, quote: string): string {
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

export function displayValue(v: Value): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (v instanceof RChar) return v.c;
  return debugValue(v);
}

export function debugValue(v: Value): string {
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
  if (v instanceof RFloat) return formatFloat(v.v);
  if (v instanceof RChar) return escapeDebugString(v.c, "'");
  if (Array.isArray(v)) return `[${v.map(debugValue).join(', ')}]`;
  if (v instanceof Map) return `#{${sortedKeys(v).map((k) => `${debugKey(k)}: ${debugValue(v.get(k))}`).join(', ')}}`;
  if (v instanceof RRange) return `${v.start}${v.inclusive ? '..=' : '..'}${v.end}`;
  if (v instanceof FnPtr) return v.closure ? `Fn(<closure>)` : `Fn(${v.name})`;
  if (v instanceof Blob) return `[${v.bytes.map((b) => b.toString(16).padStart(2, '0')).join('')}]`;
  if (v instanceof Timestamp) return '<timestamp>';
  return `<${typeOf(v)}>`;
}

function debugKey(k: string): string {
  return escapeDebugString(k, '"');
}
