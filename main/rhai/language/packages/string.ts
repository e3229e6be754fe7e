// String functions. Rhai strings are mutable: mutating methods replace args[0], which the
// evaluator writes back to the receiver variable.

import type { NativeContext } from '../func/functions.ts';
import { IterValue } from '../eval/iteration.ts';
import { codePointLength, codePoints } from '../types/text.ts';
import { Blob, RChar, RRange, type Value } from '../types/values.ts';
import { count, str, text } from '../func/arg.ts';
import type { Define } from './define.ts';

const chars = codePoints;

/** Character offset → clamped index; negative counts from the end, as upstream does. */
function charIndex(start: number, len: number): number {
  if (start < 0) return Math.max(0, len + start);
  return Math.min(start, len);
}

function subString(s: string, start: number, len: number): string {
  const cs = chars(s);
  const from = charIndex(start, cs.length);
  if (len <= 0) return '';
  return cs.slice(from, from + len).join('');
}

function rangeBounds(r: RRange, len: number): [number, number] {
  const start = charIndex(Number(r.start), len);
  const endRaw = Number(r.end) + (r.inclusive ? 1 : 0);
  const end = Math.max(start, Math.min(endRaw < 0 ? len + endRaw : endRaw, len));
  return [start, end];
}

/**
 * As upstream's string_more.rs: an empty string finds nothing, a negative start counts from the
 * end (from the beginning when it reaches past it), and a start at or past the end finds nothing.
 */
function indexOf(s: string, needle: string, start: number): number {
  if (s.length === 0) return -1;
  const cs = chars(s);
  if (start >= cs.length && start > 0) return -1;
  const from = charIndex(start, cs.length);
  const prefix = cs.slice(0, from).join('');
  const i = s.indexOf(needle, prefix.length);
  return i < 0 ? -1 : chars(s.slice(0, i)).length;
}

