// The Evals view in Chromium against web mode (issue 29, point 9): a results file of 100,000
// trials chosen in the view, from the choice to the first frame showing the matrix's rows (and to
// the whole file read behind them); and two 10,000-case runs compared, from choosing the baseline
// to the first frame showing the comparison's rows. Every time is read on the page's clock. The
// results files are generated with lines shaped as the example eval's (five scorers, input,
// usage, keys: about 1.2 KB a trial).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { rendererDir } from '../../main/cli/serve-command.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { WorkspaceTrust } from '../../main/trust/workspace-trust.ts';
import { startWebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/e2e/workbench-fixture.ts';
import type { BenchRow } from '../bench-row.ts';
import { median } from '../stats.ts';

const RUNS = 3;

export interface EvalsViewFigures {
  firstPaintMs: number;
  allReadMs: number;
  /** Two files the host had not read for a comparison before. */
  compareMs: number;
  /** The same two again: the host keeps parsed results files. */
  compareAgainMs: number;
  compareThreeTrialsMs: number;
}

function header(cases: number, trials: number): string {
  return JSON.stringify({
    kind: 'header',
    format: 'brainbench-eval-results',
    version: 1,
    brainbench: 'bench',
    createdAt: Date.now(),
    eval: {
      file: 'qa.eval.toml',
      sha256: 'x'.repeat(64),
      scorers: ['trajectory', 'equals', 'budget', 'concise', 'helpful'].map((name) => ({ name, kind: name })),
    },
    config: { file: 'omw.toml', sha256: 'x'.repeat(64) },
    dataset: { file: 'cases.jsonl', sha256: 'x'.repeat(64), cases },
    brains: { assistant: 'x'.repeat(64) },
    options: { trials, filter: [] },
    seed: 0,
    selected: cases,
    shard: null,
  });
}

/** A trial line as the example eval writes one; `pass` decides its verdict and scores. */
function trialLine(caseIndex: number, trial: number, pass: boolean): string {
  const id = `case-${caseIndex}`;
  const score = (s: number) => ({ hash: '9343d6ac5db1a9a2', score: s, pass: s >= 1, reason: 'all 3 checks met' });
  return JSON.stringify({
    kind: 'trial',
    case: id,
    caseIndex,
    trial,
    tags: [['capital', 'math', 'facts', 'format', 'json'][caseIndex % 5]],
    split: caseIndex % 3 ? 'dev' : 'test',
    outcome: { kind: 'exited', agent: 'assistant', text: pass ? 'Paris' : 'Lyon' },
    scores: [
      { scorer: 'trajectory', ...score(1) },
      { scorer: 'equals', ...score(pass ? 1 : 0), reason: pass ? 'equals "Paris"' : 'expected "Paris", got "Lyon"' },
      {
        scorer: 'budget',
        ...score(1),
        reason: 'cost 0.00054 <= 0.002, tokens 132 <= 600, latency 325.6 ms <= 10000 ms, host calls 7 <= 10',
      },
      { scorer: 'concise', ...score(1), reason: '5 characters' },
      { scorer: 'helpful', ...score(pass ? 1 : 0.2), reason: pass ? 'correct' : 'not the capital' },
    ],
    score: pass ? 1 : 0.64,
    verdict: pass ? 'pass' : 'fail',
    usage: {
      tokens: { prompt: 120, completion: 12, total: 132 },
      cost: { amounts: { USD: 0.00054 }, unpriced: 0 },
      calls: 7,
      providerCalls: 1,
      iterations: 1,
    },
    durationMs: 325.57608900000014,
    reused: 'fresh',
    recording: `results.recordings/${String(caseIndex + 1).padStart(4, '0')}-${id}.${trial}.jsonl`,
    keys: {
      case: '03eb9939a92d766a960fc481f52bca2b',
      inputs: '5cfb67097b74e2f38ac012d729d83a24',
      brains: '1ec06107e87264a4e676f1d98a0811e0',
    },
    input: {
      question: `What is the capital of country ${caseIndex}?`,
      model_answer: pass ? 'Paris' : 'Lyon',
      context: `KB entry for: What is the capital of country ${caseIndex}?`,
      judge_score: pass ? 1 : 0.2,
      judge_reason: pass ? 'correct' : 'not the capital',
    },
    expected: 'Paris',
  });
}

export async function writeResults(
  file: string,
  cases: number,
  trials: number,
  pass: (c: number, t: number) => boolean,
): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
  await write(`${header(cases, trials)}\n`);
  let batch: string[] = [];
  for (let c = 0; c < cases; c++)
    for (let t = 1; t <= trials; t++) {
      batch.push(trialLine(c, t, pass(c, t)));
      if (batch.length === 1000) {
        await write(`${batch.join('\n')}\n`);
        batch = [];
      }
    }
  if (batch.length > 0) await write(`${batch.join('\n')}\n`);
  await new Promise<void>((resolve) => out.end(resolve));
}

