// The example workspace (`npm start` opens it) used again and again, in Chromium against web mode
// with real agent processes: every agent loops for several iterations without a failure, and
// `brainbench run` on it says what it waits for. And a test config opens on its bases.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { agentRow, selectAgent, waitForState } from './page-actions.ts';
import { startWorkbench, type WorkbenchFixture } from './workbench-fixture.ts';

const REPO = join(import.meta.dirname, '../..');
const AGENTS = ['assistant', 'researcher', 'reporter', 'ticker', 'watcher', 'welcomer', 'component'];
const ITERATIONS = 3;

let fx: WorkbenchFixture;
let page: Page;

const iterationCount = async (agent: string) =>
  Number(((await agentRow(page, agent).getByTestId('iteration-count').textContent()) ?? '#0').slice(1));

/** Every agent's state and iteration, for a failure's message. */
const agentStates = async () =>
  (
    await Promise.all(
      AGENTS.map(
        async (agent) =>
          `${agent} ${await agentRow(page, agent).getAttribute('data-state')} #${await iterationCount(agent)}`,
      ),
    )
  ).join(', ');

describe('the example workspace', { timeout: 150_000 }, () => {
  before(async () => {
    fx = await startWorkbench();
    page = fx.page;
    page.setDefaultTimeout(30_000);
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
  });
  after(async () => {
    await fx?.close();
  });

  it(`loops every agent for ${ITERATIONS} iterations and more, none failing`, async () => {
    // The watcher ends an iteration on a message (or its alarm): one waits for each.
    for (let i = 1; i <= ITERATIONS; i++) {
      await page.getByTestId('tab-bus').click();
      await page.getByTestId('bus-inject').click();
      const form = page.getByTestId('inject-form');
      await form.getByLabel('inject into agent').selectOption('watcher');
      await form.getByTestId('inject-payload').fill(`wake ${i}`);
      await form.getByTestId('inject-submit').click();
      await form.waitFor({ state: 'detached' });
    }
    for (const agent of AGENTS) await agentRow(page, agent).getByRole('button', { name: 'Run' }).click();
    // Past the third: three have ended.
    const beyond = new RegExp(`^#([${ITERATIONS + 1}-9]|[1-9]\\d+)$`);
    for (const agent of AGENTS) {
      await agentRow(page, agent)
        .getByTestId('iteration-count')
        .filter({ hasText: beyond })
        .waitFor()
        .catch(async (error: unknown) => {
          throw new Error(`${agent} did not pass iteration ${ITERATIONS}; agents: ${await agentStates()}`, {
            cause: error,
          });
        });
    }
    // The component loops hundreds of times a second: between two iterations it still loops, so
    // Stop stays enabled (and Run disabled) instead of flickering with them, and a click lands;
    // the status bar counts every looping agent as running.
    const component = agentRow(page, 'component');
    const controls: string[] = [];
    for (let i = 0; i < 40; i++) {
      const [stop, run, running] = await Promise.all([
        component.getByRole('button', { name: 'Stop' }).isEnabled(),
        component.getByRole('button', { name: 'Run' }).isEnabled(),
        page.getByTestId('running-count').textContent(),
      ]);
      controls.push(`${stop ? 'stop' : '-'}/${run ? 'run' : '-'}, ${running}`);
    }
    assert.deepEqual(new Set(controls), new Set([`stop/-, ${AGENTS.length} running`]));
    for (const agent of AGENTS) await agentRow(page, agent).getByRole('button', { name: 'Stop' }).click();
    await page.getByTestId('tab-timeline').click();
    for (const agent of AGENTS) {
      await waitForState(page, agent, 'stopped');
      assert.ok((await iterationCount(agent)) > ITERATIONS, agent);
      await selectAgent(page, agent);
      await page.getByTestId('iteration-row').first().waitFor();
      const failed = await page.locator('[data-testid="iteration-row"] .iteration-head .error-text').allTextContents();
      // The iteration Stop ended is the only one that may end otherwise.
      assert.deepEqual(
        failed.filter((error) => error !== 'aborted: stop'),
        [],
        `${agent}'s iterations`,
      );
    }
  });

  it('brainbench run says what the watcher waits for, while it waits', async () => {
    const run = spawn(
      process.execPath,
      [join(REPO, 'bin/brainbench.mjs'), 'run', '--config', 'omw.toml', '--log-format', 'tty'],
      {
        cwd: fx.workspace,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let exited = false;
    run.on('exit', () => (exited = true));
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('[watcher#1] INFO waiting for a message, or the alarm in 15 s')) resolve();
      };
      run.stdout.on('data', onData);
      run.stderr.on('data', onData);
      run.on('exit', () => reject(new Error(`brainbench run ended without saying what it waits for:\n${output}`)));
    });
    assert.equal(exited, false, 'said while the watcher still waits');
    assert.doesNotMatch(output, /\[watcher#1\] iteration/);
    const gone = new Promise((resolve) => run.once('exit', resolve));
    run.kill('SIGINT');
    await gone;
  });

  it('opens an omw.test.toml on its omw.test.base.toml, as brainbench test layers it', async () => {
    const suite = join(fx.root, 'suite');
    mkdirSync(join(suite, 'case'), { recursive: true });
    writeFileSync(
      join(suite, 'omw.test.base.toml'),
      '[agents.based]\nruntime = "r"\nscript = "based.rhai"\n\n[memory.based]\ngreeting = "from the base"\n',
    );
    writeFileSync(join(suite, 'based.rhai'), 'exit(omw::host::memory_get("greeting"));\n');
    writeFileSync(join(suite, 'case/omw.test.toml'), '[runtime.r]\nkind = "rhai"\n');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('open-workspace').click();
    await page.getByTestId('open-workspace-form').getByRole('textbox').fill(join(suite, 'case/omw.test.toml'));
    await page.getByTestId('open-workspace-form').getByRole('button', { name: 'Open' }).click();
    const row = agentRow(page, 'based');
    await row.waitFor();
    await row.getByRole('button', { name: 'Step' }).click();
    await waitForState(page, 'based', 'exited');
    await page.getByTestId('tab-timeline').click();
    await page.locator('[data-testid="iteration-row"]').getByText('exited: from the base').waitFor();
  });

  it('logged no errors in the page', () => {
    assert.deepEqual(fx.errors, []);
  });
});
