// Bundles what runs outside tsx: the agent process and its engine worker, so that an agent
// starts without a TypeScript loader (fast, esbuild, so every start and test run rebuilds them);
// the command line; the guest components, the workbench UI and the Electron shell.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { buildGuests } from './build-guests.mjs';
import { buildElectronShell, buildRenderer } from './build-renderer.mjs';

const external = ['quickjs-emscripten-core', '@jitl/*', 'electron', '@bytecodealliance/*', 'pyodide'];

// Chunk names carry hashes: start clean so that old chunks do not pile up.
rmSync('dist/agent', { recursive: true, force: true });

await build({
  entryPoints: {
    'agent-main': 'main/agent-process/agent-main.ts',
    'engine-worker': 'main/agent-process/engine-worker.ts',
  },
  outdir: 'dist/agent',
  outExtension: { '.js': '.mjs' },
  // Each runtime's engine is its own chunk, loaded only by the agents that use it.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// The `brainbench` command and the language server's analysis worker, each one file: the command
// starts in about half the time the sources take through tsx, and the tests start it hundreds of
// times. One file each (no chunks) keeps every module at dist/cli/, two folders below the package.
rmSync('dist/cli', { recursive: true, force: true });
await build({
  entryPoints: { brainbench: 'main/cli/main.ts', 'analysis-worker': 'main/lsp/analysis-worker.ts' },
  outdir: 'dist/cli',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The installed packages load from node_modules as they do under tsx.
  packages: 'external',
  logLevel: 'warning',
});

// The Python realm's script: Pyodide and the realm's side of its door (main/runtimes/python/realm/),
// one classic script run in a V8 context that holds nothing of the host. Pyodide's Node paths
// (dynamic imports of node: modules) stay in it but are never taken there.
await build({
  entryPoints: ['main/runtimes/python/realm/realm-entry.ts'],
  outfile: 'dist/python-realm/python-realm.js',
  bundle: true,
  platform: 'neutral',
  format: 'iife',
  target: 'es2023',
  external: ['node:*', 'ws'],
  // The realm script is run with its own name; `import.meta` is Pyodide's and unused on its shell path.
  logOverride: { 'empty-import-meta': 'silent' },
  logLevel: 'warning',
});

// The example and test guest components (guests/build/); only the stale ones are rebuilt.
await buildGuests();
// The workbench UI (rebuilt when stale) and the Electron shell around it.
await buildRenderer();
await buildElectronShell();
