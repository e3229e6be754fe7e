// Bundles what runs outside tsx: the agent process and its engine worker, so that an agent
// starts without a TypeScript loader. Fast (esbuild), so every start and test run rebuilds.
import { build } from 'esbuild';
import { buildGuests } from './build-guests.mjs';

const external = ['quickjs-emscripten-core', '@jitl/*', 'electron', '@bytecodealliance/*'];

await build({
  entryPoints: {
    'agent-main': 'main/agent-process/agent-main.ts',
    'engine-worker': 'main/agent-process/engine-worker.ts',
  },
  outdir: 'dist/agent',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// The example and test guest components (guests/build/); only the stale ones are rebuilt.
await buildGuests();
