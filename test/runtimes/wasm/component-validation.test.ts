import assert from 'node:assert/strict';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ComponentWorld } from '../../../main/runtimes/wasm/component-world.ts';
import { describeComponent } from '../../../main/runtimes/wasm/describe-component.ts';
import { omwReference } from '../../../main/runtimes/wasm/omw-reference.ts';
import { worldProblems } from '../../../main/runtimes/wasm/world-validation.ts';
import { guest } from './wasm-engine-fixture.ts';

const scratch = mkdtempSync(join(tmpdir(), 'brainbench-components-'));
const file = (name: string, bytes: string | Uint8Array): string => {
  const path = join(scratch, name);
  writeFileSync(path, bytes);
  return path;
};

test("the picker gets a component's world as plain data", async () => {
  const description = await describeComponent(guest('line-interpreter'));
  assert.ok(description.component);
  const { world, problems } = description;
  assert.deepEqual(problems, []);
  assert.deepEqual(world.exports, ['omw:omw/runtime']);
  // componentize-js replaces the guest's WASI subset with the WASI version it was built with.
  for (const name of ['omw:omw/host', 'wasi:cli/environment@', 'wasi:filesystem/preopens@']) {
    assert.ok(
      world.imports.some((item) => item.startsWith(name)),
      `imports ${name}`,
    );
  }
  assert.equal(world.declarations['omw:omw/runtime']?.functions.run, 'run(script: string): string | undefined;');
  assert.equal(world.sizes.componentBytes, statSync(guest('line-interpreter')).size);
  assert.ok(world.sizes.coreModuleBytes > 10_000_000 && world.sizes.glueBytes > 0);
  assert.ok(world.producers.includes('ComponentizeJS 0.23.0'), world.producers.join(', '));
  assert.deepEqual(structuredClone(description), description);
});

test('files that are not components are described as such', async () => {
  const cases: [string, string | Uint8Array, RegExp][] = [
    ['notes.wasm', 'just text', /is not a WebAssembly file/],
    ['core.wasm', new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), /is a core WebAssembly module, not a component/],
    ['brain.cwasm', 'precompiled', /precompiled for wasmtime/],
  ];
  for (const [name, bytes, message] of cases) {
    const description = await describeComponent(file(name, bytes));
    assert.equal(description.component, false, name);
    assert.match(description.problems[0]!, message);
  }
});

test('a .wat brain is assembled; a wrong world is described with its problems', async () => {
  const wat = await describeComponent(join(guest('noop'), '..', '..', 'wat', 'noop.wat'));
  assert.ok(wat.component && wat.problems.length === 0);
  const wrong = await describeComponent(guest('wrong-world'));
  assert.deepEqual(wrong.problems, [
    'its omw:omw/runtime export lacks check',
    'it imports acme:net/http, which is outside omw:omw and WASI',
  ]);
});

test('imports must match omw by name and signature; runtime is not importable', async () => {
  const reference = await omwReference();
  const world: ComponentWorld = {
    imports: ['omw:omw/host', 'omw:omw/runtime', 'wasi:random/random@0.2.3'],
    exports: ['omw:omw/runtime'],
    declarations: {
      'omw:omw/runtime': reference['omw:omw/runtime']!,
      'omw:omw/host': {
        functions: {
          whoami: 'whoami(): string;',
          timeNow: 'timeNow(): number;',
          launchMissiles: 'launchMissiles(): void;',
        },
        types: {},
      },
    },
    sizes: { componentBytes: 0, coreModuleBytes: 0, glueBytes: 0 },
    producers: [],
  };
  assert.deepEqual(worldProblems(world, reference), [
    'it imports omw:omw/host function time-now as `timeNow(): number;`; omw:omw has `timeNow(): bigint;`',
    'it imports function launch-missiles of omw:omw/host, which omw:omw does not define',
    'it imports omw:omw/runtime, which omw:omw does not provide',
  ]);
});
