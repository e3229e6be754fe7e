// The names a Rhai brain can use without declaring them: the keywords, the functions the
// evaluator handles itself, the standard library's functions, and the omw API; and the words
// completion and hover show for a script's own functions and variables.

import { OMW_RHAI_API, RHAI_INTRINSICS, rhaiHandleMethods } from '../host-api/omw-rhai-api.ts';
import { Engine } from '../rhai/language/engine.ts';
import { KEYWORDS } from '../rhai/language/syntax/token.ts';
import type { Declaration } from './rhai-declarations.ts';
import type { ScriptFunction } from './rhai-analysis.ts';

export const RHAI_KEYWORDS: readonly string[] = [...KEYWORDS, ...RHAI_INTRINSICS];

/** Standard library functions by name; operators and property accessors (`get$x`) are not names. */
export const STANDARD_FUNCTIONS: readonly string[] = [...new Engine().natives.entries()]
  .map(([name]) => name)
  .filter((name) => /^[A-Za-z_]\w*$/.test(name) && !KEYWORDS.has(name))
  .sort();

export const omwEntry = (path: string) => OMW_RHAI_API.find((entry) => entry.path === path);

export const handleMethod = (kind: 'provider' | 'tooling', name: string) =>
  rhaiHandleMethods(kind).find((method) => method.name === name);

/** A doc comment's text without its `///`, `/**`, `*` and `*\/` markers. */
export function docText(doc: string | undefined): string {
  if (doc === undefined) return '';
  return doc
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^\/\/\/\s?|^\/\*\*\s?|^\*\/$|^\*\s?/, '')
        .replace(/\s*\*\/$/, ''),
    )
    .join('\n')
    .trim();
}

export const functionSignature = (fn: ScriptFunction) =>
  `${fn.isPrivate ? 'private ' : ''}fn ${fn.thisType ? `${fn.thisType}.` : ''}${fn.name}(${fn.params.join(', ')})`;

const DECLARATION_WORDS: Record<Declaration['kind'], string> = {
  variable: 'let',
  constant: 'const',
  parameter: 'parameter',
  module: 'import … as',
};

export const declarationSignature = (declaration: Declaration) =>
  `${DECLARATION_WORDS[declaration.kind]} ${declaration.name}`;

/** Markdown: a Rhai code line, then prose. */
export const markdown = (code: string, prose: string) => `\`\`\`rhai\n${code}\n\`\`\`${prose ? `\n\n${prose}` : ''}`;
