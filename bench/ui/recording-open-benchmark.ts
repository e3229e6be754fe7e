// Opening a 100,000-event recording in the workbench: from the click on Open in the Open recording
// dialog to the first frame that shows the Recording view's iteration rows, in Chromium against
// web mode. The click and the frame are both read on the page's clock. The first open builds the
// host's index of the file; the later ones find it built (the file did not change).

import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { startWebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { median } from '../stats.ts';
import { generateRecording } from './recording-generator.ts';

const OPENS = 5;

export interface RecordingOpenFigures {
  events: number;
  firstMs: number;
  againMs: number;
}

/** One open: Ctrl+Shift+O, the path, Open; resolves the ms from the click to the rows' first frame. */
async function openOnce(page: Page, path: string): Promise<number> {
  await page.keyboard.press('Control+Shift+O');
  await page.getByTestId('recording-path').fill(path);
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      document: {
        querySelector(s: string): unknown;
        body: unknown;
        addEventListener(t: string, f: () => void, c: boolean): void;
      };
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void; disconnect(): void };
      requestAnimationFrame(f: () => void): void;
      painted?: Promise<number>;
    };
    let clickedAt = 0;
    scope.document.addEventListener('click', () => (clickedAt = clickedAt || performance.now()), true);
    scope.painted = new Promise<number>((resolve) => {
      const observer = new scope.MutationObserver(() => {
        if (
          !clickedAt ||
          !scope.document.querySelector('[data-testid="recording-view"] [data-testid="recorded-iteration"]')
        )
          return;
        observer.disconnect();
        scope.requestAnimationFrame(() => resolve(performance.now() - clickedAt));
      });
      observer.observe(scope.document.body, { childList: true, subtree: true });
    });
  });
  await page.getByTestId('open-recording-path').click();
  const ms = await page.evaluate(() => (globalThis as unknown as { painted: Promise<number> }).painted);
  await page.getByTestId('recording-close').click();
  await page.getByTestId('recording-view').waitFor({ state: 'detached' });
  return ms;
}

export async function recordingOpenToFirstPaint(browser: Browser): Promise<RecordingOpenFigures> {
  const recording = await generateRecording(100_000);
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  await workbench.open(recording.workspace);
  const server = await startWebServer({ workbench, staticDir: rendererDir() });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.url);
    await page.getByTestId('agent-looper').waitFor({ timeout: 30_000 });
    const samples: number[] = [];
    for (let i = 0; i < OPENS; i++) samples.push(await openOnce(page, recording.path));
    await page.close();
    return { events: recording.events, firstMs: samples[0]!, againMs: median(samples.slice(1)) };
  } finally {
    await server.close();
    await workbench.close();
    rmSync(recording.workspace, { recursive: true, force: true });
  }
}
