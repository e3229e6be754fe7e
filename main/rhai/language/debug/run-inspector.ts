// A debugger's view of a running script, while it is held (at a statement, where an error was
// raised, or in a native function): the call stack of script frames, the variables of each,
// changing them, and evaluating code in a frame. Only what the run already keeps is read, so
// none of it costs the run anything.

import type { FnDef, VarDecl } from '../ast/ast.ts';
import { scopeOf } from '../eval/compile-calls.ts';
import { constantError, writeDecl } from '../eval/compile-context.ts';
import type { CompiledScript } from '../eval/compiler.ts';
import { isSystemError, newFrame, type Runtime } from '../eval/runtime.ts';
import { Signal, type Frame, type ScriptFunction } from '../func/functions.ts';
import { RhaiError, type Position } from '../types/errors.ts';
import { debugValue } from '../types/format.ts';
import { cloneValue, SharedCell, type Value } from '../types/values.ts';
import type { Binding, Structured } from './bindings.ts';
import type { ScriptOrigin } from '../func/library.ts';
import { closureCaptures, scopeAt } from './source-scopes.ts';

/**
 * Operations one evaluation may take, about 50 ms of a tight loop: a watch expression that loops
 * for ever is cut off instead of holding the stopped brain.
 */
const EVALUATION_OPERATIONS = 10_000_000;

export const TOP_LEVEL_NAME = '<brain>';
const CLOSURE_NAME = '<closure>';

export interface InspectedFrame {
  /** Call depth: 0 for the script's top level. */
  depth: number;
  /** The function's name; `<brain>` at the top level, `<closure>` for an anonymous function. */
  name: string;
  pos: Position;
  frame: Frame;
  /** The variables in scope at `pos`. */
  visible: VarDecl[];
  /** The script whose lines these are, when it is not the run's own (a module, `eval` code). */
  origin: ScriptOrigin | undefined;
  /** Whether `pos` is inside a `try` body of this frame. */
  inTry: boolean;
}

export class RunInspector {
  #captures: Map<FnDef, VarDecl[]> | undefined;

  constructor(
    private readonly rt: Runtime,
    private readonly script: CompiledScript,
  ) {}

  get depth(): number {
    return this.rt.depth;
  }

  /** The source of the script running now: undefined for the run's own. */
  get source(): string | undefined {
    return this.rt.sourceAt(this.rt.depth);
  }

  /** Where a native function running now was called (a host call holding the run). */
  get callPosition(): Position {
    return this.rt.callPos;
  }

  /**
   * Whether `frame` is the script's frame at the current depth, not one of `eval` or module code
   * (those do not run the script's lines). A call made before the debugger attached is not known.
   */
  isScriptFrame(frame: Frame): boolean {
    const call = this.rt.calls[this.rt.depth];
    return call === undefined || call.frame === frame;
  }