export function registerString(def: Define): void {
  const lenOf = ([s]: Value[]): Value => codePointLength(str(s));
  def('len', ['string'], lenOf);
  def('get$len', ['string'], lenOf);
  def('bytes', ['string'], ([s]) => new TextEncoder().encode(str(s)).length);
  def('get$bytes', ['string'], ([s]) => new TextEncoder().encode(str(s)).length);
  def('is_empty', ['string'], ([s]) => str(s).length === 0);
  def('get$is_empty', ['string'], ([s]) => str(s).length === 0);
  def('to_upper', ['string'], ([s]) => str(s).toUpperCase());
  def('to_lower', ['string'], ([s]) => str(s).toLowerCase());
  def('to_upper', ['char'], ([c]) => new RChar(text(c).toUpperCase()));
  def('to_lower', ['char'], ([c]) => new RChar(text(c).toLowerCase()));
  const mutate = (
    name: string,
    types: string[],
    fn: (s: string, args: Value[], ctx: NativeContext) => string,
  ): void => {
    def(
      name,
      ['string', ...types],
      (args, ctx) => {
        args[0] = ctx.checkStringSize(fn(str(args[0]), args, ctx));
        return undefined;
      },
      true,
    );
  };
  mutate('make_upper', [], (s) => s.toUpperCase());
  mutate('make_lower', [], (s) => s.toLowerCase());
  mutate('trim', [], (s) => s.trim());
  mutate('clear', [], () => '');
  mutate('truncate', ['i64'], (s, a) =>
    chars(s)
      .slice(0, Math.max(0, count(a[1])))
      .join(''),
  );
  mutate('replace', ['string', 'string'], (s, a) => s.split(str(a[1])).join(str(a[2])));
  mutate('replace', ['char', 'char'], (s, a) => s.split(text(a[1])).join(text(a[2])));
  mutate('replace', ['string', 'char'], (s, a) => s.split(str(a[1])).join(text(a[2])));
  mutate('replace', ['char', 'string'], (s, a) => s.split(text(a[1])).join(str(a[2])));
  mutate('remove', ['string'], (s, a) => s.split(str(a[1])).join(''));
  mutate('remove', ['char'], (s, a) => s.split(text(a[1])).join(''));
  // Appending checks the limit at the cost of the appended text only.
  const append = (name: string, type: string, suffix: (v: Value) => string): void => {
    def(
      name,
      ['string', type],
      (args, ctx) => {
        args[0] = ctx.checkedConcat(str(args[0]), suffix(args[1]));
        return undefined;
      },
      true,
    );
  };
  append('push', 'char', text);
  append('push', 'string', str);
  append('append', 'string', str);
  append('append', 'char', text);
  mutate('crop', ['i64'], (s, a) => subString(s, count(a[1]), Number.MAX_SAFE_INTEGER));
  mutate('crop', ['i64', 'i64'], (s, a) => subString(s, count(a[1]), count(a[2])));
  mutate('crop', ['range'], (s, a) =>
    chars(s)
      .slice(...rangeBounds(a[1] as RRange, chars(s).length))
      .join(''),
  );
  mutate('crop', ['range='], (s, a) =>
    chars(s)
      .slice(...rangeBounds(a[1] as RRange, chars(s).length))
      .join(''),
  );
  for (const padType of ['char', 'string']) {
    mutate('pad', ['i64', padType], (s, a, ctx) => {
      const missing = count(a[1]) - codePointLength(s);
      const fill = chars(text(a[2]));
      if (missing <= 0 || fill.length === 0) return s;
      ctx.checkStringLength(s.length + missing);
      const unit = fill.join('');
      if (unit.length === fill.length) return s + unit.repeat(Math.ceil(missing / unit.length)).slice(0, missing);
      // Fill characters outside the BMP: cut by characters, not code units.
      let out = s;
      for (let i = 0; i < missing; i++) out += fill[i % fill.length];
      return out;
    });
  }
  def(
    'pop',
    ['string'],
    (args) => {
      const cs = chars(str(args[0]));
      const last = cs.pop();
      args[0] = cs.join('');
      return last === undefined ? undefined : new RChar(last);
    },
    true,
  );
  def(
    'pop',
    ['string', 'i64'],
    (args) => {
      const cs = chars(str(args[0]));
      const n = Math.min(cs.length, Math.max(0, count(args[1])));
      const tail = cs.splice(cs.length - n, n);
      args[0] = cs.join('');
      return tail.join('');
    },
    true,
  );
  for (const t of ['string', 'char']) {
    def('contains', ['string', t], ([s, x]) => str(s).includes(text(x)));
    def('starts_with', ['string', t], ([s, x]) => str(s).startsWith(text(x)));
    def('ends_with', ['string', t], ([s, x]) => str(s).endsWith(text(x)));
    def('index_of', ['string', t], ([s, x]) => indexOf(str(s), text(x), 0));
    def('index_of', ['string', t, 'i64'], ([s, x, i]) => indexOf(str(s), text(x), count(i)));
    def('split', ['string', t], ([s, x]) => str(s).split(text(x)));
    def('split', ['string', t, 'i64'], ([s, x, n]) => {
      const parts = str(s).split(text(x));
      const limit = Math.max(1, count(n));
      return parts.length <= limit ? parts : [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(text(x))];
    });
    def('split_rev', ['string', t], ([s, x]) => str(s).split(text(x)).reverse());
    def('split_rev', ['string', t, 'i64'], ([s, x, n]) => {
      const parts = str(s).split(text(x)).reverse();
      const limit = Math.max(1, count(n));
      if (parts.length <= limit) return parts;
      const rest = parts
        .slice(limit - 1)
        .reverse()
        .join(text(x));
      return [...parts.slice(0, limit - 1), rest];
    });
  }
  def('split', ['string'], ([s]) =>
    str(s)
      .split(/\s+/)
      .filter((p) => p.length > 0),
  );
  def('split', ['string', 'i64'], ([s, i]) => {
    const cs = chars(str(s));
    const at = charIndex(count(i), cs.length);
    return [cs.slice(0, at).join(''), cs.slice(at).join('')];
  });
  def('sub_string', ['string', 'i64'], ([s, i]) => subString(str(s), count(i), Number.MAX_SAFE_INTEGER));
  def('sub_string', ['string', 'i64', 'i64'], ([s, i, n]) => subString(str(s), count(i), count(n)));
  def('sub_string', ['string', 'range'], ([s, r]) =>
    chars(str(s))
      .slice(...rangeBounds(r as RRange, chars(str(s)).length))
      .join(''),
  );
  def('sub_string', ['string', 'range='], ([s, r]) =>
    chars(str(s))
      .slice(...rangeBounds(r as RRange, chars(str(s)).length))
      .join(''),
  );
  def('get', ['string', 'i64'], ([s, i]) => {
    const cs = chars(str(s));
    const n = count(i) < 0 ? cs.length + count(i) : count(i);
    return n >= 0 && n < cs.length ? new RChar(cs[n]!) : undefined;
  });
  def(
    'set',
    ['string', 'i64', 'char'],
    (args) => {
      const cs = chars(str(args[0]));
      const i = count(args[1]);
      const n = i < 0 ? cs.length + i : i;
      if (n >= 0 && n < cs.length) cs[n] = text(args[2]);
      args[0] = cs.join('');
      return undefined;
    },
    true,
  );
  def('to_chars', ['string'], ([s]) => chars(str(s)).map((c) => new RChar(c)));
  def(
    'chars',
    ['string'],
    ([s]) =>
      new IterValue('CharsStream', () => {
        const list: Value[] = chars(str(s)).map((c) => new RChar(c));
        return list.values();
      }),
  );
  for (const t of ['range', 'range=']) {
    def('chars', ['string', t], ([s, r]) => {
      const list: Value[] = chars(str(s))
        .slice(...rangeBounds(r as RRange, chars(str(s)).length))
        .map((c) => new RChar(c));
      return new IterValue('CharsStream', () => list.values());
    });
  }
  def('to_blob', ['string'], ([s]) => new Blob([...new TextEncoder().encode(str(s))]));
}
