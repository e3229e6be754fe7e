// The workbench measured in Chromium: time to interactive of the real app on the example
// workspace, pause to highlighted line, and the bus inspector and chat panel under load in the benchmark harness.

import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { startWebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/e2e/workbench-fixture.ts';
import type { BenchRow } from '../bench-row.ts';
import { median } from '../stats.ts';
import { pauseToHighlightedLine } from './pause-highlight-benchmark.ts';
import { quickLoopInTheWorkbench } from './quick-loop-benchmark.ts';
import { recordingOpenToFirstPaint } from './recording-open-benchmark.ts';

const REPO = join(import.meta.dirname, '../..');
const HARNESS = join(REPO, 'dist/ui-bench');
const RETAINED = 100_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function serveHarness(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = join(HARNESS, path);
    if (!file.startsWith(HARNESS) || !existsSync(file)) return void response.writeHead(404).end();
    const type =
      { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(file)] ??
      'application/octet-stream';
    response.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
    }),
  );
}

type Bench = {
  fill(n: number): number;
  startMessages(perSecond: number): void;
  startChat(perSecond: number): void;
  stop(): void;
  frames(ms: number, scrollSelector?: string): Promise<number[]>;
  filter(text: string): Promise<number>;
  chatLength(): number;
  deltasSeen(): number;
};

/** Runs `fn` against the harness page's `bench` object. */
function inPage<T, A>(page: Page, fn: (bench: Bench, arg: A) => T | Promise<T>, arg: A): Promise<T> {
  return page.evaluate(
    ([source, value]) => {
      const run = new Function(`return (${source})`)() as (bench: Bench, arg: A) => T;
      return run((globalThis as unknown as { bench: Bench }).bench, value as A);
    },
    [fn.toString(), arg] as const,
  );
}

async function timeToInteractive(browser: Browser): Promise<number> {
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  await workbench.open(join(REPO, 'examples/workspace'));
  const server = await startWebServer({ workbench, staticDir: rendererDir() });
  const samples: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.goto(server.url, { waitUntil: 'commit' });
      await page.locator('.monaco-editor .view-lines').waitFor({ timeout: 30_000 });
      await page.getByTestId('agent-assistant').waitFor();
      // performance.now() counts from the navigation's start.
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            (globalThis as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame(() =>
              resolve(performance.now()),
            ),
          ),
      );
      samples.push(ms);
      await context.close();
    }
  } finally {
    await server.close();
    await workbench.close();
  }
  return median(samples);
}

export async function uiBenchmarks(): Promise<BenchRow[]> {
  await build({ configFile: join(import.meta.dirname, 'vite.config.ts'), logLevel: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const { server, url } = await serveHarness();
  try {
    const rows: BenchRow[] = [];
    rows.push({
      name: 'UI time to interactive (example workspace)',
      value: await timeToInteractive(browser),
      unit: 'ms',
      target: '< 2000 ms',
    });

    rows.push({
      name: 'Pause to highlighted line (Rhai breakpoint)',
      value: await pauseToHighlightedLine(),
      unit: 'ms',
      target: '< 100 ms',
    });

    for (const slowdown of [1, 4]) {
      const loop = await quickLoopInTheWorkbench(slowdown);
      const where = slowdown === 1 ? '' : `, page ${slowdown}x slower`;
      rows.push({
        name: `Frame, every example agent looping${where}`,
        value: loop.frameMs,
        unit: 'ms',
        target: '≤ 20 ms (50+ fps)',
      });
      rows.push({ name: `The component's iterations meanwhile${where}`, value: loop.iterationsPerSecond, unit: '/s' });
      rows.push({
        name: `Stop the looping component, click to stopped${where}`,
        value: loop.stopMs,
        unit: 'ms',
        target: '< 200 ms',
      });
    }

    const opened = await recordingOpenToFirstPaint(browser);
    rows.push({
      name: 'Open a 100,000-event recording, click to first paint',
      value: opened.firstMs,
      unit: 'ms',
      target: '< 1000 ms',
    });
    rows.push({
      name: 'Open it again (host index built), median',
      value: opened.againMs,
      unit: 'ms',
      target: '< 1000 ms',
    });

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${url}?scenario=bus`);
    await page.getByTestId('bus-inspector').waitFor();
    await inPage(page, (bench, n) => bench.fill(n), RETAINED);
    await page.getByTestId('bus-row').first().waitFor();
    const idle = await inPage(page, (bench) => bench.frames(2000), null);
    await inPage(page, (bench, rate) => bench.startMessages(rate), 2000);
    const live = await inPage(page, (bench) => bench.frames(4000, '[data-testid="bus-table"]'), null);
    await inPage(page, (bench) => bench.stop(), null);
    rows.push({ name: 'Bus inspector frame, 100k events, idle (floor)', value: median(idle), unit: 'ms' });
    rows.push({
      name: 'Bus inspector frame, 100k + 2,000/s, scrolling',
      value: median(live),
      unit: 'ms',
      floor: median(idle),
      target: '≤ 20 ms (50+ fps)',
    });
    rows.push({ name: 'Bus inspector frame p95, same load', value: percentile(live, 95), unit: 'ms' });
    rows.push({
      name: 'Bus inspector frames per second, same load',
      value: 1000 / median(live),
      unit: 'fps',
      target: '≥ 50 fps',
    });

    const filters: number[] = [];
    for (const text of ['payload 12', 'agent-3', 'zzz no match', 'payload 9', '']) {
      filters.push(await inPage(page, (bench, value) => bench.filter(value), text));
    }
    rows.push({
      name: 'Bus filter over 100k events, keystroke to paint',
      value: median(filters),
      unit: 'ms',
      target: '< 100 ms',
    });
    await page.close();

    const chat = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await chat.goto(`${url}?scenario=chat`);
    await inPage(chat, (bench, rate) => bench.startChat(rate), 3000);
    await chat.getByTestId('chat-content').waitFor();
    const started = Date.now();
    const chatFrames = await inPage(chat, (bench) => bench.frames(3000), null);
    await inPage(chat, (bench) => bench.stop(), null);
    const seconds = (Date.now() - started) / 1000;
    await chat.waitForTimeout(100);
    const shown = await inPage(chat, (bench) => bench.chatLength(), null);
    const deltas = await inPage(chat, (bench) => bench.deltasSeen(), null);
    // Every delta is a 5-character token: what is on screen says how many deltas were rendered.
    rows.push({
      name: 'Chat deltas rendered per second (3,000/s offered)',
      value: Math.min(deltas, shown / 5) / seconds,
      unit: '/s',
    });
    rows.push({
      name: 'Chat panel frame while streaming',
      value: median(chatFrames),
      unit: 'ms',
      target: '≤ 20 ms (50+ fps)',
    });
    await chat.close();
    return rows;
  } finally {
    server.close();
    await browser.close();
  }
}
