// What the fork dialog's fields amount to: the ForkEdits to send, and what is wrong with them.

import type { EventEnvelope } from '../../../../main/host-api/wit-types.generated.ts';
import type { ForkEdits, ForkPointView } from '../../../../contract/recording-views.ts';

export interface ForkFields {
  memory: [string, string][];
  inbox: EventEnvelope[];
  /** The brain's text from the fork point on, once the user starts editing it. */
  source: string | undefined;
  providerFrom: string;
  providerTo: string;
  model: string;
  iterations: string;
  name: string;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export function fieldsOf(point: ForkPointView): ForkFields {
  return {
    memory: Object.entries(point.memory),
    inbox: point.inbox,
    source: undefined,
    providerFrom: '',
    providerTo: '',
    model: '',
    iterations: '',
    name: '',
  };
}

/** Why the branch's name will not do, or undefined: its letters, and no clash with a branch there is. */
export function nameProblem(name: string, branches: readonly string[]): string | undefined {
  if (name === '') return undefined;
  if (!NAME.test(name)) return 'letters, digits, - and _ only';
  if (branches.includes(name)) return `a branch named ${name} exists already`;
  return undefined;
}

/** Every problem of the fields, by field; the dialog runs only when there are none. */
export function fieldProblems(fields: ForkFields, branches: readonly string[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = nameProblem(fields.name, branches);
  if (name) problems.name = name;
  const keys = fields.memory.map(([key]) => key);
  if (keys.some((key) => key === '')) problems.memory = 'a memory key is empty';
  else if (new Set(keys).size !== keys.length) problems.memory = 'a memory key is there twice';
  if (fields.iterations !== '' && !(Number.isInteger(Number(fields.iterations)) && Number(fields.iterations) >= 1))
    problems.iterations = 'a whole number, 1 or more';
  if ((fields.providerFrom === '') !== (fields.providerTo === ''))
    problems.provider = 'name both providers, or neither';
  return problems;
}

/**
 * Only what the user changed: an untouched field keeps the recorded state. `brain` is the text
 * the branch runs unless edited (the workspace's brain, or the recorded one).
 */
export function editsOf(fields: ForkFields, point: ForkPointView, brain: string | undefined): ForkEdits {
  const edits: ForkEdits = {};
  if (fields.name) edits.name = fields.name;
  const memory = Object.fromEntries(fields.memory);
  if (JSON.stringify(memory) !== JSON.stringify(point.memory)) edits.memory = memory;
  if (fields.inbox.length !== point.inbox.length) edits.inbox = fields.inbox;
  if (fields.source !== undefined && fields.source !== brain) edits.source = fields.source;
  if (fields.providerFrom && fields.providerTo) edits.provider = { from: fields.providerFrom, to: fields.providerTo };
  if (fields.model.trim()) edits.model = fields.model.trim();
  if (fields.iterations) edits.iterations = Number(fields.iterations);
  return edits;
}
