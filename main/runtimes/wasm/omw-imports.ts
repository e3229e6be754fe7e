// The omw:omw imports of a component, as jco's instantiate() takes them: one object per interface
// (`omw:omw/host`, ...), built from the host-call table so every runtime shares one definition.
// Resources are classes whose instances carry the receiver's configured name.

import { HostCallError } from '../../host-api/host-call-error.ts';
import { HOST_OPS, type HostOp } from '../../host-api/host-ops.generated.ts';
import type { HostCall } from '../engine.ts';
import { camelCase, pascalCase } from '../../host-api/name-case.ts';
import { answerType, canFail, parseWitType } from '../../host-api/wit-type.ts';
import { fromJco, toJco } from './jco-values.ts';

type Spec = { readonly receiver?: string; readonly params: readonly { name: string; type: string }[]; result?: string };

/**
 * Thrown into the glue for the `err` arm of a WIT result: jco passes `payload` to the guest as
 * its error. An Error without one would unwind through the guest and poison its instance.
 */
interface GuestError {
  payload: string;
}

/** A failure the guest cannot be told about (the op has no `result`); it ends the iteration. */
export class UnanswerableHostError extends Error {
  override readonly name = 'UnanswerableHostError';
}

interface ResourceHandle {
  readonly receiver: string;
}

type ResourceClass = new (receiver: string) => ResourceHandle;

function resourceClass(): ResourceClass {
  return class {
    constructor(readonly receiver: string) {}
  };
}

/** Calls the host for `op` with jco arguments and returns the answer as jco expects it. */
function callThrough(hostCall: HostCall, op: HostOp, spec: Spec, classes: Map<string, ResourceClass>) {
  const fallible = canFail(spec.result);
  const answer = answerType(spec.result);
  const answerClass = answer?.kind === 'named' ? classes.get(answer.name) : undefined;
  const paramTypes = spec.params.map((param) => parseWitType(param.type));
  return (receiver: string | undefined, args: unknown[]): unknown => {
    const canonical = paramTypes.map((type, index) => fromJco(type, args[index]));
    let value: unknown;
    try {
      value = hostCall(op, receiver === undefined ? canonical : [receiver, ...canonical]);
    } catch (error) {
      if (!(error instanceof HostCallError)) throw error;
      if (fallible) throw { payload: error.message } satisfies GuestError;
      throw new UnanswerableHostError(error.message);
    }
    if (answerClass) return new answerClass(value as string);
    return answer === undefined ? undefined : toJco(answer, value);
  };
}

export type JcoImports = Record<string, Record<string, unknown>>;

/** The import object for every omw:omw interface, calling the host through `hostCall`. */
export function omwImports(hostCall: HostCall): JcoImports {
  const specs = Object.entries(HOST_OPS) as [HostOp, Spec][];
  const classes = new Map<string, ResourceClass>();
  for (const [, spec] of specs)
    if (spec.receiver && !classes.has(spec.receiver)) classes.set(spec.receiver, resourceClass());
  const imports: JcoImports = {};
  for (const [op, spec] of specs) {
    const [iface, fn] = op.split('.') as [string, string];
    const target = (imports[`omw:omw/${iface}`] ??= {});
    const call = callThrough(hostCall, op, spec, classes);
    if (spec.receiver) {
      const cls = classes.get(spec.receiver)!;
      target[pascalCase(spec.receiver)] = cls;
      Object.defineProperty(cls.prototype, camelCase(fn), {
        value: function (this: ResourceHandle, ...args: unknown[]) {
          return call(this.receiver, args);
        },
      });
    } else {
      target[camelCase(fn)] = (...args: unknown[]) => call(undefined, args);
    }
  }
  return imports;
}
