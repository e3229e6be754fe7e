// The desktop shell where it can run: launch, a window on the workbench, one step. Machines
// without the Electron binary (it cannot be downloaded everywhere) report the test skipped, and why.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { it } from 'node:test';
import { _electron as electron } from 'playwright-core';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';

const REPO = join(import.meta.dirname, '../..');

it('launches the Electron shell, shows the workbench and steps an agent', { timeout: 120_000 }, async (t) => {
  const found = findElectronBinary();
  if (!found.binary) {
    t.skip(`skipped: ${found.reason}`);
    return;
  }
  const app = await electron.launch({
    executablePath: found.binary,
    args: [join(REPO, 'dist/electron/main.mjs'), join(REPO, 'examples/workspace'), '--no-sandbox'],
    cwd: REPO,
  });
  try {
    const window = await app.firstWindow();
    await window.getByTestId('workbench').waitFor({ timeout: 30_000 });
    assert.equal(await window.title(), 'Brainbench');
    const row = window.getByTestId('agent-ticker');
    await row.locator('.agent-name').click();
    await row.getByRole('button', { name: 'Step' }).click();
    await window.locator('[data-testid="agent-ticker"][data-state="completed"]').waitFor({ timeout: 30_000 });
  } finally {
    await app.close();
  }
});
