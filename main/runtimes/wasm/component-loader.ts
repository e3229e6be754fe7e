// Turns a component file into something the engine can instantiate synchronously: the cached
// transpile's glue imported, its core modules compiled.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentWorld } from './component-world.ts';
import { withMemoryMaximum } from './memory-maximum.ts';
import type { JcoImports } from './omw-imports.ts';
import { cachedComponentAt, GLUE_FILE } from './transpile-cache.ts';
import { webAssembly, type CoreImports, type CoreInstance, type CoreModule } from './webassembly-api.ts';

/** The `omw:omw/runtime` export as jco's glue presents it; a WIT `err` is thrown as its string. */
export interface RuntimeExport {
  kind(): string;
  run(script: string): string | undefined;
  check(script: string): void;
}

type CoreInstantiate = (module: CoreModule, imports: CoreImports) => CoreInstance;

interface Glue {
  instantiate(
    getCoreModule: (name: string) => CoreModule,
    imports: JcoImports,
    instantiateCore: CoreInstantiate,
  ): { runtime: RuntimeExport };
}

export interface LoadedComponent {
  path: string;
  world: ComponentWorld;
  /** A fresh instance; `onCoreInstance` sees each core instance made for it (to watch memories). */
  instantiate(imports: JcoImports, onCoreInstance: (instance: CoreInstance) => void): RuntimeExport;
}

export class ComponentWorldError extends Error {
  override readonly name = 'ComponentWorldError';
}

/** Loads the component at `path`; its memories cannot grow past `maxMemoryBytes`. */
export async function loadComponent(path: string, maxMemoryBytes: number): Promise<LoadedComponent> {
  const entry = await cachedComponentAt(path);
  if (entry.problems.length > 0) {
    throw new ComponentWorldError(`${path} does not fit the omw:omw world: ${entry.problems.join('; ')}`);
  }
  // One blocking read per module beats the thread pool's chunked reads (tens of ms for 12 MB), and
  // the worker has nothing else to do meanwhile; compilation runs beside the glue's import.
  const [glue, modules] = await Promise.all([
    import(pathToFileURL(join(entry.dir, GLUE_FILE)).href) as Promise<Glue>,
    Promise.all(
      entry.coreModules.map(
        async (name) =>
          [
            name,
            await webAssembly.compile(withMemoryMaximum(readFileSync(join(entry.dir, name)), maxMemoryBytes)),
          ] as const,
      ),
    ),
  ]);
  const compiled = new Map(modules);
  return {
    path,
    world: entry.world,
    instantiate: (imports, onCoreInstance) =>
      glue.instantiate(
        (name) => compiled.get(name)!,
        imports,
        (module, coreImports) => {
          const instance = new webAssembly.Instance(module, coreImports);
          onCoreInstance(instance);
          return instance;
        },
      ).runtime,
  };
}
