// Upstream's native Rhai engine as a measuring instrument (../shared/tools/rhai-native/README.md):
// its `rhai-run` binary, named by RHAI_NATIVE and used only when given. A run is timed as a whole
// process; what the program itself costs is that minus the start-up of an empty script, timed in
// the same run.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from '../stats.ts';

/** Longer than any benchmark program takes natively on a loaded machine. */
const RUN_TIMEOUT_MS = 300_000;

export interface NativeRun {
  ms: number;
  /** What the program printed: its result, as upstream displays it. */
  stdout: string;
}

export class NativeRhai {
  private readonly dir = mkdtempSync(join(tmpdir(), 'rhai-native-bench-'));
  private files = 0;
  private startups: number[] = [];

  private constructor(private readonly binary: string) {}

  /** The engine RHAI_NATIVE names, or undefined when it is not set. Throws when it names no executable. */
  static fromEnvironment(): NativeRhai | undefined {
    const path = process.env.RHAI_NATIVE;
    if (!path) return undefined;
    try {
      accessSync(path, constants.X_OK);
    } catch {
      throw new Error(`RHAI_NATIVE=${path}: not an executable file`);
    }
    return new NativeRhai(resolve(path));
  }

  /** Runs `source` once as a whole process; its time includes the process's start-up. */
  run(source: string): NativeRun {
    const file = join(this.dir, `${this.files++}.rhai`);
    writeFileSync(file, source);
    const started = performance.now();
    const run = spawnSync(this.binary, [file], { encoding: 'utf8', timeout: RUN_TIMEOUT_MS });
    const ms = performance.now() - started;
    if (run.error || run.signal || run.status !== 0) {
      const why = run.error?.message ?? run.signal ?? run.stderr.trim().split('\n')[0];
      throw new Error(`native rhai-run failed: ${why}`);
    }
    return { ms, stdout: run.stdout };
  }

  /** Times an empty script once more; startupMs is the median of every such time so far. */
  sampleStartup(): void {
    this.startups.push(this.run('').ms);
  }

  get startupMs(): number {
    return median(this.startups);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
