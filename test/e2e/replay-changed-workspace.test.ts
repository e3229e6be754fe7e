// Replay after the workspace changed (issue 28, bug 1) and what a replay runs (issue 26), end to
// end: a session in which an agent is added and another removed from the config, replayed on the
// command line and from the Recording view in Chromium. The replay works on the agents both have,
// names the others with the reason, and shows its REPLAYED/DIVERGED result in the view; the
// Replay dialog says which brain is not the recorded one, with both hashes, and runs the recorded
// brains only when "Run the recorded brains" is checked.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import type { WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { openWorkbenchPage } from './workbench-fixture.ts';

const BRAINBENCH = join(import.meta.dirname, '../../bin/brainbench.mjs');
const SHOTS = join(import.meta.dirname, '../../test-results/screenshots');
const SESSION = '.brainbench/session.jsonl';

const brain = (key: string) => `const n = Number(omw.host.memoryGet('${key}') ?? '0') + 1;
omw.host.memorySet('${key}', String(n));
'step ' + n;
`;
const CONFIG = (agents: string[]) =>
  '[runtime.js]\nkind = "js"\n' +
  agents.map((agent) => `\n[agents.${agent}]\nruntime = "js"\nscript = "${agent}.js"\n`).join('');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let root: string;
let workbench: Workbench;
let server: WebServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

async function openSession(): Promise<void> {
  await page.keyboard.press('Control+Shift+O');
  await page
    .getByTestId('open-recording-dialog')
    .locator(`[data-testid="recording-file"][data-path="${SESSION}"]`)
    .click();
  await page.getByTestId('recording-view').locator('[data-testid="recorded-iteration"]').first().waitFor();
}

async function replayDialog(): Promise<ReturnType<Page['getByTestId']>> {
  await page.getByTestId('recording-replay').click();
  const dialog = page.getByTestId('replay-dialog');
  await dialog.getByTestId('replay-plan-agents').waitFor();
  return dialog;
}

const verdict = (agent: string) =>
  page.getByTestId('replay-report').locator(`[data-testid="replay-agent"][data-agent="${agent}"]`);

describe('replay after the workspace changed, in Chromium and on the command line', { timeout: 240_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    root = mkdtempSync(join(tmpdir(), 'brainbench-e2e-replay-'));
    writeFileSync(join(root, 'omw.toml'), CONFIG(['asker', 'bob']));
    writeFileSync(join(root, 'asker.js'), brain('asked'));
    writeFileSync(join(root, 'bob.js'), brain('bobbed'));
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
    await workbench.step('asker');
    await workbench.step('asker');
    await workbench.step('bob');
    // Mid-session: New agent, then bob taken out of the config. The session goes on recording.
    await workbench.createAgent('nujs', 'js');
    await workbench.step('nujs');
    await workbench.writeFile(
      'omw.toml',
      readFileSync(join(root, 'omw.toml'), 'utf8').replace(/\[agents\.bob\][^[]*/, ''),
    );
    ({ server, browser, page } = await openWorkbenchPage(workbench, errors, {
      viewport: { width: 1280, height: 800 },
      timeout: 60_000,
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await workbench?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('brainbench replay of the session replays the agents both have and names the others, without a stack trace', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BRAINBENCH, 'replay', SESSION], {
      cwd: root,
    });
    assert.equal(stderr, '');
    assert.deepEqual(stdout.split('\n').filter(Boolean), [
      `note: nujs: the recording has no brain of it (added after it began); the workspace's is sha256 ${sha256(readFileSync(join(root, 'brains/nujs.js'), 'utf8'))} (${join(root, 'brains/nujs.js')})`,
      "NOT REPLAYED bob: recorded, but not in the workspace's config (omw.toml)",
      'REPLAYED asker: 2 iterations',
      'REPLAYED nujs: 1 iteration',
    ]);
  });

  it('the Recording view replays the agents both have, names the others and shows its result', async () => {
    await openSession();
    const dialog = await replayDialog();
    assert.equal(await dialog.getByTestId('replay-recorded-brains').isChecked(), false, 'off by default');
    assert.match((await dialog.getByTestId('replay-plan-agents').textContent()) ?? '', /Replays asker, nujs/);
    const skipped = dialog.locator('[data-testid="skipped-agent"][data-agent="bob"]');
    assert.match((await skipped.textContent()) ?? '', /NOT REPLAYED bob: recorded, but not in the workspace's config/);
    assert.match(
      (await dialog.locator('[data-testid="brain-difference"][data-agent="nujs"]').textContent()) ?? '',
      /the recording has no brain of it/,
    );
    await dialog.getByTestId('replay-run').click();
    await verdict('asker').waitFor();
    assert.equal(await verdict('asker').getAttribute('data-verdict'), 'replayed');
    assert.match((await verdict('asker').textContent()) ?? '', /REPLAYED asker: 2 iterations/);
    assert.equal(await verdict('nujs').getAttribute('data-verdict'), 'replayed');
    const report = page.getByTestId('replay-report');
    assert.match(
      (await report.locator('[data-testid="skipped-agent"][data-agent="bob"]').textContent()) ?? '',
      /recorded, but not in the workspace's config/,
    );
  });

  it('an edited brain: the dialog names it with both hashes; it diverges, and replays as recorded with the recorded brains', async () => {
    const recorded = readFileSync(join(root, 'asker.js'), 'utf8');
    const edited = brain('asked-again');
    writeFileSync(join(root, 'asker.js'), edited);
    let dialog = await replayDialog();
    const difference = dialog.locator('[data-testid="brain-difference"][data-agent="asker"]');
    assert.match((await difference.textContent()) ?? '', /the workspace's brain differs from the recorded one/);
    assert.equal(await difference.getByTestId('brain-hash-recorded').getAttribute('data-sha256'), sha256(recorded));
    assert.equal(await difference.getByTestId('brain-hash-workspace').getAttribute('data-sha256'), sha256(edited));
    assert.match((await difference.textContent()) ?? '', new RegExp(sha256(recorded).slice(0, 12)));
    assert.match((await difference.textContent()) ?? '', new RegExp(sha256(edited).slice(0, 12)));
    await page.screenshot({ path: join(SHOTS, 'replay-dialog.png') });
    await dialog.getByTestId('replay-run').click();
    await page.locator('[data-testid="replay-agent"][data-agent="asker"][data-verdict="diverged"]').waitFor();
    assert.match((await verdict('asker').textContent()) ?? '', /DIVERGED asker iteration 1 call 1/);

    dialog = await replayDialog();
    await dialog.getByTestId('replay-recorded-brains').check();
    // nujs was added after the recording began: it has no recorded text to run.
    await dialog.locator('[data-testid="skipped-agent"][data-agent="nujs"]').waitFor();
    assert.match((await dialog.getByTestId('replay-plan-agents').textContent()) ?? '', /Replays asker:/);
    await dialog.getByTestId('replay-run').click();
    await page.locator('[data-testid="replay-report"][data-recorded-brains="true"]').waitFor();
    assert.equal(await verdict('asker').getAttribute('data-verdict'), 'replayed');
    await page.screenshot({ path: join(SHOTS, 'replay-report.png') });
    assert.equal(readFileSync(join(root, 'asker.js'), 'utf8'), edited, "the workspace's brain is left as it is");
    assert.deepEqual(errors, []);
  });
});
