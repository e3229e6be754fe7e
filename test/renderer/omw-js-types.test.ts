// The `omw` type definitions the editor gives JavaScript brains: every example brain must
// type-check against them (so users do not see false errors), and a wrong call must not.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';
import { OMW_JS_TYPES } from '../../renderer/src/editor/omw-api.ts';

const EXAMPLES = join(import.meta.dirname, '../../examples');

function jsBrains(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsBrains(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** Type errors of one brain, checked as the editor checks it: a global script with checkJs. */
function typeErrors(source: string): string[] {
  const files = new Map([
    ['/omw.d.ts', OMW_JS_TYPES],
    ['/brain.js', source],
  ]);
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2020,
    lib: ['lib.es2020.d.ts'],
    types: [],
    strict: false,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || exists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = files.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, version) : getSourceFile(name, version);
  };
  const program = ts.createProgram(['/omw.d.ts', '/brain.js'], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

it('every example JS brain type-checks against the editor’s omw types', () => {
  const brains = jsBrains(EXAMPLES);
  assert.ok(brains.length >= 12, `found ${brains.length} brains`);
  for (const brain of brains) assert.deepEqual(typeErrors(readFileSync(brain, 'utf8')), [], brain);
});

it('a wrong call against the omw API is a type error', () => {
  assert.match(typeErrors('omw.host.timeNow(1);').join('\n'), /Expected 0 arguments, but got 1/);
  assert.match(typeErrors("omw.provider.get('p').chatStrem('m', []);").join('\n'), /chatStrem/);
  assert.deepEqual(
    typeErrors("const p = omw.provider.get('p'); p.chat('m', [{ role: 'user', content: 'hi' }], []).content;"),
    [],
  );
});
