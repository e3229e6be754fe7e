// The `omw` type definitions the editor gives JavaScript brains: every example brain must
// type-check against them, all open together as in the editor (so users do not see false
// errors), and a wrong call must not.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';
import { JS_BRAIN_COMPILER_OPTIONS } from '../../renderer/src/features/editor/monaco/js-brain-compiler-options.ts';
import { OMW_JS_TYPES } from '../../main/host-api/omw-js-types.ts';

const EXAMPLES = join(import.meta.dirname, '../../examples');

function jsBrains(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsBrains(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** The editor's own compiler options, as the TypeScript compiler API takes them. */
const EDITOR_OPTIONS: ts.CompilerOptions = {
  ...JS_BRAIN_COMPILER_OPTIONS,
  lib: JS_BRAIN_COMPILER_OPTIONS.lib.map((lib) => `lib.${lib}.d.ts`),
  allowJs: true,
  noEmit: true,
  types: [],
};

/**
 * Type errors of brains checked as the editor checks them: every open brain in one program
 * beside the omw typings, with the editor's options; by brain, `file: message`.
 */
function typeErrors(brains: ReadonlyMap<string, string>): string[] {
  const files = new Map([['/omw.d.ts', OMW_JS_TYPES], ...brains]);
  const host = ts.createCompilerHost(EDITOR_OPTIONS);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || exists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = files.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, version) : getSourceFile(name, version);
  };
  const program = ts.createProgram([...files.keys()], EDITOR_OPTIONS, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

const oneBrain = (source: string) => typeErrors(new Map([['/brain.js', source]]));

it('the editor’s options name TypeScript’s ES2020 target and module detection by their values', () => {
  assert.equal(JS_BRAIN_COMPILER_OPTIONS.target, ts.ScriptTarget.ES2020);
  assert.equal(JS_BRAIN_COMPILER_OPTIONS.moduleDetection, ts.ModuleDetectionKind.Force);
});

it('every example JS brain type-checks against the editor’s omw types, all of them open at once', () => {
  const brains = jsBrains(EXAMPLES);
  assert.ok(brains.length >= 12, `found ${brains.length} brains`);
  // Several brains declare the same names (`llm`, `library`): each is its own script.
  assert.deepEqual(typeErrors(new Map(brains.map((brain) => [brain, readFileSync(brain, 'utf8')]))), []);
});

it('a wrong call against the omw API is a type error', () => {
  assert.match(oneBrain('omw.host.timeNow(1);').join('\n'), /Expected 0 arguments, but got 1/);
  assert.match(oneBrain("omw.provider.get('p').chatStrem('m', []);").join('\n'), /chatStrem/);
  assert.deepEqual(
    oneBrain("const p = omw.provider.get('p'); p.chat('m', [{ role: 'user', content: 'hi' }], []).content;"),
    [],
  );
});
