// The component browser lists the workspace and the bundled guests, and nothing outside them:
// `..`, absolute paths and links leading out are refused or left out.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUNDLED_GUESTS } from '../../main/workbench/brain-sources.ts';
import { listComponentFolder } from '../../main/workbench/component-folders.ts';

describe('component folders', () => {
  let base: string;
  let root: string;
  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'brainbench-folders-')));
    root = join(base, 'workspace');
    mkdirSync(join(root, 'brains/nested'), { recursive: true });
    mkdirSync(join(root, '.brainbench'));
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside/secret.wasm'), 'x');
    writeFileSync(join(root, 'brains/agent.wasm'), 'x');
    writeFileSync(join(root, 'brains/notes.txt'), 'x');
    writeFileSync(join(root, 'omw.toml'), '');
    symlinkSync(join(base, 'outside'), join(root, 'escape'));
    symlinkSync(join(base, 'outside/secret.wasm'), join(root, 'brains/linked.wasm'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('starts at the two places, the workspace and the bundled guests', () => {
    const top = listComponentFolder(root, '');
    assert.equal(top.parent, null);
    assert.deepEqual(
      top.entries.map((e) => [e.name, e.path]),
      [
        ['Workspace', '.'],
        ['Bundled guest components', realpathSync(BUNDLED_GUESTS)],
      ],
    );
  });

  it('lists folders first, then files with their kind, hidden files and links out left out', () => {
    const workspace = listComponentFolder(root, '.');
    assert.equal(workspace.place, 'workspace');
    assert.equal(workspace.parent, '');
    assert.deepEqual(
      workspace.entries.map((e) => `${e.kind}:${e.path}`),
      ['folder:brains', 'file:omw.toml'],
    );
    const brains = listComponentFolder(root, 'brains');
    assert.equal(brains.parent, '.');
    assert.deepEqual(
      brains.entries.map((e) => `${e.kind}:${e.path}`),
      ['folder:brains/nested', 'wasm:brains/agent.wasm', 'file:brains/notes.txt'],
    );
  });

  it('lists the bundled guests by absolute path', () => {
    const guests = listComponentFolder(root, realpathSync(BUNDLED_GUESTS));
    assert.equal(guests.place, 'bundled');
    const hello = guests.entries.find((e) => e.name === 'hello.wasm');
    assert.deepEqual(hello, {
      name: 'hello.wasm',
      path: join(realpathSync(BUNDLED_GUESTS), 'hello.wasm'),
      kind: 'wasm',
    });
  });

  it('refuses every way out of the two places', () => {
    for (const path of ['..', '../outside', join(base, 'outside'), 'escape', 'brains/../../outside', '/']) {
      assert.throws(
        () => listComponentFolder(root, path),
        /outside the workspace and Brainbench's bundled components/,
        path,
      );
    }
    assert.throws(() => listComponentFolder(root, 'missing'), /no such folder: missing/);
    assert.throws(() => listComponentFolder(root, 'omw.toml'), /omw.toml is a file, not a folder/);
  });
});
