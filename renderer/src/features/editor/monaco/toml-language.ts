// TOML highlighting for omw.toml (Monaco has no built-in TOML). Validation markers come from the
// host's config loader, not from here.

import type * as Monaco from 'monaco-editor/editor';
import { tomlCompletions } from './toml-schema-completion.ts';

export function registerToml(monaco: typeof Monaco): void {
  monaco.languages.register({ id: 'toml', extensions: ['.toml'], aliases: ['TOML'] });
  monaco.languages.setLanguageConfiguration('toml', {
    comments: { lineComment: '#' },
    brackets: [
      ['[', ']'],
      ['{', '}'],
    ],
    autoClosingPairs: [
      { open: '[', close: ']' },
      { open: '{', close: '}' },
      { open: '"', close: '"', notIn: ['string'] },
    ],
  });
  monaco.languages.setMonarchTokensProvider('toml', {
    tokenizer: {
      root: [
        [/#.*$/, 'comment'],
        [/^\s*\[\[?[^\]]*\]\]?/, 'type'],
        [/[A-Za-z0-9_.-]+(?=\s*=)/, 'key'],
        [/"""/, 'string', '@multiline'],
        [/"/, 'string', '@string'],
        [/'[^']*'/, 'string'],
        [/\b(true|false)\b/, 'keyword'],
        [/\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}:\d{2})?/, 'number'],
        [/[+-]?(0x[0-9a-fA-F_]+|\d[\d_]*(\.\d+)?([eE][+-]?\d+)?|inf|nan)/, 'number'],
        [/[{}[\]]/, '@brackets'],
      ],
      string: [
        [/\\./, 'string.escape'],
        [/"/, 'string', '@pop'],
        [/[^"\\]+/, 'string'],
      ],
      multiline: [
        [/"""/, 'string', '@pop'],
        [/[^"]+|"/, 'string'],
      ],
    },
  });
}

/** Key and value completion from the config schema, which is fetched once, when first needed. */
export function registerTomlCompletion(
  monaco: typeof Monaco,
  loadSchema: () => Promise<Record<string, unknown>>,
): void {
  let schema: Promise<Record<string, unknown>> | undefined;
  monaco.languages.registerCompletionItemProvider('toml', {
    triggerCharacters: ['"', '='],
    async provideCompletionItems(model, position) {
      schema ??= loadSchema().catch((error: unknown) => {
        schema = undefined;
        throw error;
      });
      const completions = tomlCompletions(await schema, model.getValue(), model.getOffsetAt(position));
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      return {
        suggestions: completions.map((c) => ({
          label: c.label,
          insertText: c.insertText,
          detail: c.detail,
          range,
          kind:
            c.kind === 'key' ? monaco.languages.CompletionItemKind.Property : monaco.languages.CompletionItemKind.Value,
        })),
      };
    },
  });
}
