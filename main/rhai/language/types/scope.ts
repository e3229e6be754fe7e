// Host-provided variables visible to a script's top level, like upstream's `Scope`.

import type { DynamicScope, Value } from './values.ts';

export class Scope implements DynamicScope {
  private readonly vars = new Map<string, { value: Value; isConst: boolean }>();

  push(name: string, value: Value): this {
    this.vars.set(name, { value, isConst: false });
    return this;
  }

  pushConstant(name: string, value: Value): this {
    this.vars.set(name, { value, isConst: true });
    return this;
  }

  get(name: string): { value: Value } | undefined {
    return this.vars.get(name);
  }

  set(name: string, value: Value): boolean {
    const v = this.vars.get(name);
    if (!v) return false;
    v.value = value;
    return true;
  }

  isConst(name: string): boolean {
    return this.vars.get(name)?.isConst ?? false;
  }

  names(): string[] {
    return [...this.vars.keys()];
  }
}