/** Arms the page: the time from the next `change` event to the first frame showing `selector`. */
async function armPaint(page: Page, selector: string): Promise<void> {
  await page.evaluate((wanted) => {
    const scope = globalThis as unknown as {
      document: {
        querySelector(s: string): unknown;
        body: unknown;
        addEventListener(t: string, f: () => void, c: boolean): void;
      };
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void; disconnect(): void };
      requestAnimationFrame(f: () => void): void;
      painted?: Promise<number>;
      changedAt?: number;
    };
    scope.changedAt = 0;
    scope.document.addEventListener('change', () => (scope.changedAt = scope.changedAt || performance.now()), true);
    scope.painted = new Promise<number>((resolve) => {
      const observer = new scope.MutationObserver(() => {
        if (!scope.changedAt || !scope.document.querySelector(wanted)) return;
        observer.disconnect();
        scope.requestAnimationFrame(() => resolve(performance.now() - scope.changedAt!));
      });
      observer.observe(scope.document.body, { childList: true, subtree: true });
    });
  }, selector);
}

const painted = (page: Page) => page.evaluate(() => (globalThis as unknown as { painted: Promise<number> }).painted);
const sinceChange = (page: Page) =>
  page.evaluate(() => performance.now() - (globalThis as unknown as { changedAt: number }).changedAt);

/** Chooses a results file in the view; the ms to the matrix's first rows, and to the whole file read. */
async function openOnce(page: Page, path: string): Promise<{ first: number; all: number }> {
  await page.getByTestId('eval-tab-matrix').click();
  await armPaint(page, `[data-testid="eval-matrix"][data-results="${path}"] [data-testid="eval-row"]`);
  await page.getByTestId('eval-results-file').selectOption(path);
  const first = await painted(page);
  await page.getByTestId('eval-loading').waitFor({ state: 'detached', timeout: 120_000 });
  const all = await sinceChange(page);
  return { first, all };
}

async function compareOnce(page: Page, baseline: string, candidate: string): Promise<number> {
  await page.getByTestId('eval-tab-matrix').click();
  await page.getByTestId('eval-results-file').selectOption(candidate);
  // The user compares a file that is open: its chunks all read.
  await page
    .getByTestId(`eval-matrix`)
    .and(page.locator(`[data-results="${candidate}"]`))
    .waitFor();
  await page.getByTestId('eval-loading').waitFor({ state: 'detached', timeout: 120_000 });
  await page.getByTestId('eval-tab-compare').click();
  await page.getByTestId('eval-baseline').selectOption('');
  await armPaint(
    page,
    `[data-testid="eval-compare-list"][data-base="${baseline}"][data-candidate="${candidate}"] [data-testid="eval-compare-row"]`,
  );
  await page.getByTestId('eval-baseline').selectOption(baseline);
  return painted(page);
}