  /**
   * Script frames, innermost first; the innermost is at `innermost`, the others where they called.
   * Calls made before the debugger attached mid-run are missing (see Runtime.calls).
   */
  stack(innermost: Position): InspectedFrame[] {
    const { calls, depth: top } = this.rt;
    const out: InspectedFrame[] = [];
    let pos = innermost;
    for (let depth = top; depth >= 0; depth--) {
      const call = calls[depth];
      if (call?.frame === undefined) continue;
      out.push(this.#inspect(depth, call.callee ?? call.origin, call.frame, pos));
      pos = call.site;
    }
    return out;
  }

  /** Hooks the statements of what runs quietly where the debugger now needs them (a step began). */
  wakeWhereNeeded(): void {
    this.rt.wakeWhereNeeded();
  }

  /** Whether a `try` of the script will catch `error`, raised at `pos` in the innermost frame. */
  isCaught(error: RhaiError, pos: Position): boolean {
    return !isSystemError(error) && this.stack(pos).some((f) => f.inTry);
  }

  /** The variables of a frame, in declaration order. */
  variables(frame: InspectedFrame): Binding[] {
    return frame.visible.map((decl) => this.#variable(frame.frame, decl));
  }

  /** A method's `this` (undefined outside one). */
  thisBinding(frame: InspectedFrame): Binding | undefined {
    const f = frame.frame;
    if (f.thisV === undefined) return undefined;
    return {
      name: 'this',
      value: f.thisV,
      assign: (value) => {
        f.thisV = value;
      },
    };
  }

  /**
   * Runs `source` in a frame, seeing its variables and `this`, and answers its value. Nothing it
   * runs stops at a breakpoint or reports an error to the debugger; it is cut off after
   * EVALUATION_OPERATIONS. Throws the language's error.
   */
  evaluate(frame: InspectedFrame, source: string): Value {
    const rt = this.rt;
    return rt.detached(EVALUATION_OPERATIONS, () => {
      const scope = scopeOf(frame.frame, frame.visible);
      let script: CompiledScript;
      try {
        script = rt.engine.compileEval(source, rt, scope);
      } catch (e) {
        throw e instanceof RhaiError ? e : new RhaiError('ErrorParsing', String(e));
      }
      const evaluation = newFrame(new Array<Value>(script.ast.slots), rt, frame.frame.thisV, scope);
      let v: Value;
      try {
        v = script.body(evaluation);
      } catch (e) {
        const err = e instanceof RhaiError ? e : new RhaiError('ErrorSystem', String(e));
        if (err.kind === 'ErrorTooManyOperations') {
          throw new RhaiError(err.kind, `the expression ran for more than ${EVALUATION_OPERATIONS} operations`);
        }
        throw err;
      }
      if (frame.frame.thisV !== undefined) frame.frame.thisV = evaluation.thisV;
      return cloneValue(evaluation.signal === Signal.Return ? evaluation.sigVal : v);
    });
  }

  /** The language's debug text of a value (`to_debug`), as `print(x)` of `debug(x)` shows it. */
  describe(v: Value): string {
    return debugValue(v, this.rt.formatCustom);
  }

  /** Tells the run's size accounting that a debugger changed a container in place. */
  readonly changed = (container: Structured): void => {
    this.rt.recount(container);
  };

  /** A frame of a script function, or of a script's top level (the run's own, a module's, `eval`'s). */
  #inspect(
    depth: number,
    code: ScriptFunction | ScriptOrigin | undefined,
    frame: Frame,
    pos: Position,
  ): InspectedFrame {
    if (code === undefined || !('def' in code)) {
      const { visible, inTry } = scopeAt((code ?? this.script).ast.body, pos, []);
      const name = code === undefined ? TOP_LEVEL_NAME : topLevelName(code);
      return { depth, name, pos, frame, visible, inTry, origin: code };
    }
    const { def } = code;
    const { origin } = code.lib;
    const anonymous = def.name.startsWith('anon$');
    const outer = anonymous ? [...def.params, ...this.#capturesOf(def, origin)] : def.params;
    const { visible, inTry } = scopeAt(def.body, pos, outer);
    return { depth, name: anonymous ? CLOSURE_NAME : def.name, pos, frame, visible, inTry, origin };
  }

  #capturesOf(def: FnDef, origin: ScriptOrigin | undefined): VarDecl[] {
    if (origin !== undefined) return closureCaptures(origin.ast).get(def) ?? [];
    this.#captures ??= closureCaptures(this.script.ast);
    return this.#captures.get(def) ?? [];
  }

  #variable(f: Frame, decl: VarDecl): Binding {
    const raw = f.vars[decl.slot];
    return {
      name: decl.name,
      value: raw instanceof SharedCell ? raw.v : raw,
      assign(value) {
        if (decl.isConst) throw constantError(decl.name, decl.pos);
        writeDecl(decl)(f, value);
      },
    };
  }
}

/** `<module helpers>` for a module's top level, `<eval>` for `eval` code. */
function topLevelName(origin: ScriptOrigin): string {
  return origin.text === undefined ? `<module ${origin.name}>` : '<eval>';
}
