// A Python interpreter in a realm of its own (docs/python-runtime.md#what-a-brain-can-reach): a
// new V8 context whose global holds nothing of the host, running the realm script that
// scripts/build.mjs bundles from realm/ with Pyodide. The host keeps the kernel (realm-kernel.ts)
// and talks to the interpreter with strings and numbers only; a brain's Python, and any JavaScript
// it reaches through Pyodide, sees this realm and the kernel's door, nothing else.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { version as pyodideVersion } from 'pyodide';
import { readSnapshot, saveSnapshot, snapshotPath } from './interpreter-snapshot.ts';
import { PYTHON_PRELUDE } from './python-prelude.ts';
import { realmKernel, type KernelTargets } from './realm-kernel.ts';
import { REALM_START, type PackageFile, type RealmInterpreter, type RealmPrimitive } from './realm/realm-api.ts';

/** The prelude's module; the realm installs it and calls its functions (python-prelude.ts). */
const BINDING_MODULE = '_omw_binding';

/**
 * The realm script: beside this file's bundle in dist/ (the agent process), or in dist/ at the
 * repository root when this file runs from its source (tests, the workbench under tsx).
 */
const REALM_SCRIPT_CANDIDATES = ['../python-realm/python-realm.js', '../../../dist/python-realm/python-realm.js'];

interface RealmScript {
  script: vm.Script;
  hash: string;
}

let realmScript: RealmScript | undefined;

function loadRealmScript(): RealmScript {
  if (realmScript !== undefined) return realmScript;
  const path = REALM_SCRIPT_CANDIDATES.map((candidate) => fileURLToPath(new URL(candidate, import.meta.url))).find(
    (candidate) => existsSync(candidate),
  );
  if (path === undefined) throw new Error('the python realm script is missing: run `npm run build`');
  const source = readFileSync(path, 'utf8');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  realmScript = { script: new vm.Script(source, { filename: 'python-realm.js' }), hash };
  return realmScript;
}

/**
 * Where this build's memory snapshot is kept: its name carries the pyodide version, the prelude
 * and the realm script, so a change to any of them makes a new one.
 */
export const realmSnapshotPath = (): string =>
  snapshotPath(pyodideVersion, `${PYTHON_PRELUDE}\u0000${loadRealmScript().hash}`);

const packagePath = (file: string): string => createRequire(import.meta.url).resolve(`pyodide/${file}`);

const PACKAGE_FILES: readonly PackageFile[] = ['python_stdlib.zip', 'pyodide.asm.wasm'];

async function lockInfoJson(): Promise<string> {
  const { info } = JSON.parse(await readFile(packagePath('pyodide-lock.json'), 'utf8')) as { info: unknown };
  return JSON.stringify(info);
}

const isPrimitive = (value: unknown): value is RealmPrimitive =>
  value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol');

/** Text the realm threw (always a string, by realm-interpreter.ts's rule) or answered. */
export class RealmFailure extends Error {
  constructor(
    message: string,
    /** Pyodide cannot go on: the interpreter must be replaced. */
    readonly fatal: boolean,
  ) {
    super(message);
  }
}

export interface RealmOptions {
  /** Where Pyodide's own output goes until the binding's print takes over. */
  print(text: string): void;
}

export class PythonRealm {
  readonly targets: KernelTargets;
  readonly #interpreter: RealmInterpreter;
  readonly #timers = new Map<number, NodeJS.Timeout>();

  private constructor(interpreter: RealmInterpreter, targets: KernelTargets, timers: Map<number, NodeJS.Timeout>) {
    this.#interpreter = interpreter;
    this.targets = targets;
    this.#timers = timers;
  }

