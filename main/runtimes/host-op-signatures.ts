// What every binding reads from the host-op table (host-ops.generated.ts, from wit/omw.wit):
// which ops a brain calls as free functions and which as handle methods, and the WIT types of
// their arguments and results, which pick each binding's conversions.

import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';

export interface WitSignature {
  receiver?: string;
  params: readonly { name: string; type: string }[];
  result?: string;
}

export const signatureOf = (op: HostOp): WitSignature => HOST_OPS[op];

/** The `ok` type of a WIT result: the err arm never reaches a binding, HostCall throws it. */
export const okTypeOf = (result: string | undefined): string =>
  /^result<(.+), string>$/.exec(result ?? '_')?.[1] ?? result ?? '_';

/** A binding's conversion for a WIT type; a missing one is a bug in that binding, found at load. */
export function conversionFor<T>(binding: string, table: Record<string, T>, type: string, op: HostOp): T {
  const found = table[type];
  if (found === undefined) throw new Error(`the ${binding} binding has no conversion for ${type} (${op})`);
  return found;
}

const ALL_OPS = Object.keys(HOST_OPS) as HostOp[];

/** The free functions of the `host` interface. */
export const HOST_FUNCTIONS: readonly HostOp[] = ALL_OPS.filter((op) => op.startsWith('host.'));

/** The methods of a provider or tooling handle; `name` is a property of the handle instead. */
export const handleMethods = (receiver: 'provider' | 'tooling'): HostOp[] =>
  ALL_OPS.filter((op) => signatureOf(op).receiver === receiver && op !== `${receiver}.name`);
