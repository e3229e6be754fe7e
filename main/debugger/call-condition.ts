// A host-call breakpoint's condition: a Rhai expression over the call. In scope are `op` (the
// op's name, `provider.chat`), `args` (its arguments as the WIT types have them), each argument
// under its WIT name in snake_case (`model`, `messages`, …) and, for a resource method, `receiver`
// (the provider's or tooling's configured name). Rhai because it is sandboxed, runs on the host,
// and is one of the brain languages already.

import { Engine } from '../rhai/language/engine.ts';
import { fromPlain, type PlainValue } from '../rhai/language/types/interop.ts';
import { Scope } from '../rhai/language/types/scope.ts';
import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import { snakeCase } from '../host-api/name-case.ts';
import type { CallCondition } from '../supervisor/supervisor.ts';

const engine = new Engine();

interface OpSpec {
  receiver?: string;
  params: readonly { name: string }[];
}

function callScope(op: HostOp, args: readonly unknown[]): Scope {
  const spec = HOST_OPS[op] as OpSpec;
  const scope = new Scope().push('op', op).push('args', fromPlain(args as PlainValue[]));
  const offset = spec.receiver ? 1 : 0;
  if (spec.receiver) scope.push('receiver', fromPlain(args[0] as PlainValue));
  spec.params.forEach((param, i) => scope.push(snakeCase(param.name), fromPlain(args[i + offset] as PlainValue)));
  return scope;
}

/**
 * Compiles `expression` for calls of `op`; throws with Rhai's message and position when it does
 * not parse. A condition that fails on a call, or is not a bool, holds it and says why.
 */
export function callCondition(
  op: HostOp,
  expression: string,
  onError: (agent: string, message: string) => void,
): CallCondition {
  const script = engine.compileExpression(expression, callScope(op, []));
  return (agent, calledOp, args) => {
    try {
      const value = engine.run(script, { scope: callScope(calledOp, args) });
      if (typeof value !== 'boolean') throw new Error(`it gave a ${typeof value}, not a bool`);
      return value;
    } catch (error) {
      onError(agent, error instanceof Error ? error.message : String(error));
      return true;
    }
  };
}
