// The wasm runtime beside the JS runtime: loading a component cold (transpile) and from the cache,
// instantiating it, an empty iteration as the host sees it, and one host call made from a
// component. Each row's `floor` is the JS runtime's figure for the same step.

import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import { loadQuickJsModule } from '../main/runtimes/js/engine-vm.ts';
import { loadComponent, type LoadedComponent } from '../main/runtimes/wasm/component-loader.ts';
import { omwImports } from '../main/runtimes/wasm/omw-imports.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import type { BenchRow } from './bench-row.ts';
import { medianOf } from './stats.ts';

/** The default `max_memory_mb` (256). */
const DEFAULT_CAP = 256 * 1024 * 1024;

const guestsDir = new URL('../guests/build/', import.meta.url).pathname;
/** A StarlingMonkey component of about 12 MB, the size the target is about. */
const BIG_COMPONENT = join(guestsDir, 'hello.wasm');
/** How many host calls the host-calls guest and its JS twin make per iteration. */
const CALLS = 1000;

/** Runs `work` with the transpile cache in `dir`. */
async function withCacheDir<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const previous = process.env.BRAINBENCH_CACHE_DIR;
  process.env.BRAINBENCH_CACHE_DIR = dir;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.BRAINBENCH_CACHE_DIR;
    else process.env.BRAINBENCH_CACHE_DIR = previous;
  }
}

const freshDir = (): string => mkdtempSync(join(tmpdir(), 'brainbench-wasm-cache-'));

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Milliseconds to load the big component into an empty cache (transpile included). */
async function coldLoad(): Promise<{ ms: number; warmCache: string }> {
  let warmCache = '';
  // The first transpile in a process also loads jco itself; that is paid once, not per component.
  await withCacheDir(freshDir(), () => loadComponent(join(guestsDir, 'noop.wasm'), DEFAULT_CAP));
  const ms = await medianOf(3, async () => {
    warmCache = freshDir();
    return withCacheDir(warmCache, () => timed(() => loadComponent(BIG_COMPONENT, DEFAULT_CAP)));
  });
  return { ms, warmCache };
}

/**
 * Milliseconds to load the big component from a warm cache. Each sample copies the cache to a new
 * folder first, so the glue is imported afresh rather than taken from this process's module cache.
 */
function cachedLoad(warmCache: string): Promise<number> {
  return medianOf(5, () => {
    const copy = freshDir();
    cpSync(warmCache, copy, { recursive: true });
    return withCacheDir(copy, () => timed(() => loadComponent(BIG_COMPONENT, DEFAULT_CAP)));
  });
}

function instantiateMs(component: LoadedComponent): Promise<number> {
  const imports = omwImports(() => undefined);
  return medianOf(21, () => timed(async () => component.instantiate(imports, () => undefined)));
}

async function quickJsContextMs(): Promise<number> {
  const module = await loadQuickJsModule();
  return medianOf(21, () =>
    timed(async () => {
      const runtime = module.newRuntime();
      runtime.newContext().dispose();
      runtime.dispose();
    }),
  );
}

function setUp(): Supervisor {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-'));
  const agents = [
    ['wasm-empty', 'wasm', join(guestsDir, 'noop.wasm')],
    ['wasm-calls', 'wasm', join(guestsDir, 'host-calls.wasm')],
    ['js-empty', 'js', 'empty.js'],
    ['js-calls', 'js', 'calls.js'],
  ];
  const config = agents.map(
    ([name, runtime, script]) => `[agents.${name}]\nruntime = "${runtime}"\nscript = "${script}"\n`,
  );
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]\nkind = "js"\n\n[runtime.wasm]\nkind = "wasm"\n\n${config.join('\n')}`,
  );
  writeFileSync(join(dir, 'empty.js'), 'undefined;\n');
  writeFileSync(join(dir, 'calls.js'), `for (let i = 0; i < ${CALLS}; i++) omw.host.timeNow();\n`);
  return new Supervisor(new Host(loadConfig(join(dir, 'omw.toml'), { env: {} })), {
    spawner: forkSpawner,
    entry: agentEntry(),
  });
}

/** Milliseconds from step to outcome, median over `runs` steps after a warm-up. */
async function stepTime(supervisor: Supervisor, agent: string, runs: number): Promise<number> {
  for (let i = 0; i < 5; i++) await supervisor.step(agent);
  return medianOf(runs, async () => {
    const started = performance.now();
    const result = await supervisor.step(agent);
    if (result.kind !== 'outcome') throw new Error(`benchmark brain ${agent} failed: ${JSON.stringify(result)}`);
    return performance.now() - started;
  });
}

export async function wasmBenchmarks(): Promise<BenchRow[]> {
  const { ms: cold, warmCache } = await coldLoad();
  const cached = await cachedLoad(warmCache);
  const jsModuleLoad = await medianOf(5, () => timed(loadQuickJsModule));
  const component = await withCacheDir(warmCache, () => loadComponent(BIG_COMPONENT, DEFAULT_CAP));
  const instantiate = await instantiateMs(component);
  const jsContext = await quickJsContextMs();

  const supervisor = setUp();
  try {
    await supervisor.start();
    const wasmEmpty = await stepTime(supervisor, 'wasm-empty', 41);
    const jsEmpty = await stepTime(supervisor, 'js-empty', 41);
    const wasmCall = (((await stepTime(supervisor, 'wasm-calls', 21)) - wasmEmpty) * 1000) / CALLS;
    const jsCall = (((await stepTime(supervisor, 'js-calls', 21)) - jsEmpty) * 1000) / CALLS;
    return [
      {
        name: 'wasm: cold load of a 12 MB component (transpile)',
        value: cold,
        unit: 'ms',
        floor: jsModuleLoad,
      },
      {
        name: 'wasm: cached load of a 12 MB component',
        value: cached,
        unit: 'ms',
        floor: jsModuleLoad,
        target: '< 100 ms',
      },
      { name: 'wasm: instantiate the 12 MB component', value: instantiate, unit: 'ms', floor: jsContext },
      {
        name: 'wasm: empty iteration (no-op guest), step to outcome',
        value: wasmEmpty * 1000,
        unit: 'µs',
        floor: jsEmpty * 1000,
        target: '≤ 2x JS',
      },
      { name: 'wasm: host call from a component', value: wasmCall, unit: 'µs', floor: jsCall },
    ];
  } finally {
    supervisor.dispose();
  }
}
