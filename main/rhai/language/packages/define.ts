// Registration helper shared by the standard packages.

import type { FunctionTable, NativeFn } from '../func/functions.ts';

/**
 * Whether a native changes its first argument: `true`, or `REPORTS_SIZES` when it also reports
 * each element it adds, removes or replaces (ctx.sizes), so growing a container costs only the
 * change instead of a recount of it.
 */
export const REPORTS_SIZES = 'reports sizes';
export type Mutation = boolean | typeof REPORTS_SIZES;

/** `types` are `type_of` names ('?' for any); a number registers an untyped overload of that arity. */
export type Define = (name: string, types: readonly string[] | number, fn: NativeFn, mutates?: Mutation) => void;

export function definer(table: FunctionTable): Define {
  return (name, types, fn, mutation = false) => {
    const mutates = mutation !== false;
    const reportsSizes = mutation === REPORTS_SIZES;
    if (typeof types === 'number') table.add(name, { arity: types, fn, mutates, reportsSizes });
    else table.add(name, { arity: types.length, types, fn, mutates, reportsSizes });
  };
}
