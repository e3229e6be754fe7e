// Compile-time variable scopes. Each function body gets one FnScope whose declarations map to
// frame slots; closures reach outward and turn what they capture into shared cells.

import type { VarDecl } from '../ast/ast.ts';
import type { Position } from '../types/errors.ts';

export class FnScope {
  private readonly stack: VarDecl[] = [];
  /** How many declarations of each name are on the stack, for counting distinct live names. */
  private readonly nameCounts = new Map<string, number>();
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
    this.nameCounts.set(name, (this.nameCounts.get(name) ?? 0) + 1);
    const decl: VarDecl = { name, slot: this.slots++, isConst, captured: false, live: this.nameCounts.size, pos };
    this.stack.push(decl);
    return decl;
  }

  mark(): number {
    return this.stack.length;
  }

  release(mark: number): void {
    for (let i = mark; i < this.stack.length; i++) {
      const name = this.stack[i]!.name;
      const n = this.nameCounts.get(name)! - 1;
      if (n === 0) this.nameCounts.delete(name);
      else this.nameCounts.set(name, n);
    }
    this.stack.length = mark;
  }

  findLocal(name: string): VarDecl | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const d = this.stack[i]!;
      if (d.name === name) return d;
    }
    return this.captureByName.get(name);
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
