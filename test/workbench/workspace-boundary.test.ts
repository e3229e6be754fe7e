// The workspace boundary against real symbolic links, through the Workbench API with real agent
// processes: links that stay inside the workspace work like the files they point at; a read, a
// save or a new file that a link would carry outside is refused, and the link is left as it was.

import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const CONFIG = '[runtime.r]\nkind = "rhai"\n\n[agents.waiter]\nruntime = "r"\nscript = "waiter.rhai"\n';
const SECRET = 'not for the workbench';

let base: string;
let ws: string;
let outside: string;
let workbench: Workbench;

const isLink = (path: string) => lstatSync(path).isSymbolicLink();

describe('the workspace boundary and symbolic links', () => {
  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'brainbench-boundary-'));
    ws = join(base, 'ws');
    outside = join(base, 'outside');
    mkdirSync(join(ws, 'brains'), { recursive: true });
    mkdirSync(join(outside, 'dir'), { recursive: true });
    writeFileSync(join(ws, 'omw.toml'), CONFIG);
    writeFileSync(join(ws, 'waiter.rhai'), '"waiting"');
    writeFileSync(join(outside, 'secret.txt'), SECRET);
    writeFileSync(join(outside, 'dir/inner.rhai'), SECRET);
    symlinkSync(join(outside, 'secret.txt'), join(ws, 'secret-link.txt'));
    symlinkSync('../outside/dir', join(ws, 'out-dir'));
    symlinkSync('waiter.rhai', join(ws, 'alias.rhai'));
    symlinkSync('brains', join(ws, 'brains-link'));
    symlinkSync('missing.rhai', join(ws, 'dangling.rhai'));
    symlinkSync(join(outside, 'missing.txt'), join(ws, 'dangling-out.txt'));
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(ws);
  });
  afterEach(async () => {
    await workbench.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('reads through a link that stays inside, and refuses one that leads outside', () => {
    assert.equal(workbench.readFile('alias.rhai').text, '"waiting"');
    assert.throws(
      () => workbench.readFile('secret-link.txt'),
      /cannot read "secret-link\.txt": it is a link to .*outside[/\\]secret\.txt, outside the workspace/,
    );
    assert.throws(
      () => workbench.readFile('out-dir/inner.rhai'),
      /cannot read "out-dir\/inner\.rhai": "out-dir" is a link to .*outside[/\\]dir, outside the workspace/,
    );
    assert.throws(() => workbench.readFile('dangling-out.txt'), /no such file/);
  });

  it('saves through a link to a file inside: the link stays a link, its target gets the text', async () => {
    await workbench.writeFile('alias.rhai', '"saved through the link"');
    assert.ok(isLink(join(ws, 'alias.rhai')), 'the link is still a link');
    assert.equal(readlinkSync(join(ws, 'alias.rhai')), 'waiter.rhai');
    assert.equal(readFileSync(join(ws, 'waiter.rhai'), 'utf8'), '"saved through the link"');
    assert.deepEqual(await workbench.step('waiter'), {
      kind: 'outcome',
      outcome: { exited: 'saved through the link' },
    });
  });

  it('refuses a save over a link to a file outside, and leaves the link and the file as they were', async () => {
    await assert.rejects(
      workbench.writeFile('secret-link.txt', 'overwritten'),
      /cannot save "secret-link\.txt": it is a link to .*outside[/\\]secret\.txt, outside the workspace .*; the link is left as it is/,
    );
    assert.ok(isLink(join(ws, 'secret-link.txt')));
    assert.equal(readFileSync(join(outside, 'secret.txt'), 'utf8'), SECRET);
  });

  it('creates no file or folder through a linked folder outside, but does through one inside', async () => {
    await assert.rejects(
      workbench.writeFile('out-dir/new.rhai', 'x'),
      /cannot save "out-dir\/new\.rhai": "out-dir" is a link to .*outside[/\\]dir, outside the workspace/,
    );
    await assert.rejects(workbench.writeFile('out-dir/deep/er/new.rhai', 'x'), /outside the workspace/);
    await assert.rejects(workbench.writeFile('out-dir/inner.rhai', 'x'), /outside the workspace/);
    assert.equal(existsSync(join(outside, 'dir/new.rhai')), false);
    assert.equal(existsSync(join(outside, 'dir/deep')), false);
    assert.equal(readFileSync(join(outside, 'dir/inner.rhai'), 'utf8'), SECRET);

    await workbench.writeFile('brains-link/deep/new.rhai', '1');
    assert.equal(readFileSync(join(ws, 'brains/deep/new.rhai'), 'utf8'), '1');
    assert.equal(workbench.readFile('brains-link/deep/new.rhai').text, '1');
  });

  it('refuses a save over a dangling link, creating nothing and keeping the link', async () => {
    await assert.rejects(
      workbench.writeFile('dangling.rhai', 'x'),
      /cannot save "dangling\.rhai": it is a link to missing\.rhai, which does not exist/,
    );
    await assert.rejects(workbench.writeFile('dangling-out.txt', 'x'), /which does not exist/);
    assert.ok(isLink(join(ws, 'dangling.rhai')));
    assert.ok(isLink(join(ws, 'dangling-out.txt')));
    assert.equal(existsSync(join(ws, 'missing.rhai')), false);
    assert.equal(existsSync(join(outside, 'missing.txt')), false);
  });

  it('lists linked files that lead inside, and none that lead outside', () => {
    const paths = workbench.workspace().files.map((f) => f.path);
    assert.ok(paths.includes('alias.rhai'), 'a link to a brain inside is listed');
    for (const hidden of ['secret-link.txt', 'out-dir/inner.rhai', 'dangling.rhai', 'dangling-out.txt']) {
      assert.equal(paths.includes(hidden), false, `${hidden} is not listed`);
    }
  });

  it('creates no agent brain through a brains folder that links outside, and keeps the config', async () => {
    rmSync(join(ws, 'brains'), { recursive: true });
    symlinkSync(join(outside, 'dir'), join(ws, 'brains'));
    await assert.rejects(
      workbench.createAgent('sneaky', 'rhai'),
      /cannot create "brains\/sneaky\.rhai": "brains" is a link to .*outside[/\\]dir, outside the workspace/,
    );
    assert.equal(existsSync(join(outside, 'dir/sneaky.rhai')), false);
    assert.equal(readFileSync(join(ws, 'omw.toml'), 'utf8'), CONFIG);
  });
});
