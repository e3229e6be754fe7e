// One Pyodide interpreter (CPython 3.14 on wasm) for one engine, from the `pyodide` package
// alone: the standard library is the package's zip, nothing is fetched, and no package can be
// installed (the lock file it gets lists none, and the `js` module is an empty object, so
// `pyodide.http` and `run_js` have no JavaScript to reach). Started from the memory snapshot when
// there is one; the first start makes it.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadPyodide, version, type Lockfile, type PyodideAPI } from 'pyodide';
import { readSnapshot, saveSnapshot, snapshotPath } from './interpreter-snapshot.ts';
import { PYTHON_PRELUDE } from './python-prelude.ts';

export type Pyodide = PyodideAPI;

/** The prelude's module; the engine calls its functions (python-prelude.ts). */
export const BINDING_MODULE = '_omw_binding';

/** The package's lock file with no packages: its `info` is what the loader checks. */
async function emptyLockFile(): Promise<Lockfile> {
  const path = createRequire(import.meta.url).resolve('pyodide/pyodide-lock.json');
  const { info } = JSON.parse(await readFile(path, 'utf8')) as Lockfile;
  return { info, packages: {} };
}

const installPrelude = (pyodide: Pyodide): void => {
  const module = pyodide.pyimport('types').ModuleType(BINDING_MODULE);
  pyodide.pyimport('builtins').exec(PYTHON_PRELUDE, module.__dict__);
  pyodide.pyimport('sys').modules.set(BINDING_MODULE, module);
  module.destroy();
};

export interface InterpreterOptions {
  /** Output written before the binding replaces sys.stdout (Pyodide's own start-up messages). */
  print(text: string): void;
}

export async function loadInterpreter(options: InterpreterOptions): Promise<Pyodide> {
  const path = snapshotPath(version, PYTHON_PRELUDE);
  const [snapshot, lockFileContents] = await Promise.all([readSnapshot(path), emptyLockFile()]);
  const common = {
    jsglobals: {},
    lockFileContents,
    stdout: options.print,
    stderr: options.print,
  };
  if (snapshot !== undefined) {
    try {
      return await loadPyodide({ ...common, _loadSnapshot: snapshot });
    } catch {
      // A snapshot of another build or a damaged file: start cold and replace it.
    }
  }
  const pyodide = await loadPyodide({ ...common, _makeSnapshot: true });
  installPrelude(pyodide);
  await saveSnapshot(path, pyodide.makeMemorySnapshot()).catch(() => {
    // A read-only cache only costs the next start its time.
  });
  return pyodide;
}
