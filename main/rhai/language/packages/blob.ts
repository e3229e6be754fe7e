// BLOB (byte array) functions.

import { normalizeBig, toBig } from '../types/int.ts';
import { Blob, RFloat, RRange, type Value } from '../types/values.ts';
import { blob, count, float, int } from '../func/arg.ts';
import type { Define } from './define.ts';

function byte(v: Value): number {
  return Number(BigInt.asUintN(8, toBig(int(v))));
}

/** Start and length of a byte span; a negative start counts from the end, both clamp to the BLOB. */
function span(b: Blob, start: number, len: number): [number, number] {
  const n = b.bytes.length;
  const from = start < 0 ? Math.max(0, n + start) : Math.min(start, n);
  return [from, Math.max(0, Math.min(len, n - from))];
}

function rangeSpan(b: Blob, r: RRange): [number, number] {
  const start = Number(r.start);
  return span(b, start, Number(r.end) + (r.inclusive ? 1 : 0) - start);
}

/** Reads up to 8 bytes into the low (little-endian) or high (big-endian) end of an INT. */
function parseInt64(b: Blob, [from, len]: [number, number], littleEndian: boolean): Value {
  const buf = new Uint8Array(8);
  buf.set(b.bytes.slice(from, from + Math.min(len, 8)));
  return normalizeBig(new DataView(buf.buffer).getBigInt64(0, littleEndian));
}

/** Writes the first bytes of the value's 8-byte little- or big-endian representation. */
function writeInt64(b: Blob, [from, len]: [number, number], v: Value, littleEndian: boolean): void {
  const buf = new Uint8Array(8);
  new DataView(buf.buffer).setBigInt64(0, BigInt.asIntN(64, toBig(int(v))), littleEndian);
  for (let i = 0; i < Math.min(len, 8); i++) b.bytes[from + i] = buf[i]!;
}

/** Reads up to 8 bytes as a FLOAT (f64), zero-filling what the span does not cover, as INTs are read. */
function parseFloat64(b: Blob, [from, len]: [number, number], littleEndian: boolean): Value {
  const buf = new Uint8Array(8);
  buf.set(b.bytes.slice(from, from + Math.min(len, 8)));
  return new RFloat(new DataView(buf.buffer).getFloat64(0, littleEndian));
}

/** Writes the first bytes of the FLOAT's 8-byte little- or big-endian representation. */
function writeFloat64(b: Blob, [from, len]: [number, number], v: Value, littleEndian: boolean): void {
  const buf = new Uint8Array(8);
  new DataView(buf.buffer).setFloat64(0, float(v), littleEndian);
  for (let i = 0; i < Math.min(len, 8); i++) b.bytes[from + i] = buf[i]!;
}

function writeText(b: Blob, [from, len]: [number, number], text: string, asciiOnly: boolean): void {
  const source = asciiOnly ? [...text].filter((c) => c.charCodeAt(0) < 128).join('') : text;
  const bytes = new TextEncoder().encode(source);
  for (let i = 0; i < Math.min(len, bytes.length); i++) b.bytes[from + i] = bytes[i]!;
}

