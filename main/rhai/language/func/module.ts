// A Rhai module: namespaced functions, variables and sub-modules. Host-registered static modules
// and modules compiled from imported scripts share this shape.

import type { NativeFn, NativeOverload, ScriptFunction } from './functions.ts';
import { FunctionTable } from './functions.ts';
import type { Value } from '../types/values.ts';

export class Module {
  readonly natives = new FunctionTable();
  readonly scriptFunctions = new Map<string, ScriptFunction>();
  readonly variables = new Map<string, Value>();
  readonly subModules = new Map<string, Module>();
  readonly rhaiTypeName = 'module';

  constructor(readonly name = '') {}

  /** Functions also callable without the namespace once the module is registered statically. */
  readonly globalNatives: { name: string; overload: NativeOverload }[] = [];

  /**
   * Registers a native function; `params` are `type_of` names used for overload dispatch.
   * `mutates`: the function changes args[0], which is written back to a variable argument.
   * `global`: like upstream's FnNamespace::Global, also callable as a plain function.
   */
  setNativeFn(
    name: string,
    params: number | readonly (string | undefined)[],
    fn: NativeFn,
    options: { mutates?: boolean; global?: boolean } = {},
  ): this {
    const overload: NativeOverload =
      typeof params === 'number'
        ? { arity: params, fn, mutates: options.mutates ?? false }
        : { arity: params.length, types: params, fn, mutates: options.mutates ?? false };
    this.natives.add(name, overload);
    if (options.global) this.globalNatives.push({ name, overload });
    return this;
  }

  setVar(name: string, value: Value): this {
    this.variables.set(name, value);
    return this;
  }

  setSubModule(name: string, module: Module): this {
    this.subModules.set(name, module);
    return this;
  }

  subModule(name: string): Module {
    let m = this.subModules.get(name);
    if (!m) {
      m = new Module(name);
      this.subModules.set(name, m);
    }
    return m;
  }
}
