import { Composer, Lexer, LineCounter, Parser, type CST, type Document } from 'yaml';

import { ConfigError } from './config-error.ts';
import type { ParsedText } from './config-document.ts';
import type { KeyPath } from './key-path.ts';
import { KeyPositions } from './key-positions.ts';
import { NESTING_LIMIT, nestingError, rejectDeepNesting } from './nesting-limit.ts';
import { yamlPlainData, type ErrorAt } from './yaml-plain-data.ts';

// Our conversion checks keys with one lookup each instead of comparing every pair in a table, and
// `<<` stays a key, as in YAML 1.2 and serde_yaml (omw's reader).
const COMPOSER_OPTIONS = { uniqueKeys: false, merge: false };

const COLLECTION_TOKENS = new Set(['block-map', 'block-seq', 'flow-collection']);

export function readYaml(text: string, file: string): ParsedText {
  const lineCounter = new LineCounter();
  const positionAt = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const errorAt: ErrorAt = (offset, problem) => new ConfigError({ file, ...positionAt(offset), problem });
  const tokens = tokensNestedWithinLimit(text, lineCounter, (offset) => nestingError(file, positionAt(offset)));
  const document = firstDocument(tokens, text.length, errorAt);
  const [error] = document.errors;
  if (error) throw errorAt(error.pos[0], error.message);
  // Noted while converting: the tree is at hand now, and parsing YAML again would cost far more.
  const positions = new KeyPositions(text, file);
  const data = yamlPlainData(document.contents, positions.root, errorAt);
  const locate = (path: KeyPath) => positions.locate(path);
  // Aliases and one-pair tables in flow lists can nest deeper than the parser's collections.
  rejectDeepNesting(data, locate, file);
  return { data, locate };
}

/** What yaml's parseDocument does, but a second document is an error. */
function firstDocument(tokens: Iterable<CST.Token>, length: number, errorAt: ErrorAt): Document.Parsed {
  const documents = new Composer(COMPOSER_OPTIONS).compose(tokens, true, length);
  const first = documents.next();
  const second = documents.next();
  if (!second.done) throw errorAt(second.value.range[0], 'expected a single YAML document');
  // With forceDoc set, compose yields a document even for an empty text.
  return first.value as Document.Parsed;
}

/**
 * The parser's tokens, refusing the first collection past the limit before the composer, which
 * recurses, sees it. The parser's stack holds one token per open collection, besides the
 * document and a scalar, so it is only counted once it is that long.
 */
function* tokensNestedWithinLimit(
  text: string,
  lineCounter: LineCounter,
  tooDeepAt: (offset: number) => ConfigError,
): Generator<CST.Token> {
  const parser = new Parser(lineCounter.addNewLine);
  lineCounter.addNewLine(0);
  for (const lexeme of new Lexer().lex(text)) {
    const offset = parser.offset;
    yield* parser.next(lexeme);
    if (parser.stack.length > NESTING_LIMIT && openCollections(parser.stack) > NESTING_LIMIT) throw tooDeepAt(offset);
  }
  yield* parser.end();
}

function openCollections(stack: readonly CST.Token[]): number {
  return stack.filter((token) => COLLECTION_TOKENS.has(token.type)).length;
}
