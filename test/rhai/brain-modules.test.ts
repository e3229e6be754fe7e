// `import "helpers" as h;` in a Rhai brain: modules from files in the brain's folder tree, as
// upstream's FileModuleResolver loads them, and nothing from outside it. Real files in a real
// temporary folder, the real `rhai` engine.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Engine, RunResult } from '../../main/runtimes/engine.ts';
import { createEngine } from '../../main/runtimes/rhai/rhai-engine.ts';
import type { RhaiRuntimeParams } from '../../main/runtimes/rhai/rhai-params.ts';

let root: string;
let brainFolder: string;
let brain: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

async function engine(params: Partial<RhaiRuntimeParams> = {}, printed: string[] = []): Promise<Engine> {
  return createEngine(
    {
      hostCall: () => undefined,
      limits: { maxBusyMs: 5_000, maxMemoryBytes: 64 * 2 ** 20, maxStackBytes: 512 * 1024 },
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      print: (text) => printed.push(text),
    },
    params,
  );
}

async function run(
  script: string,
  params: Partial<RhaiRuntimeParams> = {},
): Promise<{ result: RunResult; printed: string[] }> {
  const printed: string[] = [];
  const result = (await engine(params, printed)).run(script, brain);
  return { result, printed };
}

describe('Rhai brain modules', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'rhai-modules-'));
    brainFolder = join(root, 'agent');
    brain = join(brainFolder, 'brain.rhai');
    write(
      join(brainFolder, 'helpers.rhai'),
      'export const SCALE = 10;\nfn f(x) { x + 1 }\nprivate fn hidden() { 0 }\n',
    );
    write(join(brainFolder, 'lib', 'inner.rhai'), 'import "deep" as d;\nfn g() { d::k() * 2 }\n');
    write(join(brainFolder, 'lib', 'deep.rhai'), 'fn k() { 21 }\n');
    write(join(brainFolder, 'deep.rhai'), 'fn k() { 1 }\n');
    write(join(brainFolder, 'a.rhai'), 'fn which() { "a.rhai" }\n');
    write(join(brainFolder, 'bad.rhai'), 'fn f(x) {\n  let y = x + 1;\n  y + nope\n}\n');
    write(join(brainFolder, 'broken.rhai'), 'fn f() { 1 +\n');
    write(join(brainFolder, 'counter.rhai'), 'print("loaded");\nfn n() { 1 }\n');
    write(join(root, 'secret.rhai'), 'fn leak() { "secret" }\n');
    symlinkSync(join(root, 'secret.rhai'), join(brainFolder, 'link.rhai'));
    symlinkSync(join(brainFolder, 'lib'), join(brainFolder, 'linked-lib'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('loads a module relative to the brain, with `.rhai` appended, and hides its private functions', async () => {
    const { result, printed } = await run('import "helpers" as h;\nprint(h::f(1) * h::SCALE);');
    assert.deepEqual(result, { ok: true, outcome: 'completed' });
    assert.deepEqual(printed, ['20']);
    const hidden = await run('import "helpers" as h;\nh::hidden()');
    assert.equal(hidden.result.ok, false);
  });

  it("resolves a module's own imports relative to its folder, and replaces an extension as upstream", async () => {
    // lib/inner.rhai imports "deep": lib/deep.rhai (21), not the brain folder's deep.rhai (1).
    const { result, printed } = await run(
      'import "lib/inner" as i;\nimport "deep" as d;\nimport "a.b" as a;\nprint(`${i::g()} ${d::k()} ${a::which()}`);',
    );
    assert.deepEqual(result, { ok: true, outcome: 'completed' });
    assert.deepEqual(printed, ['42 1 a.rhai']);
  });

  it('follows a link that stays inside the folder', async () => {
    const { result, printed } = await run('import "linked-lib/deep" as d;\nprint(d::k());');
    assert.deepEqual(result, { ok: true, outcome: 'completed' });
    assert.deepEqual(printed, ['21']);
  });

  it('runs a module once per run however often it is imported, and counts every import against max_modules', async () => {
    const twice = await run('import "counter" as c;\nimport "counter" as c2;\nprint(c::n() + c2::n());');
    assert.deepEqual(twice.printed, ['loaded', '2']);
    const capped = await run('import "counter" as c;\nimport "helpers" as h;', { max_modules: 1 });
    assert.deepEqual(capped.result, { ok: false, error: 'Too many modules imported', line: 2, column: 1 });
  });

  describe('hostile paths: one-line errors at the import, nothing read', () => {
    const cases: [string, string, RegExp][] = [
      [
        '`..` out of the folder',
        '../secret',
        /^Module not found: \.\.\/secret \(outside the brain's folder .*agent\)$/,
      ],
      [
        '`..` that leaves and comes back elsewhere',
        'lib/../../secret',
        /^Module not found: lib\/\.\.\/\.\.\/secret \(outside the brain's folder/,
      ],
      [
        'an absolute path',
        '/etc/passwd',
        /^Module not found: \/etc\/passwd \(an absolute path; a module's path is relative to the brain's folder\)$/,
      ],
      ['a link to a file outside', 'link', /^Module not found: link \(a link out of the brain's folder .*agent\)$/],
      ['a missing module', 'nowhere', /^Module not found: nowhere$/],
    ];
    for (const [what, path, message] of cases) {
      it(what, async () => {
        const { result, printed } = await run(`let x = 1;\n  import "${path}" as m;\nprint(m::leak());`);
        assert.equal(result.ok, false);
        if (result.ok) return;
        assert.match(result.error, message);
        assert.ok(!result.error.includes('\n'), 'one line');
        assert.deepEqual([result.line, result.column], [2, 3]);
        assert.deepEqual(printed, []);
      });
    }

    it('a script can catch the refusal, as any module error', async () => {
      const { printed } = await run('try { import "../secret" as s; } catch (e) { print(`caught: ${e.message}`); }');
      assert.match(printed[0] ?? '', /^caught: Module not found: \.\.\/secret/);
    });
  });

  it("reports an error inside a module's function at the brain's call, naming the module and its line", async () => {
    const { result } = await run('import "bad" as b;\nlet r = b::f(1);');
    assert.deepEqual(result, {
      ok: false,
      error: "Error in call to function 'f' @ 'bad' (line 3, position 7): Variable not found: nope",
      line: 2,
      column: 9,
    });
  });

  it("reports a module that does not parse at the brain's import", async () => {
    const { result } = await run('let a = 1;\nimport "broken" as b;');
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.match(result.error, /^Error in module 'broken' \(line 2, position 1\): /);
    assert.deepEqual([result.line, result.column], [2, 1]);
  });
});