function registerBinaryAccess(def: Define): void {
  for (const [suffix, le] of [
    ['le', true],
    ['be', false],
  ] as const) {
    def(`parse_${suffix}_int`, ['blob', 'i64', 'i64'], ([b, s, n]) =>
      parseInt64(blob(b), span(blob(b), count(s), count(n)), le),
    );
    def(
      `write_${suffix}`,
      ['blob', 'i64', 'i64', 'i64'],
      ([b, s, n, v]) => {
        writeInt64(blob(b), span(blob(b), count(s), count(n)), v, le);
        return undefined;
      },
      true,
    );
    def(`parse_${suffix}_float`, ['blob', 'i64', 'i64'], ([b, s, n]) =>
      parseFloat64(blob(b), span(blob(b), count(s), count(n)), le),
    );
    def(
      `write_${suffix}`,
      ['blob', 'i64', 'i64', 'f64'],
      ([b, s, n, v]) => {
        writeFloat64(blob(b), span(blob(b), count(s), count(n)), v, le);
        return undefined;
      },
      true,
    );
    for (const t of ['range', 'range=']) {
      def(`parse_${suffix}_int`, ['blob', t], ([b, r]) => parseInt64(blob(b), rangeSpan(blob(b), r as RRange), le));
      def(`parse_${suffix}_float`, ['blob', t], ([b, r]) => parseFloat64(blob(b), rangeSpan(blob(b), r as RRange), le));
      def(
        `write_${suffix}`,
        ['blob', t, 'f64'],
        ([b, r, v]) => {
          writeFloat64(blob(b), rangeSpan(blob(b), r as RRange), v, le);
          return undefined;
        },
        true,
      );
      def(
        `write_${suffix}`,
        ['blob', t, 'i64'],
        ([b, r, v]) => {
          writeInt64(blob(b), rangeSpan(blob(b), r as RRange), v, le);
          return undefined;
        },
        true,
      );
    }
  }
  for (const [name, ascii] of [
    ['write_ascii', true],
    ['write_utf8', false],
  ] as const) {
    def(
      name,
      ['blob', 'i64', 'i64', 'string'],
      ([b, s, n, text]) => {
        writeText(blob(b), span(blob(b), count(s), count(n)), text as string, ascii);
        return undefined;
      },
      true,
    );
    for (const t of ['range', 'range=']) {
      def(
        name,
        ['blob', t, 'string'],
        ([b, r, text]) => {
          writeText(blob(b), rangeSpan(blob(b), r as RRange), text as string, ascii);
          return undefined;
        },
        true,
      );
    }
  }
}

export function registerBlob(def: Define): void {
  registerBinaryAccess(def);
  def('blob', [], () => new Blob());
  def('blob', ['i64'], ([n], ctx) => {
    ctx.checkArraySize(Math.max(0, count(n)));
    return new Blob(new Array<number>(Math.max(0, count(n))).fill(0));
  });
  def('blob', ['i64', 'i64'], ([n, v], ctx) => {
    ctx.checkArraySize(Math.max(0, count(n)));
    return new Blob(new Array<number>(Math.max(0, count(n))).fill(byte(v)));
  });
  const lenOf = ([b]: Value[]): Value => blob(b).bytes.length;
  def('len', ['blob'], lenOf);
  def('get$len', ['blob'], lenOf);
  def('is_empty', ['blob'], ([b]) => blob(b).bytes.length === 0);
  def(
    'push',
    ['blob', 'i64'],
    ([b, v], ctx) => {
      ctx.checkArraySize(blob(b).bytes.length + 1);
      blob(b).bytes.push(byte(v));
      return undefined;
    },
    true,
  );
  def(
    'append',
    ['blob', 'blob'],
    ([b, o], ctx) => {
      ctx.checkArraySize(blob(b).bytes.length + blob(o).bytes.length);
      for (const x of blob(o).bytes.slice()) blob(b).bytes.push(x);
      return undefined;
    },
    true,
  );
  def(
    'insert',
    ['blob', 'i64', 'i64'],
    ([b, i, v], ctx) => {
      const bytes = blob(b).bytes;
      ctx.checkArraySize(bytes.length + 1);
      const n = count(i);
      bytes.splice(n < 0 ? Math.max(0, bytes.length + n) : Math.min(n, bytes.length), 0, byte(v));
      return undefined;
    },
    true,
  );
  def('pop', ['blob'], ([b]) => blob(b).bytes.pop(), true);
  def(
    'clear',
    ['blob'],
    ([b]) => {
      blob(b).bytes.length = 0;
      return undefined;
    },
    true,
  );
  def('contains', ['blob', 'i64'], ([b, v]) => blob(b).bytes.includes(byte(v)));
  def('to_array', ['blob'], ([b]) => blob(b).bytes.slice());
  def('as_string', ['blob'], ([b]) => new TextDecoder().decode(new Uint8Array(blob(b).bytes)));
  def('get', ['blob', 'i64'], ([b, i]) => {
    const bytes = blob(b).bytes;
    const n = count(i) < 0 ? bytes.length + count(i) : count(i);
    return n >= 0 && n < bytes.length ? bytes[n] : 0;
  });
}
