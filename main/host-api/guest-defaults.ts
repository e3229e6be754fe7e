// What omw's bindings fill in when a brain leaves a value out, or gets a role wrong (omw-compat
// 11): the same for every binding, and for the editor typings, which mark these optional.

/** A payload-less variant read from a brain that is missing or not one of its cases. */
export const DEFAULT_CASES: Readonly<Record<string, string>> = { role: 'user' };

/** Argument types a brain may leave out (trailing) or pass as nothing, and what they then are. */
export const OMITTABLE_ARGUMENTS: Readonly<Record<string, () => unknown>> = { 'list<tool>': () => [] };

/** Record fields a brain may leave out, by record and field, as the canonical value they then take. */
export const FIELD_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tool: { 'input-schema': '{}' },
};
