// The workbench UI (Vite) and the Electron shell (esbuild). The UI build takes seconds, so it only
// runs when a source it bundles is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';

const UI_SOURCES = ['renderer', 'contract', 'main/rhai/language', 'main/host-api', 'package-lock.json'];
const UI_OUTPUT = 'dist/renderer/index.html';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export async function buildRenderer({ force = false } = {}) {
  const built = existsSync(UI_OUTPUT) ? statSync(UI_OUTPUT).mtimeMs : 0;
  if (force || UI_SOURCES.some((source) => existsSync(source) && newestMtime(source) > built)) {
    const { build } = await import('vite');
    await build({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
  }
}

export async function buildElectronShell() {
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node22',
    external: ['electron'],
    logLevel: 'warning',
    sourcemap: true,
  };
  await Promise.all([
    esbuild({
      ...common,
      entryPoints: { main: 'main/electron/electron-main.ts' },
      format: 'esm',
      outdir: 'dist/electron',
      outExtension: { '.js': '.mjs' },
      external: [...common.external, 'quickjs-emscripten-core', '@jitl/*', '@bytecodealliance/*', 'ws', 'pyodide'],
    }),
    // A sandboxed preload must be CommonJS.
    esbuild({
      ...common,
      entryPoints: { preload: 'preload/preload.ts' },
      format: 'cjs',
      outdir: 'dist/electron',
      outExtension: { '.js': '.cjs' },
    }),
  ]);
}
