// The omw host API as a Rhai brain calls it (omw-compat 10): snake_case functions under
// `omw::host::`, the `omw::provider::get` / `omw::tooling::get` lookups, and the methods of the
// handles they return. The workbench's editor and `brainbench lsp` complete and document from it.

import { snakeCase } from './name-case.ts';
import {
  OMW_GUEST_HELPERS,
  OMW_HOST_FUNCTIONS,
  omwHandleLookup,
  omwHandleMethods,
  type OmwApiFunction,
} from './omw-api.ts';

export interface RhaiApiEntry {
  /** What completion inserts after `omw::`, e.g. `host::time_now`. */
  path: string;
  signature: string;
  doc: string;
}

/** A handle method as a brain calls it on the map `omw::provider::get` returned, e.g. `p.chat(...)`. */
export interface RhaiHandleMethod {
  name: string;
  signature: string;
  doc: string;
}

const rhaiParams = (fn: OmwApiFunction) => fn.params.map((p) => snakeCase(p.name)).join(', ');
const rhaiResult = (fn: OmwApiFunction) => (fn.result ? ` -> ${fn.result}` : '');
const rhaiDoc = (fn: OmwApiFunction) =>
  `${fn.doc ? `${fn.doc} ` : ''}Calls \`${fn.op}\`; an \`err\` result is a catchable Rhai error.`;

function hostEntry(fn: OmwApiFunction): RhaiApiEntry {
  const path = `host::${snakeCase(fn.name)}`;
  return { path, signature: `omw::${path}(${rhaiParams(fn)})${rhaiResult(fn)}`, doc: rhaiDoc(fn) };
}

/** The guest-side helpers' docs, in Rhai's words (`()` is Rhai's nothing). */
const HELPER_DOCS: Record<string, string> = {
  'memory-get-as': 'Reads memory and parses its JSON; `()` when absent.',
  'memory-set-as': 'JSON-encodes the value into memory.',
};

function lookupEntry(kind: 'provider' | 'tooling', what: string): RhaiApiEntry {
  const path = `${kind}::get`;
  const methods = omwHandleMethods(kind).map((fn) => snakeCase(fn.name));
  return {
    path,
    signature: `omw::${path}(${rhaiParams(omwHandleLookup(kind))})`,
    doc: `A ${what} handle: a map with \`name\` and the methods ${methods.join(', ')}.`,
  };
}

/** Everything reachable under `omw::` in a Rhai brain (docs/rhai-runtime.md). */
export const OMW_RHAI_API: RhaiApiEntry[] = [
  ...OMW_HOST_FUNCTIONS.map(hostEntry),
  ...OMW_GUEST_HELPERS.map((helper) => {
    const path = `host::${snakeCase(helper.name)}`;
    return { path, signature: `omw::${path}(${helper.params.join(', ')})`, doc: HELPER_DOCS[helper.name] ?? '' };
  }),
  lookupEntry('provider', 'provider'),
  lookupEntry('tooling', 'tooling'),
];

/** The methods of a provider or tooling handle, as a Rhai brain calls them. */
export function rhaiHandleMethods(kind: 'provider' | 'tooling'): RhaiHandleMethod[] {
  return omwHandleMethods(kind).map((fn) => {
    const name = snakeCase(fn.name);
    return { name, signature: `${name}(${rhaiParams(fn)})${rhaiResult(fn)}`, doc: rhaiDoc(fn) };
  });
}

/** Rhai's built-in functions the evaluator handles itself, which completion offers beside the keywords. */
export const RHAI_INTRINSICS = ['Fn', 'call', 'curry', 'is_def_fn', 'is_def_var', 'type_of', 'print', 'debug', 'eval'];
