// A decision on a held call, checked against the op's WIT signature before it acts: edited
// arguments must be values of the parameters' types, an answer a value of the op's `ok` type, and
// only an op whose result can carry an error can be rejected. What passes becomes what the host
// does with the call instead of, or on top of, calling it.

import { z } from 'zod';
import { describeProblems } from '../../contract/api-params.ts';
import type { HeldCallDecision, PausedCall } from '../../contract/agent-status.ts';
import { witValueSchema } from '../../contract/wit-value-schema.ts';
import { HOST_OPS } from '../host-api/host-ops.generated.ts';
import { snakeCase } from '../host-api/name-case.ts';
import { answerType, canFail, isBytes, parseWitType, witTypeText } from '../host-api/wit-type.ts';
import type { BeforeCall } from '../host/host.ts';

interface OpSpec {
  receiver?: string;
  params: readonly { name: string; type: string }[];
  result?: string;
}

/** Thrown for a decision the op cannot take; the held call stays held. */
export class HeldCallDecisionError extends Error {}

/** What the host does with the held `call` once the user decided; throws HeldCallDecisionError. */
export function heldCallEffect(call: PausedCall, decision: HeldCallDecision): Omit<BeforeCall, 'after'> {
  const spec = HOST_OPS[call.op] as OpSpec;
  switch (decision.kind) {
    case 'proceed':
      return {};
    case 'edit':
      return { args: editedArgs(call, spec, decision.args) };
    case 'answer':
      return { answer: { ok: true, value: answerValue(call, spec, decision.value) } };
    case 'reject':
      if (!canFail(spec.result)) {
        throw new HeldCallDecisionError(
          `${call.op} cannot fail, so it cannot be rejected: let it proceed or answer it`,
        );
      }
      if (decision.error.trim() === '') throw new HeldCallDecisionError('a rejection needs a message for the brain');
      return { answer: { ok: false, error: decision.error } };
  }
}

function editedArgs(call: PausedCall, spec: OpSpec, args: readonly unknown[]): unknown[] {
  const names = spec.params.map((param) => snakeCase(param.name));
  if (args.length !== spec.params.length) {
    throw new HeldCallDecisionError(
      `${call.op} takes ${spec.params.length} argument${spec.params.length === 1 ? '' : 's'} (${names.join(', ')}), got ${args.length}`,
    );
  }
  const schemas = spec.params.map((param) => {
    if (isBytes(parseWitType(param.type))) {
      throw new HeldCallDecisionError(`${snakeCase(param.name)} is bytes, which cannot be edited here`);
    }
    return witValueSchema(param.type);
  });
  // An absent option travels as null in JSON and as nothing in the host.
  const given = args.map((arg, i) => (arg === null && spec.params[i]!.type.startsWith('option<') ? undefined : arg));
  const parsed = z.tuple(schemas as [z.ZodType, ...z.ZodType[]]).safeParse(given, { reportInput: true });
  if (!parsed.success) throw new HeldCallDecisionError(describeProblems(names, parsed.error.issues));
  // The receiver (the provider or tool server the call is made on) is not the user's to change.
  return spec.receiver ? [call.args[0], ...(parsed.data as unknown[])] : (parsed.data as unknown[]);
}

function answerValue(call: PausedCall, spec: OpSpec, value: unknown): unknown {
  const type = answerType(spec.result);
  if (type === undefined) {
    if (value !== null && value !== undefined) throw new HeldCallDecisionError(`${call.op} answers nothing: give null`);
    return undefined;
  }
  if (isBytes(type)) throw new HeldCallDecisionError(`${call.op} answers bytes, which cannot be given here`);
  const parsed = witValueSchema(witTypeText(type)).safeParse(value, { reportInput: true });
  if (!parsed.success) throw new HeldCallDecisionError(describeProblems(['answer'], prefixed(parsed.error.issues)));
  return parsed.data;
}

/** Issues of a single value, placed under the one name `describeProblems` is given. */
const prefixed = (issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] =>
  issues.map((issue) => ({ ...issue, path: [0, ...issue.path] }));
