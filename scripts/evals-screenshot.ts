// docs/screenshots/evals.png: the Evals view on a copy of examples/evals (mock providers, so the
// picture is the same on every machine), after a run from the view, failing cases first and a
// failing trial selected. scripts/screenshots.ts calls it; `node --import tsx
// scripts/evals-screenshot.ts` takes only this one.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { rendererDir } from '../main/cli/serve-command.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { TrustStore } from '../main/trust/trust-store.ts';
import { WorkspaceTrust } from '../main/trust/workspace-trust.ts';
import { startWebServer } from '../main/web/web-server.ts';
import { Workbench } from '../main/workbench/workbench.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/workbench-fixture.ts';

const REPO = join(import.meta.dirname, '..');

export async function evalsScreenshot(out: string): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'brainbench-shot-evals-'));
  const workspace = join(root, 'evals');
  cpSync(join(REPO, 'examples/evals'), workspace, { recursive: true });
  const workbench = new Workbench({
    spawner: forkSpawner,
    entry: agentEntry(),
    trust: new WorkspaceTrust(TrustStore.forUser(), [workspace]),
  });
  await workbench.open(workspace);
  const server = await startWebServer({ workbench, staticDir: rendererDir() });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(180_000);
    await page.goto(server.url);
    await page.getByTestId('workbench').waitFor();
    await page.getByTestId('theme').selectOption('light');
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('eval-file').selectOption('qa.eval.toml');
    await page.getByTestId('eval-run').click();
    await page
      .getByTestId('eval-progress-text')
      .filter({ hasText: /^done:/ })
      .waitFor();
    await page
      .getByTestId('eval-case-count')
      .filter({ hasText: /^24 of 24 cases$/ })
      .waitFor();
    await page.getByTestId('eval-sort').selectOption('failing');
    await page.getByTestId('eval-cell-capital-australia-1').click();
    await page.getByTestId('eval-trial-detail').waitFor();
    await page.screenshot({ path: out });
    console.log('docs/screenshots/evals.png');
  } finally {
    await browser.close();
    await server.close();
    await workbench.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await evalsScreenshot(join(REPO, 'docs/screenshots/evals.png'));
