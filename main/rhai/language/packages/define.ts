// Registration helper shared by the standard packages.

import type { FunctionTable, NativeFn } from '../func/functions.ts';

/** `types` are `type_of` names ('?' for any); a number registers an untyped overload of that arity. */
export type Define = (name: string, types: readonly string[] | number, fn: NativeFn, mutates?: boolean) => void;

export function definer(table: FunctionTable): Define {
  return (name, types, fn, mutates = false) => {
    if (typeof types === 'number') table.add(name, { arity: types, fn, mutates });
    else table.add(name, { arity: types.length, types, fn, mutates });
  };
}