export async function evalsViewFigures(browser: Browser): Promise<EvalsViewFigures> {
  const workspace = mkdtempSync(join(tmpdir(), 'brainbench-bench-evals-view-'));
  writeFileSync(
    join(workspace, 'omw.toml'),
    '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n',
  );
  writeFileSync(join(workspace, 'a.rhai'), '42');
  mkdirSync(join(workspace, 'runs'));
  // 100,000 trials: 33,334 cases × 3, a tenth of them failing.
  await writeResults(join(workspace, 'runs/big.results.jsonl'), 33_334, 3, (c, t) => (c * 7 + t) % 10 !== 0);
  // Pairs of 10,000-case runs, each candidate with a regression in every 50th case; each pair is
  // compared once fresh (files the host has not read), so each sample is a first comparison.
  for (let i = 0; i < RUNS; i++) {
    await writeResults(join(workspace, `runs/base-${i}.results.jsonl`), 10_000, 1, (c) => c % 10 !== i);
    await writeResults(
      join(workspace, `runs/candidate-${i}.results.jsonl`),
      10_000,
      1,
      (c) => c % 10 !== i && c % 50 !== 1,
    );
  }
  await writeResults(join(workspace, 'runs/base3.results.jsonl'), 10_000, 3, (c, t) => (c + t) % 10 !== 0);
  await writeResults(
    join(workspace, 'runs/candidate3.results.jsonl'),
    10_000,
    3,
    (c, t) => (c + t) % 10 !== 0 && c % 50 !== 1,
  );
  const workbench = new Workbench({
    spawner: forkSpawner,
    entry: agentEntry(),
    trust: new WorkspaceTrust(TrustStore.forUser(), [workspace]),
  });
  await workbench.open(workspace);
  const server = await startWebServer({ workbench, staticDir: rendererDir() });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.url);
    await page.getByTestId('agent-a').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('evals-view').waitFor();
    await page.locator('[data-testid="eval-results-file"] option[value="runs/big.results.jsonl"]').waitFor({
      state: 'attached',
    });
    const opens: { first: number; all: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Another file between opens, so each is an open, not a no-op.
      if (i > 0) {
        await page.getByTestId('eval-results-file').selectOption('runs/base-0.results.jsonl');
        await page.getByTestId('eval-row').first().waitFor();
      }
      opens.push(await openOnce(page, 'runs/big.results.jsonl'));
    }
    const compares: number[] = [];
    for (let i = 0; i < RUNS; i++)
      compares.push(await compareOnce(page, `runs/base-${i}.results.jsonl`, `runs/candidate-${i}.results.jsonl`));
    const again: number[] = [];
    for (let i = 0; i < RUNS; i++)
      again.push(await compareOnce(page, `runs/base-${i}.results.jsonl`, `runs/candidate-${i}.results.jsonl`));
    const three = await compareOnce(page, 'runs/base3.results.jsonl', 'runs/candidate3.results.jsonl');
    await page.close();
    return {
      firstPaintMs: median(opens.map((o) => o.first)),
      allReadMs: median(opens.map((o) => o.all)),
      compareMs: median(compares),
      compareAgainMs: median(again),
      compareThreeTrialsMs: three,
    };
  } finally {
    await server.close();
    await workbench.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

export async function evalsViewBenchmarks(): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const figures = await evalsViewFigures(browser);
    return [
      {
        name: 'Evals view: 100,000-trial results, choice to first paint',
        value: figures.firstPaintMs,
        unit: 'ms',
        target: '< 1000 ms',
      },
      { name: 'Evals view: the same file all read behind it', value: figures.allReadMs, unit: 'ms' },
      {
        name: 'Evals view: compare two 10,000-case runs (k = 1)',
        value: figures.compareMs,
        unit: 'ms',
        target: '< 1000 ms',
      },
      { name: 'Evals view: the same two compared again', value: figures.compareAgainMs, unit: 'ms' },
      { name: 'Evals view: compare two 10,000-case runs (k = 3)', value: figures.compareThreeTrialsMs, unit: 'ms' },
      // What else the machine ran meanwhile: the figures above are wall times.
      { name: 'Evals view: load average (1 min) at the end', value: loadavg()[0]!, unit: '' },
    ];
  } finally {
    await browser.close();
  }
}
