// JSON conversion. A hand-written parser keeps the INT/FLOAT distinction that JSON.parse loses
// (`1` is INT, `1.0` is FLOAT) and keeps integers exact up to i64.

import { runtimeError } from '../types/errors.ts';
import { debugValue, formatFloatDebug } from '../types/format.ts';
import { normalizeBig } from '../types/int.ts';
import { FnPtr, RChar, RFloat, sortedKeys, type RMap, type Value } from '../types/values.ts';
import { str } from '../func/arg.ts';
import type { Define } from './define.ts';

class JsonReader {
  private i = 0;

  constructor(private readonly s: string) {}

  /** A catchable runtime error carrying the message, as upstream's serde-based parse_json. */
  fail(): never {
    throw runtimeError(`Invalid JSON at position ${this.i}`);
  }

  private ws(): void {
    while (/\s/.test(this.s[this.i] ?? '')) this.i++;
  }

  document(): Value {
    const v = this.value(0);
    this.ws();
    if (this.i < this.s.length) this.fail();
    return v;
  }

  private value(depth: number): Value {
    if (depth > 512) this.fail();
    this.ws();
    const c = this.s[this.i];
    if (c === '{') {
      this.i++;
      const m: RMap = new Map();
      this.ws();
      if (this.s[this.i] === '}') {
        this.i++;
        return m;
      }
      for (;;) {
        this.ws();
        if (this.s[this.i] !== '"') this.fail();
        const k = this.string();
        this.ws();
        if (this.s[this.i++] !== ':') this.fail();
        m.set(k, this.value(depth + 1));
        this.ws();
        const sep = this.s[this.i++];
        if (sep === '}') return m;
        if (sep !== ',') this.fail();
      }
    }
    if (c === '[') {
      this.i++;
      const a: Value[] = [];
      this.ws();
      if (this.s[this.i] === ']') {
        this.i++;
        return a;
      }
      for (;;) {
        a.push(this.value(depth + 1));
        this.ws();
        const sep = this.s[this.i++];
        if (sep === ']') return a;
        if (sep !== ',') this.fail();
      }
    }
    if (c === '"') return this.string();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', undefined],
    ] as const) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return v;
      }
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.s.slice(this.i));
    if (!m) this.fail();
    this.i += m[0].length;
    if (m[2] || m[3]) return new RFloat(Number(m[0]));
    try {
      return normalizeBig(BigInt(m[0]));
    } catch {
      return new RFloat(Number(m[0]));
    }
  }

  private string(): string {
    // Control characters are rejected by JSON.parse below, so the pattern only finds the end quote.
    const m = /^"((?:[^"\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*)"/.exec(this.s.slice(this.i));
    if (!m) this.fail();
    this.i += m[0].length;
    try {
      return JSON.parse(m[0]) as string;
    } catch {
      this.fail();
    }
  }
}

function toJson(v: Value): string {
  if (v === undefined) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof RChar) return JSON.stringify(v.c);
  if (v instanceof RFloat) return Number.isFinite(v.v) ? formatFloatDebug(v.v) : 'null';
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v instanceof Map)
    return `{${sortedKeys(v)
      .map((k) => `${JSON.stringify(k)}:${toJson(v.get(k))}`)
      .join(',')}}`;
  if (v instanceof FnPtr) return v.curry.length > 0 ? toJson([v.name, ...v.curry]) : JSON.stringify(v.name);
  return JSON.stringify(debugValue(v));
}

export function registerJson(def: Define): void {
  def('parse_json', ['string'], ([s]) => new JsonReader(str(s)).document());
  def('to_json', ['?'], ([v]) => toJson(v));
}
