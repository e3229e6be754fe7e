// The realm's own functions in front of the host's (realm-api.ts). Each RealmKernel function is
// wrapped once, when the realm starts and before any brain code exists, in a function made here,
// so what Pyodide and the brain hold is always a function of this realm: its `constructor` is this
// realm's `Function`, whose global has nothing of the host. The host function itself lives on only
// in these closures. A host function never throws on purpose (it answers the failure token); what
// can still escape it, a stack overflow at its very entry, is caught here without being looked at,
// since the error object it carries belongs to the host.

import type { KernelFunctions, RealmKernel } from './realm-api.ts';

type HostFunction = (...args: never[]) => unknown;

/** The kernel's functions as this realm's own: the same names, failures thrown. */
export type Door = Readonly<KernelFunctions> & { readonly failedToken: string; lastError(): string };

const apply = Reflect.apply;
const RealmError = Error;
const RealmRangeError = RangeError;
const RealmString = String;

export function openDoor(kernel: RealmKernel): Door {
  const failedToken = kernel.failedToken;
  const lastError = kernel.lastError;
  const describeFailure = (): string => {
    try {
      return RealmString(apply(lastError, undefined, []));
    } catch {
      return 'a host function failed';
    }
  };
  const wrap = (hostFunction: HostFunction) =>
    function door(...args: unknown[]): unknown {
      let answer: unknown;
      try {
        answer = apply(hostFunction, undefined, args);
      } catch {
        throw new RealmRangeError('Maximum call stack size exceeded (at a host function)');
      }
      if (answer === failedToken) throw new RealmError(describeFailure());
      return answer;
    };
  const door: Record<string, unknown> = { failedToken, lastError: describeFailure };
  for (const name of KERNEL_FUNCTIONS) door[name] = wrap(kernel[name] as HostFunction);
  return door as unknown as Door;
}

/** Every function of RealmKernel but the two the door itself uses. */
const KERNEL_FUNCTIONS = [
  'packageFileSize',
  'packageFileInto',
  'snapshotSize',
  'snapshotInto',
  'saveSnapshot',
  'loaded',
  'print',
  'now',
  'randomInto',
  'setTimer',
  'clearTimer',
  'decode',
  'encodedLength',
  'encodeInto',
  'encodedWritten',
  'call',
  'callTree',
  'failure',
  'signal',
  'growRefused',
  'statement',
  'exception',
  'wanted',
] as const satisfies readonly (keyof KernelFunctions)[];
