// Strings as sequences of characters (code points), as Rhai counts them. Spreading a huge string
// into an array would exceed V8's array size limit and abort the process, so it is refused first.

import { RhaiError } from './errors.ts';

/** Longest string this engine splits into characters (well under V8's array length limit). */
const MAX_SPLIT_LENGTH = 1 << 25;

export function codePoints(s: string): string[] {
  if (s.length > MAX_SPLIT_LENGTH) throw new RhaiError('ErrorDataTooLarge', 'Length of string too large');
  return [...s];
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** Number of characters, without allocating. */
export function codePointLength(s: string): number {
  // Only a high surrogate can start a pair; most strings have none, and a regular expression
  // finds that out far faster than a loop over the characters.
  if (!HIGH_SURROGATE.test(s)) return s.length;
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
