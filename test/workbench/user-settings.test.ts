// Issue 28 item 18, host side: the theme is kept in the user's settings, not the workspace's; a
// workspace remembered before lends its theme until the user chooses one; a user settings file
// that is not what Brainbench writes is set aside with a notice, and the theme starts over.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const root = mkdtempSync(join(tmpdir(), 'brainbench-user-settings-'));
after(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string, remembered?: object): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '.brainbench'), { recursive: true });
  writeFileSync(join(dir, 'omw.toml'), '[runtime.js]\nkind = "js"\n');
  if (remembered) writeFileSync(join(dir, '.brainbench/workbench.json'), JSON.stringify(remembered));
  return dir;
}

async function opened<T>(dir: string, folder: string, use: (w: Workbench, notices: string[]) => Promise<T>) {
  const notices: string[] = [];
  const w = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0, userSettingsFolder: folder });
  w.subscribe((event: WorkbenchEvent) => void (event.type === 'notice' && notices.push(event.message)));
  await w.open(dir);
  try {
    return await use(w, notices);
  } finally {
    await w.close();
  }
}

test('the theme chosen in one workspace is every workspace’s; the workspace file keeps none', async () => {
  const user = join(root, 'user-a');
  const a = workspace('a');
  const b = workspace('b');
  await opened(a, user, async (w) => {
    assert.equal(w.uiSettings().theme, 'system');
    await w.saveUiSettings({ ...w.uiSettings(), theme: 'dark' });
  });
  assert.equal('theme' in JSON.parse(readFileSync(join(a, '.brainbench/workbench.json'), 'utf8')), false);
  await opened(b, user, async (w) => assert.equal(w.uiSettings().theme, 'dark'));
});

test('a workspace remembered before lends its theme until the user chooses one', async () => {
  const user = join(root, 'user-b');
  const old = workspace('old', { version: 1, theme: 'light', openFiles: [], layouts: {} });
  await opened(old, user, async (w) => assert.equal(w.uiSettings().theme, 'light'));
  assert.equal(existsSync(join(user, 'settings.json')), false, 'nothing written until the user chooses');
});

test('a user settings file that is not Brainbench’s is set aside, said, and the theme starts over', async () => {
  const user = join(root, 'user-c');
  mkdirSync(user);
  writeFileSync(join(user, 'settings.json'), '{"version": 1, "theme": "neon", "__proto__": {"x": 1}}');
  await opened(workspace('c'), user, async (w, notices) => {
    assert.equal(w.uiSettings().theme, 'system');
    assert.match(
      notices.join('\n'),
      /settings\.json could not be used \(it does not have the expected shape\); it was kept as /,
    );
    assert.equal(notices.join('\n').includes('\n    at '), false, 'no stack trace');
    await w.saveUiSettings({ ...w.uiSettings(), theme: 'light' });
  });
  assert.equal(readdirSync(user).filter((name) => name.startsWith('settings.json.unreadable-')).length, 1);
  assert.deepEqual(JSON.parse(readFileSync(join(user, 'settings.json'), 'utf8')), { version: 1, theme: 'light' });
});