  static async load(options: RealmOptions): Promise<PythonRealm> {
    const { script } = loadRealmScript();
    const path = realmSnapshotPath();
    const [snapshot, info, ...files] = await Promise.all([
      readSnapshot(path),
      lockInfoJson(),
      ...PACKAGE_FILES.map((file) => readFile(packagePath(file))),
    ]);
    const timers = new Map<number, NodeJS.Timeout>();
    /** Set once the realm has started; its timers fire into it. */
    const started: { interpreter?: RealmInterpreter } = {};
    let saved: Promise<void> = Promise.resolve();
    let finish: (error: string | undefined) => void = () => {};
    const finished = new Promise<string | undefined>((resolve) => (finish = resolve));
    const { kernel, targets } = realmKernel({
      packageFiles: new Map(PACKAGE_FILES.map((file, i) => [file, files[i]!])),
      snapshot,
      saveSnapshot: (bytes) => {
        saved = saveSnapshot(path, bytes).catch(() => {
          // A read-only cache only costs the next start its time.
        });
      },
      loaded: (error) => finish(error),
      setTimer: (id, ms) => {
        const timer = setTimeout(() => {
          timers.delete(id);
          started.interpreter?.fireTimer(id);
        }, ms);
        timer.unref();
        timers.set(id, timer);
      },
      clearTimer: (id) => {
        clearTimeout(timers.get(id));
        timers.delete(id);
      },
    });
    targets.print = options.print;
    // The global's own object has no prototype, so nothing on it leads to the host's Object.
    const context = vm.createContext(Object.create(null) as object, {
      name: 'python brain',
      codeGeneration: { strings: true, wasm: true },
    });
    script.runInContext(context);
    const start = (context as Record<string, unknown>)[REALM_START];
    if (typeof start !== 'function') throw new Error('the python realm script did not start');
    const interpreter = start(kernel) as RealmInterpreter;
    started.interpreter = interpreter;
    const realm = new PythonRealm(interpreter, targets, timers);
    realm.#call('load', info, PYTHON_PRELUDE, BINDING_MODULE);
    const error = await finished;
    await saved;
    if (error !== undefined) {
      realm.dispose();
      throw new Error(error);
    }
    return realm;
  }

  /** Installs the binding; answers the interpreter's memory in bytes at this point. */
  bind(opsJson: string, failedToken: string, recursionLimit: number): number {
    const bytes = this.#call('bind', opsJson, failedToken, recursionLimit);
    if (typeof bytes !== 'number') throw new RealmFailure('the python realm answered no memory size', false);
    return bytes;
  }

  run(script: string, filename: string, linesJson: string | undefined): string {
    return this.#text('run', script, filename, linesJson);
  }

  check(script: string, filename: string): string {
    return this.#text('check', script, filename);
  }

  prepare(): void {
    this.#call('prepare');
  }

  debug(name: string, ...args: RealmPrimitive[]): string {
    return this.#text('debug', name, ...args);
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    try {
      this.#call('dispose');
    } catch {
      // A realm that failed beyond repair is dropped all the same.
    }
  }

  #text(method: keyof RealmInterpreter, ...args: RealmPrimitive[]): string {
    const answer = this.#call(method, ...args);
    if (typeof answer !== 'string') throw new RealmFailure(`the python realm answered ${typeof answer}`, false);
    return answer;
  }

  #failedFatally(): boolean {
    try {
      return Reflect.apply(this.#interpreter.failedFatally, this.#interpreter, []) === true;
    } catch {
      return true;
    }
  }

  /** Calls the realm with primitives only; what comes back is a primitive or a RealmFailure. */
  #call(method: keyof RealmInterpreter, ...args: RealmPrimitive[]): RealmPrimitive {
    const interpreter = this.#interpreter;
    let answer: unknown;
    try {
      answer = Reflect.apply(interpreter[method] as (...args: RealmPrimitive[]) => unknown, interpreter, args);
    } catch (thrown) {
      throw new RealmFailure(typeof thrown === 'string' ? thrown : 'the python realm failed', this.#failedFatally());
    }
    if (!isPrimitive(answer)) throw new RealmFailure('the python realm answered an object', false);
    return answer;
  }
}
