// The tokens of a WIT source: identifiers (kebab-case, `%`-escaped keywords allowed), the
// punctuation of the grammar, and doc comments, which attach to the item that follows them.
// Plain comments are dropped here.

export type WitToken =
  | { kind: 'id'; text: string; line: number }
  | { kind: 'punct'; text: string; line: number }
  | { kind: 'doc'; text: string; line: number }
  | { kind: 'end'; text: ''; line: number };

const PUNCTUATION = ['->', '{', '}', '(', ')', '<', '>', ',', ';', ':', '.', '=', '@', '/', '*'];

export class WitSyntaxError extends Error {
  override readonly name = 'WitSyntaxError';
  constructor(message: string, line: number) {
    super(`wit/omw.wit:${line}: ${message}`);
  }
}

export function witTokens(source: string): WitToken[] {
  const tokens: WitToken[] = [];
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else if (source.startsWith('///', i)) {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      tokens.push({ kind: 'doc', text: source.slice(i + 3, stop).replace(/^ /, ''), line });
      i = stop;
    } else if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
    } else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end === -1) throw new WitSyntaxError('unterminated block comment', line);
      line += source.slice(i, end).split('\n').length - 1;
      i = end + 2;
    } else if (/[%a-zA-Z0-9_]/.test(ch)) {
      const match = /^%?[a-zA-Z0-9_][a-zA-Z0-9_-]*(?:\.[0-9][a-zA-Z0-9.+-]*)?/.exec(source.slice(i))!;
      tokens.push({ kind: 'id', text: match[0].replace(/^%/, ''), line });
      i += match[0].length;
    } else {
      const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
      if (punct === undefined) throw new WitSyntaxError(`unexpected character ${JSON.stringify(ch)}`, line);
      tokens.push({ kind: 'punct', text: punct, line });
      i += punct.length;
    }
  }
  tokens.push({ kind: 'end', text: '', line });
  return tokens;
}
