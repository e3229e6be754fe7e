// types/omw-brain.d.ts as a user meets it: current with the editor's typings, and usable from a
// tsconfig of their own, checked by the repository's TypeScript compiler (the real `tsc`): the
// brains that call omw right pass, a wrong call fails.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { BRAIN_TYPES_FILE, brainTypesText } from '../../scripts/brain-types.ts';

const TSC = join(process.cwd(), 'node_modules/typescript/bin/tsc');
const projects: string[] = [];

after(() => {
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

/** `tsc -p` on a project of `brains` whose tsconfig.json follows the .d.ts's own header. */
function typeCheck(brains: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'omw-brain-types-'));
  projects.push(dir);
  for (const [name, source] of Object.entries(brains)) writeFileSync(join(dir, name), source);
  const tsconfig = {
    compilerOptions: {
      target: 'es2020',
      lib: ['es2020'],
      types: [],
      strict: true,
      allowJs: true,
      checkJs: true,
      noEmit: true,
      moduleDetection: 'force',
    },
    files: [BRAIN_TYPES_FILE, ...Object.keys(brains)],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = spawnSync(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
  return { status: tsc.status, output: tsc.stdout + tsc.stderr };
}

it('types/omw-brain.d.ts is what the generator writes now (npm run gen:types)', async () => {
  assert.equal(readFileSync(BRAIN_TYPES_FILE, 'utf8'), await brainTypesText());
});

it('brains in JavaScript (checkJs) and TypeScript that call omw right type-check in a user’s tsconfig', () => {
  const { status, output } = typeCheck({
    'chat.js': `const llm = omw.provider.get('main');
const answer = llm.chat('model', [{ role: 'user', content: 'hi' }], []);
omw.host.log('info', answer.content ?? '');
const event = omw.host.recv();
if (event.kind === 'message') omw.host.sendAgent('bob', String(event.payload));
omw.host.memorySetAs('seen', { count: 1 });
`,
    'tools.ts': `const llm = omw.provider.get('main');
const files = omw.tooling.get('files');
const tools: OmwTool[] = files.listTools();
const result: OmwToolResult = files.callToolBlocking('read', { path: 'a.txt' });
const started: number = omw.host.timeNow();
const next: OmwEvent | undefined = omw.host.tryRecv();
omw.host.log('debug', \`\${tools.length} \${result.name} \${started} \${next?.id} \${llm.name}\`);
`,
  });
  assert.equal(status, 0, output);
});

it('a wrong call against omw fails the user’s type check, naming what is wrong', () => {
  const { status, output } = typeCheck({
    'wrong.js': `omw.host.timeNow(1);
omw.provider.get('main').chatStrem('model', []);
const ticks = omw.host.timeNow();
ticks.toUpperCase();
`,
  });
  assert.notEqual(status, 0);
  assert.match(output, /wrong\.js\(1,18\): error TS2554: Expected 0 arguments, but got 1/);
  assert.match(output, /wrong\.js\(2,26\): error TS2551: Property 'chatStrem' does not exist/);
  assert.match(output, /wrong\.js\(4,7\): error TS2339: Property 'toUpperCase' does not exist on type 'number'/);
});
