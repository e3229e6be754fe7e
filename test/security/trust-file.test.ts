// The user's trust file (main/trust/trust-store.ts) and the `brainbench trust` command: trust is
// kept per real path in the user's own settings folder, can be revoked, a damaged file trusts
// nothing and says so, and nothing inside a workspace can make it trusted.

import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { bundledExampleWorkspace } from '../../main/trust/bundled-example.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { userConfigFolder } from '../../main/trust/user-config-folder.ts';
import { WorkspaceTrust } from '../../main/trust/workspace-trust.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { brainbenchDone, canaryCommand, pause, REPO, stdioTable, writeWorkspace } from './trust-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'brainbench-trust-file-'));
const configDir = join(dir, 'user-config');
process.env['BRAINBENCH_CONFIG_DIR'] = configDir;
const cliEnv = { BRAINBENCH_CONFIG_DIR: configDir };
const trustFile = join(configDir, 'trust.json');

after(() => rmSync(dir, { recursive: true, force: true }));

function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  return realpathSync(path);
}

describe('the user’s settings folder', () => {
  it('is $BRAINBENCH_CONFIG_DIR, else $XDG_CONFIG_HOME/brainbench, else ~/.config/brainbench', () => {
    assert.equal(userConfigFolder({ BRAINBENCH_CONFIG_DIR: '/own', XDG_CONFIG_HOME: '/xdg' }), '/own');
    assert.equal(userConfigFolder({ XDG_CONFIG_HOME: '/xdg' }), '/xdg/brainbench');
    assert.equal(userConfigFolder({ XDG_CONFIG_HOME: 'relative' }), join(homedir(), '.config/brainbench'));
    assert.equal(userConfigFolder({}), join(homedir(), '.config/brainbench'));
  });
});

describe('the trust file', () => {
  const store = TrustStore.forUser();

  it('keeps a folder by its real path: a link to it is the same folder', async () => {
    const real = folder('real');
    const link = join(dir, 'link');
    symlinkSync(real, link);
    assert.deepEqual(await store.trust(link), { path: real });
    assert.equal(store.isTrusted(real).trusted, true);
    assert.equal(store.isTrusted(link).trusted, true);
    assert.equal(store.isTrusted(join(link, '.')).trusted, true);
    assert.equal(store.isTrusted(folder('other')).trusted, false);
    assert.equal(store.isTrusted(join(real, 'below')).trusted, false, 'a folder below is not the folder');
    const saved = JSON.parse(readFileSync(trustFile, 'utf8')) as { version: number; folders: { path: string }[] };
    assert.equal(saved.version, 1);
    assert.deepEqual(
      saved.folders.map((f) => f.path),
      [real],
    );
  });

  it('revokes, through a link too', async () => {
    assert.equal(await store.revoke(join(dir, 'link')), folder('real'));
    assert.equal(store.isTrusted(folder('real')).trusted, false);
    assert.equal(await store.revoke(folder('real')), undefined, 'no longer there');
  });

  for (const [what, text] of [
    ['not JSON', '{ "version": 1, '],
    ['another version', JSON.stringify({ version: 2, folders: [] })],
    ['a relative path', JSON.stringify({ version: 1, folders: [{ path: 'real', trustedAt: 'now' }] })],
    ['an unknown key', JSON.stringify({ version: 1, folders: [], trustEverything: true })],
    ['a list', '[]'],
  ] as const) {
    it(`trusts nothing when damaged (${what}), and says so`, () => {
      writeFileSync(trustFile, text);
      const { trusted, problem } = store.isTrusted(folder('real'));
      assert.equal(trusted, false);
      assert.match(problem!, /^the trust file .*trust\.json could not be used \(.+\): no folder is trusted/);
    });
  }

  it('a damaged file that claims a folder trusts nothing; trusting again keeps the damaged file aside', async () => {
    const real = folder('real');
    writeFileSync(trustFile, JSON.stringify({ version: 1, folders: [{ path: real, trustedAt: 'x' }], extra: 1 }));
    assert.equal(store.isTrusted(real).trusted, false);
    const { setAside } = await store.trust(folder('fresh'));
    assert.match(setAside!, /trust\.json\.damaged-\d+$/);
    assert.match(readFileSync(setAside!, 'utf8'), /"extra":1/);
    assert.equal(store.read().problem, undefined);
    assert.deepEqual(
      store.read().folders.map((f) => f.path),
      [folder('fresh')],
    );
  });

  it('a folder that is not there cannot be trusted', async () => {
    await assert.rejects(store.trust(join(dir, 'missing')), /cannot trust .*missing: no such folder/);
  });
});

