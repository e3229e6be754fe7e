// Compile-time variable scopes. Each function body gets one FnScope whose declarations map to
// frame slots; closures reach outward and turn what they capture into shared cells.

import type { VarDecl } from '../ast/ast.ts';
import type { Position } from '../types/errors.ts';

export class FnScope {
  private readonly stack: VarDecl[] = [];
  /**
   * Where on the stack the innermost declaration of each name is, and for each declaration where
   * the one it shadows is (-1: none): a lookup costs the same however many variables a long
   * script declares, and the map's size is the number of distinct live names.
   */
  private readonly innermost = new Map<string, number>();
  private readonly shadowed: number[] = [];
  private readonly captureByName = new Map<string, VarDecl>();
  readonly captures: { outer: VarDecl; inner: VarDecl }[] = [];
  slots = 0;
  loopDepth = 0;
  /** An `eval` call has been parsed in this function: later names may be shadowed by it. */
  evalSeen = false;

  constructor(
    /** Enclosing scope, only for closures: plain functions cannot see their caller's variables. */
    readonly parent: FnScope | undefined,
    readonly isFunction: boolean,
  ) {}

  declare(name: string, isConst: boolean, pos: Position): VarDecl {
    // Shadowing a visible name does not add a variable, as far as the max-variables limit goes.
    this.shadowed.push(this.innermost.get(name) ?? -1);
    this.innermost.set(name, this.stack.length);
    const decl: VarDecl = { name, slot: this.slots++, isConst, captured: false, live: this.innermost.size, pos };
    this.stack.push(decl);
    return decl;
  }

  mark(): number {
    return this.stack.length;
  }

  release(mark: number): void {
    for (let i = this.stack.length - 1; i >= mark; i--) {
      const shadowed = this.shadowed[i]!;
      if (shadowed < 0) this.innermost.delete(this.stack[i]!.name);
      else this.innermost.set(this.stack[i]!.name, shadowed);
    }
    this.stack.length = mark;
    this.shadowed.length = mark;
  }

  findLocal(name: string): VarDecl | undefined {
    const at = this.innermost.get(name);
    return at === undefined ? this.captureByName.get(name) : this.stack[at];
  }

  resolve(name: string): VarDecl | undefined {
    const local = this.findLocal(name);
    if (local || !this.parent) return local;
    const outer = this.parent.resolve(name);
    if (!outer) return undefined;
    outer.captured = true;
    const inner: VarDecl = {
      name,
      slot: this.slots++,
      isConst: outer.isConst,
      captured: true,
      live: outer.live,
      pos: outer.pos,
    };
    this.captureByName.set(name, inner);
    this.captures.push({ outer, inner });
    return inner;
  }

  visible(): VarDecl[] {
    const seen = new Set<string>();
    const out: VarDecl[] = [];
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const d = this.stack[i]!;
      if (!seen.has(d.name)) {
        seen.add(d.name);
        out.push(d);
      }
    }
    for (const d of this.captureByName.values()) if (!seen.has(d.name)) out.push(d);
    return out;
  }
}
