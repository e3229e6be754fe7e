// The workbench while every agent of the example workspace loops, its WebAssembly component
// hundreds of iterations a second: the page's frame rate, and a click on the component's Stop
// until its row shows it stopped (read in the page, so it includes the request, the stop on the
// host, the status's trip back and a paint). Once as it is, and once with the page's CPU slowed
// down `cpuSlowdown` times through Chromium's throttling: a slower machine, or a busier one.

import { agentRow, waitForState } from '../../test/e2e/page-actions.ts';
import { startWorkbench } from '../../test/e2e/workbench-fixture.ts';
import { median } from '../stats.ts';

const AGENTS = ['assistant', 'researcher', 'reporter', 'ticker', 'watcher', 'welcomer', 'component'];
const STOPS = 5;

export interface QuickLoopFigures {
  frameMs: number;
  stopMs: number;
  iterationsPerSecond: number;
}

export async function quickLoopInTheWorkbench(cpuSlowdown = 1): Promise<QuickLoopFigures> {
  const fx = await startWorkbench();
  try {
    const { page } = fx;
    page.setDefaultTimeout(60_000);
    if (cpuSlowdown > 1) {
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
    const component = agentRow(page, 'component');
    const frames: number[] = [];
    const stops: number[] = [];
    const rates: number[] = [];
    for (const agent of AGENTS) await agentRow(page, agent).getByRole('button', { name: 'Run' }).click();
    for (let i = 0; i < STOPS; i++) {
      if (i > 0) await component.getByRole('button', { name: 'Run' }).click();
      const before = fx.workbench.workspace().agents.find((a) => a.name === 'component')!.status.iteration;
      const started = performance.now();
      frames.push(...(await page.evaluate<number[]>(FRAME_INTERVALS)));
      const after = fx.workbench.workspace().agents.find((a) => a.name === 'component')!.status.iteration;
      rates.push(((after - before) * 1000) / (performance.now() - started));
      stops.push(await page.evaluate<number>(STOP_TO_STOPPED));
      await waitForState(page, 'component', 'stopped');
    }
    for (const agent of AGENTS.slice(0, -1)) await agentRow(page, agent).getByRole('button', { name: 'Stop' }).click();
    return { frameMs: median(frames), stopMs: median(stops), iterationsPerSecond: median(rates) };
  } finally {
    await fx.close();
  }
}

// Page scripts are source text: the TypeScript loader would otherwise wrap their inner functions
// in a helper the page does not have.

/** In the page: the intervals between animation frames for a second. */
const FRAME_INTERVALS = `new Promise((resolve) => {
  const intervals = [];
  let first;
  let last;
  const tick = (t) => {
    if (last !== undefined) intervals.push(t - last);
    last = t;
    first ??= t;
    if (t - first < 1000) requestAnimationFrame(tick);
    else resolve(intervals);
  };
  requestAnimationFrame(tick);
})`;

/** In the page: clicks the component's Stop and times it until its row says stopped. */
const STOP_TO_STOPPED = `new Promise((resolve) => {
  const row = '[data-testid="agent-component"]';
  const started = performance.now();
  document.querySelector(row + ' button[aria-label="Stop"]').click();
  const check = () => {
    if (document.querySelector(row)?.getAttribute('data-state') === 'stopped') resolve(performance.now() - started);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;
