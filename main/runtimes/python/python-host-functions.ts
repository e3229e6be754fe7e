// The JavaScript functions a Python brain's `omw` calls (python-prelude.ts wraps them): one
// table of every host function, handle method and handle lookup, indexed, and the two ways a
// call's arguments arrive (as they are, or as JSON text). A str, int or bool answer goes back as
// it is; any other as JSON text, which the prelude turns into attribute objects; unit and absent
// answers as undefined (None). A failure the brain may catch comes back as the `failed` token, and
// `failure()` says what it was: a JavaScript exception thrown into Python costs milliseconds, the
// token microseconds.

import { randomUUID } from 'node:crypto';
import { HostCallError } from '../../host-api/host-call-error.ts';
import { HOST_OPS, type HostOp } from '../../host-api/host-ops.generated.ts';
import { isPayloadless, shapeOf } from '../../host-api/wit-shape.ts';
import { answerType, type WitType } from '../../host-api/wit-type.ts';
import type { BindingOp, HandleKind } from '../binding/binding-ops.ts';
import type { HostCall } from '../engine.ts';
import { PythonArgumentError } from './python-argument-error.ts';
import { PY_OPS } from './python-binding.ts';
import { argumentsFromJson, type PyValue } from './python-values.ts';

type Implementation = (args: readonly PyValue[]) => PyValue;

/** What goes back to the prelude: a str, int or bool, JSON text, the failed token, or None. */
export type HostAnswer = string | number | bigint | boolean | undefined;

export interface PythonHostFunctions {
  call(index: number, ...args: PyValue[]): HostAnswer;
  callTree(index: number, argumentsJson: string): HostAnswer;
  /** Returned in place of an answer when the call failed; unguessable, so no answer equals it. */
  failed: string;
  /** The last failure: `T` (a TypeError) or `R` (a RuntimeError), then the message. */
  failure(): string;
  /** What python-prelude.ts's `install` builds the functions from: `[index, name, min, max, json]` each. */
  opsJson: string;
}

/** True when the answer can hold a record, a list or bytes, which travel as JSON text. */
function answersJson(type: WitType | undefined): boolean {
  if (type === undefined || type.kind === 'primitive') return false;
  if (type.kind === 'option') return answersJson(type.inner);
  if (type.kind !== 'named') return true;
  const shape = shapeOf(type.name);
  return shape.kind !== 'resource' && !isPayloadless(shape);
}

const HANDLE_KINDS: readonly HandleKind[] = ['provider', 'tooling'];
const requireString = PY_OPS.argument('string');

export function pythonHostFunctions(hostCall: HostCall): PythonHostFunctions {
  const implementations: Implementation[] = [];
  const add = (implementation: Implementation): number => implementations.push(implementation) - 1;
  const encoded = new Set<number>();
  const entry = (op: BindingOp<PyValue>, receiver: boolean) => {
    const signature = HOST_OPS[op.op];
    const json = answersJson(answerType('result' in signature ? signature.result : undefined));
    const index = add((args) => {
      const [first, ...rest] = args;
      const hostArgs = receiver ? [first, ...op.argumentsFromGuest(rest)] : op.argumentsFromGuest(args);
      return op.answerForGuest(hostCall(op.op, hostArgs));
    });
    if (json) encoded.add(index);
    return [index, op.name, op.minArity, op.maxArity, json] as const;
  };
  const lookup = (kind: HandleKind): number =>
    add(([name]) => {
      // Success is all the answer says: per HostCall's receiver convention, a handle is its name.
      hostCall(`${kind}.get` satisfies HostOp, [requireString(name, 'name')]);
      return undefined;
    });
  const ops = {
    host: PY_OPS.hostFunctions.map((op) => entry(op, false)),
    provider: PY_OPS.handleMethods('provider').map((op) => entry(op, true)),
    tooling: PY_OPS.handleMethods('tooling').map((op) => entry(op, true)),
    get: Object.fromEntries(HANDLE_KINDS.map((kind) => [kind, lookup(kind)])),
  };
  const failed = `\u0000omw-failed-${randomUUID()}`;
  let failure = '';
  const answer = (index: number, args: readonly PyValue[]): HostAnswer => {
    let value: PyValue;
    try {
      value = implementations[index]!(args);
    } catch (error) {
      if (error instanceof HostCallError) failure = `R${error.message}`;
      else if (error instanceof PythonArgumentError) failure = `T${error.message}`;
      else throw error;
      return failed;
    }
    if (value === undefined) return undefined;
    if (encoded.has(index) || (typeof value === 'object' && value !== null)) return JSON.stringify(value);
    return value ?? undefined;
  };
  return {
    failed,
    failure: () => failure,
    call: (index, ...args) => answer(index, args),
    callTree: (index, argumentsJson) => answer(index, argumentsFromJson(argumentsJson)),
    opsJson: JSON.stringify(ops),
  };
}
