// The `js` kind's check on the host, for the editor's live problems: QuickJS compiles the brain as
// the engine would (global code) without running it, so a syntax error reads and sits exactly
// where the runtime would report it. One module serves every check; each gets its own runtime.

import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { CheckResult } from '../engine.ts';
import { compileBrain } from './compile-brain.ts';
import { loadQuickJsModule } from './engine-vm.ts';

/** Compiling keeps the source and its bytecode in memory; a brain needs far less than this. */
const CHECK_MEMORY_BYTES = 64 * 1024 * 1024;

let quickJs: Promise<QuickJSWASMModule> | undefined;

export async function checkSyntax(script: string, filename: string): Promise<CheckResult> {
  quickJs ??= loadQuickJsModule();
  const runtime = (await quickJs).newRuntime();
  runtime.setMemoryLimit(CHECK_MEMORY_BYTES);
  try {
    return compileBrain(runtime, script, filename);
  } finally {
    runtime.dispose();
  }
}
