// Pyodide inside the realm, driven by the host through the RealmInterpreter (realm-api.ts). Every
// object Pyodide is configured with is made here (`jsglobals` included, which is the brain's `js`
// module), so nothing the brain reaches leads out of the realm. What the host gets back is text:
// answers as JSON, and failures thrown as strings, so the host never handles an object of the
// realm either.

import './shell-globals.ts';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import createPyodideModule from 'pyodide/pyodide.asm.mjs';
import type { RealmInterpreter, RealmPrimitive } from './realm-api.ts';
import type { Door } from './realm-door.ts';
import type { InstalledShims } from './realm-shims.ts';

type PythonFunction = ((...args: unknown[]) => unknown) & { destroy(): void };

interface BindingModule {
  install: PythonFunction;
  run: PythonFunction;
  check: PythonFunction;
  prepare: PythonFunction;
  destroy(): void;
  [name: string]: unknown;
}

/** python-debug-prelude.ts's functions the host may ask for by name. */
const DEBUG_FUNCTIONS = [
  'debug_stack',
  'debug_scopes',
  'debug_variables',
  'debug_set_variable',
  'debug_evaluate',
  'debug_holds',
  'debug_release',
] as const;

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The package's path inside the realm: a name only, the shims serve its two files. */
const INDEX_URL = '/pyodide/';

export function realmInterpreter(door: Door, shims: InstalledShims): RealmInterpreter {
  let pyodide: PyodideAPI | undefined;
  let binding: BindingModule | undefined;
  /** Each attribute read of a Python module makes a new proxy: the functions are read once. */
  let functions: Record<string, PythonFunction> = {};
  let fatal = false;

  /** Runs `work`, turning what Pyodide throws into its text, and noting whether it was fatal. */
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      fatal = (error as { pyodide_fatal_error?: unknown } | null)?.pyodide_fatal_error === true;
      throw String(error);
    }
  };

  const loaded = (): { pyodide: PyodideAPI; binding: BindingModule } => {
    if (pyodide === undefined || binding === undefined) throw 'the python interpreter is not loaded';
    return { pyodide, binding };
  };

  const installPrelude = (python: PyodideAPI, prelude: string, bindingModule: string): void => {
    const module = python.pyimport('types').ModuleType(bindingModule);
    python.pyimport('builtins').exec(prelude, module.__dict__);
    python.pyimport('sys').modules.set(bindingModule, module);
    module.destroy();
  };

  const load = async (lockInfoJson: string, prelude: string, bindingModule: string): Promise<void> => {
    const common = {
      indexURL: INDEX_URL,
      createPyodideModule,
      jsglobals: {},
      lockFileContents: { info: JSON.parse(lockInfoJson), packages: {} },
      stdout: door.print,
      stderr: door.print,
    };
    const size = door.snapshotSize();
    if (size >= 0) {
      const snapshot = new Uint8Array(size);
      door.snapshotInto(snapshot);
      try {
        pyodide = await loadPyodide({ ...common, _loadSnapshot: snapshot });
      } catch {
        // A snapshot of another build or a damaged file: start cold and replace it.
      }
    }
    if (pyodide === undefined) {
      const cold = await loadPyodide({ ...common, _makeSnapshot: true });
      installPrelude(cold, prelude, bindingModule);
      door.saveSnapshot(cold.makeMemorySnapshot());
      pyodide = cold;
    }
    shims.closeFiles();
    binding = pyodide.pyimport(bindingModule) as BindingModule;
    const { install, run, check, prepare } = binding;
    functions = { install, run, check, prepare };
    for (const name of DEBUG_FUNCTIONS) functions[name] = binding[name] as PythonFunction;
  };

  const capMemory = (python: PyodideAPI): number => {
    const memory = (python as unknown as { _module: { memory: WasmMemory } })._module.memory;
    const grow = memory.grow.bind(memory);
    memory.grow = (pages: number): number => {
      const refused = door.growRefused(memory.buffer.byteLength, pages);
      if (refused !== undefined) throw new RangeError(refused);
      return grow(pages);
    };
    return memory.buffer.byteLength;
  };

  return {
    load(lockInfoJson, prelude, bindingModule) {
      load(String(lockInfoJson), String(prelude), String(bindingModule)).then(
        () => door.loaded(undefined),
        (error: unknown) => {
          shims.closeFiles();
          door.loaded(String(error));
        },
      );
    },

    bind(opsJson, failedToken, recursionLimit) {
      return guarded(() => {
        const { pyodide: python } = loaded();
        const install = functions.install!;
        install(
          door.call,
          door.callTree,
          String(failedToken),
          door.failure,
          door.print,
          String(opsJson),
          Number(recursionLimit),
        );
        // Pyodide reads slot 0 every few dozen bytecodes while Python runs; the host answers 2
        // (SIGINT) when the brain must stop.
        const poll = {
          get 0(): number {
            return door.signal();
          },
          set 0(_cleared: number) {},
        };
        python.setInterruptBuffer(poll as unknown as Int32Array);
        return capMemory(python);
      });
    },

    run(script, filename, linesJson) {
      return guarded(() => {
        loaded();
        const answer =
          linesJson === undefined
            ? functions.run!(String(script), String(filename))
            : functions.run!(
                String(script),
                String(filename),
                String(linesJson),
                door.statement,
                door.exception,
                door.wanted,
              );
        return String(answer);
      });
    },

    check(script, filename) {
      return guarded(() => {
        loaded();
        return String(functions.check!(String(script), String(filename)));
      });
    },

    prepare() {
      guarded(() => {
        loaded();
        functions.prepare!();
      });
    },

    debug(name, ...args: RealmPrimitive[]) {
      return guarded(() => {
        loaded();
        const known = DEBUG_FUNCTIONS.find((candidate) => candidate === name);
        if (known === undefined) throw `no debugger function ${String(name)}`;
        const answer = functions[known]!(...args);
        return answer === undefined ? '' : String(answer);
      });
    },

    fireTimer(id) {
      shims.fireTimer(Number(id));
    },

    failedFatally() {
      return fatal;
    },

    dispose() {
      try {
        binding?.destroy();
      } catch {
        // A failed Pyodide refuses every call, its proxies' destroy too.
      }
      binding = undefined;
      pyodide = undefined;
    },
  };
}
