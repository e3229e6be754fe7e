// Text from a workspace shown to the user as the thing they are asked to trust. A config can hold
// any characters: a newline or a carriage return would start a fake line, a bidirectional override
// (U+202E) would show `rm -rf ~` as something else, a zero-width space would hide a difference. So
// every character that does not show as itself is written as an escape, as a shell would.

/** Characters that do not show as themselves: controls, formats (bidi, zero-width), separators, unassigned, private use, odd spaces. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]|[^\P{Zs} ]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** A shell word that needs no quotes at all. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\\': '\\\\', "'": "\\'" };

function escaped(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0)!;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** One word as a POSIX shell would show it: bare, in single quotes, or as `$'…'` with escapes. */
export function shellWord(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  if (!HIDDEN.test(word)) return `'${word.replaceAll("'", `'\\''`)}'`;
  return `$'${[...word].map((char) => (HIDDEN.test(char) || char in NAMED ? escaped(char) : char)).join('')}'`;
}

/** A command line, every word quoted as a shell shows it: what runs is exactly what reads. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}

/** Any text (a URL, an expression) with its hidden characters escaped. */
export function visibleText(text: string): string {
  return text.replace(HIDDEN_ALL, escaped);
}
