// Rhai in the editor: tokens, brackets and comments, live diagnostics from Brainbench's own Rhai
// parser (the same `check` the runtime uses), and completion and hover docs for `omw::`.

import type * as Monaco from 'monaco-editor/editor';
import { Engine } from '../../../../../main/rhai/language/engine.ts';
import { KEYWORDS as RHAI_KEYWORDS } from '../../../../../main/rhai/language/syntax/token.ts';
import { OMW_RHAI_API, RHAI_INTRINSICS } from '../../../../../main/host-api/omw-rhai-api.ts';

type MonacoApi = typeof Monaco;

/** The language's keywords plus the built-in functions people reach for most. */
const KEYWORDS = [...RHAI_KEYWORDS, ...RHAI_INTRINSICS];

const engine = new Engine();

/** Parse diagnostics of a Rhai source, as 1-based editor ranges. */
export function rhaiDiagnostics(source: string) {
  return engine.check(source).diagnostics.map((d) => ({
    message: `${d.message} (${d.kind})`,
    line: d.start.line,
    column: d.start.column,
    endLine: d.end.line,
    endColumn: Math.max(d.end.column, d.start.line === d.end.line ? d.start.column + 1 : d.end.column),
  }));
}

export function registerRhai(monaco: MonacoApi): void {
  monaco.languages.register({ id: 'rhai', extensions: ['.rhai'], aliases: ['Rhai'] });
  monaco.languages.setLanguageConfiguration('rhai', {
    comments: { lineComment: '//', blockComment: ['/*', '*/'] },
    brackets: [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"', notIn: ['string'] },
      { open: '`', close: '`', notIn: ['string'] },
    ],
  });
  monaco.languages.setMonarchTokensProvider('rhai', {
    keywords: KEYWORDS,
    tokenizer: {
      root: [
        [/\/\/.*$/, 'comment'],
        [/\/\*/, 'comment', '@comment'],
        [/#\{/, 'delimiter.bracket'],
        [/[a-zA-Z_]\w*(?=\s*::)/, 'namespace'],
        [/[a-zA-Z_]\w*/, { cases: { '@keywords': 'keyword', '@default': 'identifier' } }],
        [/0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+/, 'number'],
        [/\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?/, 'number'],
        [/"/, 'string', '@string'],
        [/`/, 'string', '@template'],
        [/'(\\.|[^'\\])'/, 'string'],
        [/[{}()[\]]/, '@brackets'],
        [/[=!<>+\-*/%&|^?.:]+/, 'operator'],
      ],
      comment: [
        [/\*\//, 'comment', '@pop'],
        [/[^*]+|\*/, 'comment'],
      ],
      string: [
        [/\\./, 'string.escape'],
        [/"/, 'string', '@pop'],
        [/[^"\\]+/, 'string'],
      ],
      template: [
        [/\$\{/, 'delimiter.bracket', '@interpolation'],
        [/`/, 'string', '@pop'],
        [/[^`$]+|\$/, 'string'],
      ],
      interpolation: [[/\}/, 'delimiter.bracket', '@pop'], { include: 'root' }],
    },
  });
  monaco.languages.registerCompletionItemProvider('rhai', {
    triggerCharacters: [':'],
    provideCompletionItems(model, position) {
      const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const match = /omw::([\w:]*)$/.exec(line);
      const word = model.getWordUntilPosition(position);
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: match ? position.column - match[1]!.length : word.startColumn,
        endColumn: position.column,
      };
      if (!match) {
        return {
          suggestions: [
            {
              label: 'omw',
              kind: monaco.languages.CompletionItemKind.Module,
              insertText: 'omw::',
              range,
              detail: 'The omw host API',
            },
            ...KEYWORDS.map((k) => ({
              label: k,
              kind: monaco.languages.CompletionItemKind.Keyword,
              insertText: k,
              range,
            })),
          ],
        };
      }
      return {
        suggestions: OMW_RHAI_API.map((entry) => ({
          label: entry.path,
          kind: monaco.languages.CompletionItemKind.Function,
          insertText: entry.path,
          detail: entry.signature,
          documentation: { value: entry.doc },
          range,
        })),
      };
    },
  });
  monaco.languages.registerHoverProvider('rhai', {
    provideHover(model, position) {
      const text = model.getLineContent(position.lineNumber);
      for (const found of text.matchAll(/omw::([\w:]+)/g)) {
        const start = found.index + 1;
        const end = start + found[0].length;
        if (position.column < start || position.column > end) continue;
        const entry = OMW_RHAI_API.find((e) => e.path === found[1]);
        if (!entry) return null;
        return {
          range: {
            startLineNumber: position.lineNumber,
            endLineNumber: position.lineNumber,
            startColumn: start,
            endColumn: end,
          },
          contents: [{ value: `\`${entry.signature}\`` }, { value: entry.doc }],
        };
      }
      return null;
    },
  });
}
