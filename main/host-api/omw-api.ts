// The omw host API as brains see it, in WIT's own (kebab-case) names: every function of
// `omw::host`, every method of a provider or tooling handle, and the guest-side helpers each
// binding adds. Derived from the WIT-generated host-op table; each language's editor support
// (the Rhai completion table, the JavaScript typings, the language server) spells the names its
// own way (name-case.ts), so they can never drift from what the host offers.

import { OMITTABLE_ARGUMENTS } from './guest-defaults.ts';
import { HOST_OPS, type HostOp } from './host-ops.generated.ts';
import { canFail } from './wit-type.ts';

/** Where a function lives in a binding: the `host` functions or one kind of handle's methods. */
export type OmwApiOwner = 'host' | 'provider' | 'tooling';

export interface OmwApiParam {
  /** The WIT name, e.g. `finish-reason`. */
  name: string;
  /** The WIT type as written, e.g. `list<chat-message>`. */
  type: string;
  /** Opaque JSON text on the wire: a binding takes (and hands back) the parsed value. */
  json: boolean;
  /** A brain may leave it out: the bindings fill in a default (guest-defaults.ts). */
  omittable: boolean;
}

export interface OmwApiFunction {
  op: HostOp;
  owner: OmwApiOwner;
  /** The WIT name, e.g. `time-now`. */
  name: string;
  params: readonly OmwApiParam[];
  /** The WIT result type, when there is one. */
  result?: string;
  /** The WIT doc comment, when there is one. */
  doc?: string;
  /** An `err` result: every binding raises it as the language's error. */
  canFail: boolean;
}

interface OpSpec {
  receiver?: 'provider' | 'tooling';
  params: readonly { name: string; type: string; json?: boolean }[];
  result?: string;
  doc?: string;
}

const specOf = (op: HostOp): OpSpec => HOST_OPS[op] as OpSpec;
const nameOf = (op: HostOp) => op.slice(op.indexOf('.') + 1);
const ops = Object.keys(HOST_OPS) as HostOp[];

function apiFunction(op: HostOp, owner: OmwApiOwner): OmwApiFunction {
  const spec = specOf(op);
  const fn: OmwApiFunction = {
    op,
    owner,
    name: nameOf(op),
    params: spec.params.map((p) => ({
      name: p.name,
      type: p.type,
      json: p.json ?? false,
      omittable: OMITTABLE_ARGUMENTS[p.type] !== undefined,
    })),
    canFail: canFail(spec.result),
  };
  if (spec.result !== undefined) fn.result = spec.result;
  if (spec.doc !== undefined) fn.doc = spec.doc;
  return fn;
}

/** The functions of `omw::host` / `omw.host`, in WIT order. */
export const OMW_HOST_FUNCTIONS: readonly OmwApiFunction[] = ops
  .filter((op) => op.startsWith('host.'))
  .map((op) => apiFunction(op, 'host'));

/**
 * The methods of a provider or tooling handle. A handle's `name` is a property holding the
 * configured name, not a method, in every binding.
 */
export function omwHandleMethods(kind: 'provider' | 'tooling'): readonly OmwApiFunction[] {
  return ops.filter((op) => specOf(op).receiver === kind && nameOf(op) !== 'name').map((op) => apiFunction(op, kind));
}

/** `provider.get` / `tooling.get`: the lookups that hand a brain its handles. */
export const omwHandleLookup = (kind: 'provider' | 'tooling'): OmwApiFunction => apiFunction(`${kind}.get`, kind);

/** A helper every binding adds on the guest side, on top of a host function (omw-compat 8). */
export interface OmwGuestHelper {
  name: string;
  params: readonly string[];
  /** The host function it calls. */
  calls: HostOp;
}

/** `memory-get-as` and `memory-set-as`: memory holding JSON, read and written as values. */
export const OMW_GUEST_HELPERS: readonly OmwGuestHelper[] = [
  { name: 'memory-get-as', params: ['key'], calls: 'host.memory-get' },
  { name: 'memory-set-as', params: ['key', 'value'], calls: 'host.memory-set' },
];

/** Host ops a breakpoint can hold an agent before, grouped as the breakpoint menu shows them. */
export const BREAKPOINT_OPS: HostOp[] = ops.filter((op) => !op.endsWith('.name') && !op.endsWith('.kind'));