describe('a workspace cannot trust itself', () => {
  it('a trust file inside the workspace, or a settings file claiming trust, is ignored', async () => {
    const root = folder('claims-trust');
    const canary = join(dir, 'claims.canary');
    writeWorkspace(root, stdioTable('probe', canaryCommand(canary)), {
      '.brainbench/trust.json': JSON.stringify({ version: 1, folders: [{ path: root, trustedAt: 'x' }] }),
      '.brainbench/workbench.json': JSON.stringify({ version: 1, trusted: true }),
      'trust.json': JSON.stringify({ version: 1, folders: [{ path: root, trustedAt: 'x' }] }),
    });
    const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    try {
      const view = await workbench.open(root, { chosenByUser: true });
      assert.equal(view.trust.trusted, false);
      await pause(1500);
      assert.equal(existsSync(canary), false);
    } finally {
      await workbench.close();
    }
  });
});

describe('the workbench and a damaged trust file', () => {
  it('opens the folder restricted, with a notice saying why', async () => {
    writeFileSync(trustFile, 'not json');
    const root = folder('with-damaged-file');
    writeWorkspace(root, stdioTable('probe', canaryCommand(join(dir, 'damaged.canary'))));
    const events: WorkbenchEvent[] = [];
    const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    workbench.subscribe((event) => events.push(event));
    try {
      const view = await workbench.open(root, { chosenByUser: true });
      assert.equal(view.trust.trusted, false);
      assert.match(view.trust.problem!, /could not be used \(it is not JSON\)/);
      assert.ok(events.some((e) => e.type === 'notice' && /trust file .* could not be used/.test(e.message)));
    } finally {
      await workbench.close();
      rmSync(trustFile);
    }
  });
});

describe('the bundled example workspace', () => {
  it('is trusted by its real path, through a link too; a copy of it is not', () => {
    const trust = WorkspaceTrust.forUser();
    assert.equal(realpathSync(bundledExampleWorkspace()), realpathSync(join(REPO, 'examples/workspace')));
    assert.deepEqual(trust.decide(join(REPO, 'examples/workspace')), { trusted: true, by: 'bundled-example' });
    const link = join(dir, 'example-link');
    symlinkSync(join(REPO, 'examples/workspace'), link);
    assert.deepEqual(trust.decide(link), { trusted: true, by: 'bundled-example' });
    const copy = join(dir, 'examples/workspace');
    cpSync(join(REPO, 'examples/workspace'), copy, { recursive: true });
    assert.deepEqual(trust.decide(copy), { trusted: false });
  });
});

describe('brainbench trust', () => {
  it('trusts a folder, lists it, and revokes it', async () => {
    const root = folder('by-cli');
    writeWorkspace(root, stdioTable('probe', canaryCommand(join(dir, 'cli.canary'))));
    const trusted = await brainbenchDone(['trust', join(dir, 'by-cli')], cliEnv);
    assert.equal(trusted.code, 0, trusted.stderr);
    assert.match(trusted.stdout, new RegExp(`^trusted: ${root}\\n`));
    assert.match(trusted.stdout, /it may now run, and be sent, what it names:\n {2}tooling "probe" \(omw\.toml:5\): /);
    const listed = await brainbenchDone(['trust', '--list'], cliEnv);
    assert.match(listed.stdout, new RegExp(`^${root}  \\(since \\d{4}-`, 'm'));
    assert.match(listed.stdout, /\(the example workspace, always\)$/m);
    const revoked = await brainbenchDone(['trust', '--revoke', root], cliEnv);
    assert.equal(revoked.stdout, `no longer trusted: ${root}\n`);
    assert.doesNotMatch((await brainbenchDone(['trust', '--list'], cliEnv)).stdout, new RegExp(`^${root} `, 'm'));
  });

  it('refuses what is not a folder, in one line', async () => {
    const missing = await brainbenchDone(['trust', join(dir, 'nowhere')], cliEnv);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.trim().split('\n').length, 1, missing.stderr);
    assert.match(missing.stderr, /cannot trust .*nowhere: it is not a folder/);
    const usage = await brainbenchDone(['trust', '--list', dir], cliEnv);
    assert.equal(usage.code, 2);
  });

  it('--list says when the trust file is damaged, and fails', async () => {
    writeFileSync(trustFile, '{}');
    try {
      const listed = await brainbenchDone(['trust', '--list'], cliEnv);
      assert.equal(listed.code, 1);
      assert.match(listed.stderr, /the trust file .* could not be used/);
    } finally {
      rmSync(trustFile);
      assert.ok(!readdirSync(configDir).includes('trust.json'));
    }
  });
});
