// omw compiles assertion regexes with Rust's `regex` crate; Brainbench only has JavaScript's RegExp.
// This rewrites the Rust spellings JavaScript lacks, and rejects what either side cannot express
// the same way, so a test config means the same in both tools or fails loudly in Brainbench.
// Compiled with the `u` flag: like Rust, it rejects unknown escapes and unbalanced brackets.

/** A Rust regex feature JavaScript cannot express, or that omw would reject. */
export class RegexDialectError extends Error {
  override readonly name = 'RegexDialectError';
}

const FLAG_GROUP = /^\(\?([A-Za-z-]+)\)/;
const SUPPORTED_FLAGS = new Set(['i', 'm', 's']);

// JavaScript's unicode mode only allows these after a backslash; Rust allows any ASCII punctuation.
const JS_ESCAPABLE = new Set('^$\\.*+?()[]{}|/');
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

// Rust's POSIX classes are ASCII-only, so fixed ranges reproduce them exactly.
const POSIX_CLASSES: ReadonlyMap<string, string> = new Map([
  ['alnum', '0-9A-Za-z'],
  ['alpha', 'A-Za-z'],
  ['ascii', '\\x00-\\x7F'],
  ['blank', '\\t '],
  ['cntrl', '\\x00-\\x1F\\x7F'],
  ['digit', '0-9'],
  ['graph', '!-~'],
  ['lower', 'a-z'],
  ['print', ' -~'],
  ['punct', '!-/:-@[-`{-~'],
  ['space', '\\t\\n\\v\\f\\r '],
  ['upper', 'A-Z'],
  ['word', '0-9A-Za-z_'],
  ['xdigit', '0-9A-Fa-f'],
]);

const WORD_BOUNDARIES: ReadonlyMap<string, string> = new Map([
  ['start', '\\b(?=\\w)'],
  ['end', '\\b(?<=\\w)'],
  ['start-half', '(?<!\\w)'],
  ['end-half', '(?!\\w)'],
]);

/** Compiles a regex written for Rust's `regex` crate. Throws RegexDialectError or SyntaxError. */
export function compileRustRegex(source: string): RegExp {
  const { flags, body } = takeLeadingFlags(source);
  return new RegExp(translateBody(body, flags.has('s')), `u${[...flags].join('')}`);
}

// JavaScript (Node 20) cannot switch flags mid-pattern, but a leading `(?i)` is a whole-regex flag.
function takeLeadingFlags(source: string): { flags: Set<string>; body: string } {
  const flags = new Set<string>();
  let body = source;
  for (let group = FLAG_GROUP.exec(body); group; group = FLAG_GROUP.exec(body)) {
    for (const flag of group[1] ?? '') {
      if (!SUPPORTED_FLAGS.has(flag)) throw new RegexDialectError(`inline flag "${flag}" is not supported`);
      flags.add(flag);
    }
    body = body.slice(group[0].length);
  }
  return { flags, body };
}

function translateBody(body: string, dotMatchesNewline: boolean): string {
  let out = '';
  let inClass = false;
  let atClassStart = false;
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    const classStart = atClassStart;
    atClassStart = false;
    if (c === '\\') {
      const escape = translateEscape(body, i, inClass);
      out += escape.text;
      i += escape.length;
    } else if (inClass) {
      const member = translateClassMember(body, i, classStart);
      if (member.closesClass) inClass = false;
      out += member.text;
      i += member.length;
    } else if (c === '[') {
      inClass = true;
      atClassStart = true;
      const negated = body[i + 1] === '^';
      out += negated ? '[^' : '[';
      i += negated ? 2 : 1;
    } else if (c === '(' && body[i + 1] === '?') {
      const group = translateGroupOpening(body, i);
      out += group.text;
      i += group.length;
    } else if (c === '{') {
      const repetition = /^\{\d+(,\d*)?\}/.exec(body.slice(i))?.[0] ?? '{';
      out += repetition;
      i += repetition.length;
    } else {
      out += translateLiteral(c, dotMatchesNewline);
      i += 1;
    }
  }
  return out;
}

interface Piece {
  text: string;
  length: number;
}

function translateLiteral(c: string, dotMatchesNewline: boolean): string {
  // Rust's `.` excludes only `\n`; JavaScript's also excludes `\r`, U+2028 and U+2029.
  if (c === '.') return dotMatchesNewline ? '.' : '[^\\n]';
  // Rust reads a stray `]` or `}` as a literal; JavaScript's unicode mode rejects it.
  if (c === ']' || c === '}') return `\\${c}`;
  return c;
}

