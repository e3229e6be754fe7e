// The Emscripten module factory of the pyodide package, which has no types of its own; the realm
// hands it to `loadPyodide` as its `createPyodideModule` option, typed there.
declare module 'pyodide/pyodide.asm.mjs' {
  import type { PyodideConfig } from 'pyodide';

  const createPyodideModule: NonNullable<PyodideConfig['createPyodideModule']>;
  export default createPyodideModule;
}
