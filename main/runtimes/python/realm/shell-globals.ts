// Pyodide decides where it runs when its module is evaluated: it takes its shell path (V8's d8,
// realm-shims.ts) when the global has functions `read` and `load`. This module is imported before
// Pyodide's, so they exist by then; the realm has no files to give either of them.

const realmGlobal = globalThis as unknown as Record<string, unknown>;

const noFiles = (): never => {
  throw new Error('the realm has no files');
};

realmGlobal.read = noFiles;
realmGlobal.load = noFiles;

export {};