function translateClassMember(body: string, i: number, classStart: boolean): Piece & { closesClass: boolean } {
  const c = body[i] as string;
  // Rust reads `]` right after `[` or `[^` as a literal; JavaScript would close an empty class.
  if (c === ']') return { text: classStart ? '\\]' : ']', length: 1, closesClass: !classStart };
  if (c === '[') {
    const posix = /^\[:(\^?)([a-z]+):\]/.exec(body.slice(i));
    const ranges = posix && !posix[1] ? POSIX_CLASSES.get(posix[2] as string) : undefined;
    if (posix && ranges) return { text: ranges, length: posix[0].length, closesClass: false };
    if (posix) throw new RegexDialectError(`POSIX class "${posix[0]}" is not supported`);
    throw new RegexDialectError('nested character classes are not supported');
  }
  if ((c === '&' || c === '-' || c === '~') && body[i + 1] === c) {
    throw new RegexDialectError(`character class set operation "${c}${c}" is not supported`);
  }
  return { text: c, length: 1, closesClass: false };
}

function translateGroupOpening(body: string, i: number): Piece {
  const rest = body.slice(i);
  if (rest.startsWith('(?:')) return { text: '(?:', length: 3 };
  if (rest.startsWith('(?P<')) return { text: '(?<', length: 4 };
  if (/^\(\?(=|!|<=|<!)/.test(rest)) throw new RegexDialectError('look-around is not supported by omw');
  if (rest.startsWith('(?<')) return { text: '(?<', length: 3 };
  if (/^\(\?[A-Za-z-]*[:)]/.test(rest)) {
    throw new RegexDialectError('inline flags are only supported at the very start of the regex, e.g. "(?i)abc"');
  }
  throw new RegexDialectError(`unsupported group syntax "${rest.slice(0, 4)}"`);
}

function translateEscape(body: string, i: number, inClass: boolean): Piece {
  const next = body[i + 1];
  if (next === undefined) return { text: '\\', length: 1 };
  const rest = body.slice(i);
  const braced = /^\\([xuU])\{([0-9A-Fa-f]+)\}/.exec(rest);
  if (braced) return { text: `\\u{${braced[2]}}`, length: braced[0].length };
  const longUnicode = /^\\U([0-9A-Fa-f]{8})/.exec(rest);
  if (longUnicode) return { text: `\\u{${longUnicode[1]}}`, length: longUnicode[0].length };
  if (next === 'p' || next === 'P') return translateUnicodeClass(rest);
  if (/[0-9k]/.test(next)) throw new RegexDialectError('backreferences are not supported by omw');
  if (next === 'a') return { text: '\\x07', length: 2 };
  if (!inClass) {
    const boundary = /^\\b\{([a-z-]+)\}/.exec(rest);
    if (boundary) return translateWordBoundary(boundary[1] as string, boundary[0].length);
    if (next === '<') return translateWordBoundary('start', 2);
    if (next === '>') return translateWordBoundary('end', 2);
    // Without the `m` flag JavaScript's `^`/`$` already mean start/end of text; with it they do not.
    if (next === 'A') return { text: '(?<![\\s\\S])', length: 2 };
    if (next === 'z') return { text: '(?![\\s\\S])', length: 2 };
  }
  if (ASCII_PUNCTUATION.test(next) && !JS_ESCAPABLE.has(next)) {
    return { text: `\\x${next.charCodeAt(0).toString(16).padStart(2, '0')}`, length: 2 };
  }
  return { text: `\\${next}`, length: 2 };
}

function translateWordBoundary(kind: string, length: number): Piece {
  const text = WORD_BOUNDARIES.get(kind);
  if (text === undefined) throw new RegexDialectError(`word boundary "\\b{${kind}}" is not supported`);
  return { text, length };
}

// Rust accepts `\pL`, `\p{sc:Greek}` and bare script names (`\p{Greek}`); JavaScript wants
// `\p{L}`, `\p{sc=Greek}` and `\p{Script=Greek}`.
function translateUnicodeClass(rest: string): Piece {
  const letter = rest[1] as string;
  const short = /^\\[pP]([A-Za-z])/.exec(rest);
  if (short) return { text: `\\${letter}{${short[1]}}`, length: 3 };
  const braced = /^\\[pP]\{([^}]*)\}/.exec(rest);
  if (!braced) return { text: `\\${letter}`, length: 2 };
  const name = (braced[1] as string).replace(':', '=');
  const spelled = isUnicodeProperty(name) || name.includes('=') ? name : `Script=${name}`;
  return { text: `\\${letter}{${spelled}}`, length: braced[0].length };
}

function isUnicodeProperty(name: string): boolean {
  try {
    new RegExp(`\\p{${name}}`, 'u');
    return true;
  } catch {
    return false;
  }
}
