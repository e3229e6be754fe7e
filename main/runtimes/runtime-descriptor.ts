// Everything Brainbench knows about one runtime kind, in one place: the config schema, the
// workbench (file kinds, New agent, the editor) and the supervisor read it from the kind's
// descriptor (runtimes.ts lists them). The agent process loads only the kind's engine module,
// `<kind>/<kind>-engine.ts`, whose `createEngine` builds the engine: keeping the descriptor's
// config schema (zod) out of every agent process saves it about 20 ms at each start.

import type { z } from 'zod';
import type { CheckResult, Engine, EngineOptions } from './engine.ts';
import type { RuntimeParams } from './runtime-params.ts';

/** What `<kind>/<kind>-engine.ts` exports as `createEngine`. */
export type EngineFactory<Params = Record<string, unknown>> = (
  options: EngineOptions,
  params: Params,
) => Promise<Engine>;

export interface RuntimeDescriptor {
  kind: string;
  /** The kind's name where a user picks one (New agent). */
  title: string;
  /** `[runtime.<name>]`'s keys beside `kind`. */
  params: z.ZodType<RuntimeParams>;
  brain: {
    /**
     * `script`: source text the engine runs (omw's interpreted kinds); `component`: a binary file
     * the engine loads itself.
     */
    format: 'script' | 'component';
    /** File name endings of such brains; a new brain gets the first. */
    extensions: readonly string[];
    /** The editor's language for the brain's source; a component opens in the component picker. */
    editorLanguage?: string;
  };
  /** What New agent writes: a brain made from the agent's name, or a copy of a bundled file. */
  template: { kind: 'text'; text(agent: string): string } | { kind: 'copy'; file(): string };
  /** What the debugger can do with this kind's brains. */
  debugging: {
    /**
     * `source`: breakpoints, steps, frames and variables on the brain's own lines (the engine calls
     * the DebugController's hooks); `host-calls`: it holds only at host calls, having no source.
     */
    level: 'source' | 'host-calls';
    /** The 1-based lines where a statement starts, which a breakpoint may stop on (source level). */
    breakableLines?(source: string): number[];
    /**
     * The engine picks at an iteration's start whether it can stop in it (JavaScript runs its
     * instrumented code or not), so a debugger keeps it attached for a pause to stop it at once.
     */
    attachesAtIterationStart?: true;
  };
  /**
   * Checks a script on the host, without an agent process, for the editor's live problems. A
   * kind whose editor language checks in the browser (Rhai, on the shared language core) has
   * none; a component has no source to check.
   */
  check?(script: string, filename: string): Promise<CheckResult>;
}
