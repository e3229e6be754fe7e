// What a workspace may be, and where brains may come from, through the Workbench API with real
// agent processes: only a folder or file that holds an omw config opens (never /etc, never the
// home folder from the API), and a refusal leaves the open workspace as it was; components and
// brains come from the workspace, the bundled guests or a file the user picked natively.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const REPO = join(import.meta.dirname, '../..');
const GUEST = join(REPO, 'guests/build/noop.wasm');
const CONFIG =
  '[runtime.r]\nkind = "rhai"\n\n[runtime.c]\nkind = "wasm"\n\n' +
  '[agents.waiter]\nruntime = "r"\nscript = "waiter.rhai"\n\n[agents.comp]\nruntime = "c"\nscript = "comp.wasm"\n';

let base: string;
let ws: string;
let workbench: Workbench;

describe('opening workspaces and choosing brains', () => {
  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'brainbench-opening-'));
    ws = join(base, 'ws');
    mkdirSync(ws);
    writeFileSync(join(ws, 'omw.toml'), CONFIG);
    writeFileSync(join(ws, 'waiter.rhai'), '"waiting"');
    writeFileSync(join(ws, 'comp.wasm'), readFileSync(GUEST));
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(ws);
  });
  afterEach(async () => {
    await workbench.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses /etc, a system file, and a folder without a config, keeping the open workspace', async () => {
    await assert.rejects(workbench.open('/etc'), /cannot open \/etc: it holds no omw config \(omw\.toml/);
    await assert.rejects(
      workbench.open('/etc/hostname'),
      /cannot open \/etc\/hostname: a workspace file is an omw config named omw\.toml/,
    );
    const empty = join(base, 'empty');
    mkdirSync(empty);
    await assert.rejects(workbench.open(empty), /it holds no omw config/);
    await assert.rejects(workbench.open(join(base, 'nowhere')), /cannot open .*nowhere: no such folder or file/);
    assert.equal(workbench.workspace().root, ws);
    assert.throws(() => workbench.readFile('/etc/hostname'), /outside the workspace/);
    assert.deepEqual(await workbench.step('waiter'), { kind: 'outcome', outcome: { exited: 'waiting' } });
  });

  it('opens an omw config or test file by name; any config name only when the user chose it', async () => {
    const other = join(base, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'omw.test.toml'), '[runtime.r]\nkind = "rhai"\n');
    writeFileSync(join(other, 'dev.toml'), '[runtime.r]\nkind = "rhai"\n');
    assert.equal((await workbench.open(join(other, 'omw.test.toml'))).config, 'omw.test.toml');
    await assert.rejects(workbench.open(join(other, 'dev.toml')), /named omw\.toml.*or omw\.test\.toml/);
    assert.equal((await workbench.open(join(other, 'dev.toml'), { chosenByUser: true })).config, 'dev.toml');
    await assert.rejects(
      workbench.open('/etc/hostname', { chosenByUser: true }),
      /not a config file \(\.toml, \.yaml, \.yml or \.json\)/,
    );
  });

  it('refuses the home folder, and any folder holding it, from the API but not from the user', async (t) => {
    const home = join(base, 'home');
    mkdirSync(join(home, 'project'), { recursive: true });
    writeFileSync(join(home, 'omw.toml'), '[runtime.r]\nkind = "rhai"\n');
    writeFileSync(join(home, 'project/omw.toml'), '[runtime.r]\nkind = "rhai"\n');
    writeFileSync(join(base, 'omw.toml'), '[runtime.r]\nkind = "rhai"\n');
    const saved = process.env.HOME;
    process.env.HOME = home;
    t.after(() => {
      process.env.HOME = saved;
    });
    await assert.rejects(workbench.open(home), /cannot open .*home from the workbench: it is your home folder/);
    await assert.rejects(workbench.open(join(home, 'omw.toml')), /it is your home folder/);
    await assert.rejects(workbench.open(base), /holds your home folder/);
    assert.equal((await workbench.open(join(home, 'project'))).root, join(home, 'project'));
    assert.equal((await workbench.open(home, { chosenByUser: true })).root, home);
  });

  it('inspects and assigns components from the workspace and the bundled guests, and nothing else', async () => {
    const inside = await workbench.inspectComponent('comp.wasm');
    assert.equal(inside.component, true);
    assert.equal((await workbench.inspectComponent(GUEST)).component, true);
    await assert.rejects(
      workbench.inspectComponent('/etc/hostname'),
      /cannot use \/etc\/hostname: it is outside the workspace .* and Brainbench's bundled components/,
    );
    const secret = join(base, 'secret.wasm');
    writeFileSync(secret, 'secret');
    symlinkSync(secret, join(ws, 'link.wasm'));
    await assert.rejects(workbench.inspectComponent('link.wasm'), /cannot use link\.wasm: it is outside the workspace/);
    await assert.rejects(workbench.assignScript('comp', secret), /outside the workspace/);
    await assert.rejects(workbench.assignScript('waiter', '/etc/hostname'), /outside the workspace/);
    assert.equal(readFileSync(join(ws, 'omw.toml'), 'utf8'), CONFIG);

    await workbench.assignScript('comp', GUEST);
    assert.match(
      readFileSync(join(ws, 'omw.toml'), 'utf8'),
      /\[agents\.comp\]\nruntime = "c"\nscript = ".*noop\.wasm"/,
    );
    assert.deepEqual(await workbench.step('comp'), { kind: 'outcome', outcome: 'completed' });
  });

  it('inspects a component outside once the user picked it in a native dialog', async () => {
    const picked = join(base, 'picked.wasm');
    writeFileSync(picked, readFileSync(GUEST));
    await assert.rejects(workbench.inspectComponent(picked), /outside the workspace/);
    workbench.allowPickedFile(picked);
    assert.equal((await workbench.inspectComponent(picked)).component, true);
    await workbench.assignScript('comp', picked);
    assert.deepEqual(await workbench.step('comp'), { kind: 'outcome', outcome: 'completed' });
  });
});
