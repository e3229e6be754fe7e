// `{{input.question}}`, `{{expected}}`, `{{case.id}}`, `{{trial}}`: a case's fields filled into the
// eval's input, the config's mock turns and the scorers. A string that is one template and nothing
// else takes the field's value as it is (an object stays an object); inside text a field is
// written as text (a string as it is, anything else as JSON).

import type { Json } from '../trace/trace-event.ts';

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]*?)\s*\}\}$/;

/** What templates may name: the case's fields and the trial's number. */
export interface TemplateScope {
  input: Record<string, Json>;
  expected?: Json;
  case: { id: string; tags: string[]; split?: string };
  trial: number;
}

export class TemplateError extends Error {
  /** Where the template is, inside the value being filled. */
  path: (string | number)[] = [];
}

export const hasTemplate = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('{{');
  if (Array.isArray(value)) return value.some(hasTemplate);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasTemplate);
  return false;
};

/** `value` with every template in its strings filled; `value` itself when it holds none. */
export function fillTemplates<T>(value: T, scope: TemplateScope): T {
  if (typeof value === 'string') return fillString(value, scope) as T;
  if (Array.isArray(value)) return value.map((item, index) => within(index, () => fillTemplates(item, scope))) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, within(key, () => fillTemplates(item, scope))]),
    ) as T;
  }
  return value;
}

/** A TemplateError from inside `key` says so in its path. */
function within<T>(key: string | number, fill: () => T): T {
  try {
    return fill();
  } catch (error) {
    if (error instanceof TemplateError) error.path.unshift(key);
    throw error;
  }
}

function fillString(text: string, scope: TemplateScope): Json {
  if (!text.includes('{{')) return text;
  const whole = WHOLE.exec(text);
  if (whole) return lookup(whole[1]!, scope);
  return text.replace(TEMPLATE, (_, path: string) => {
    const value = lookup(path, scope);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

function lookup(path: string, scope: TemplateScope): Json {
  const segments = path.split('.');
  if (segments.some((segment) => segment === '')) throw new TemplateError(`{{${path}}}: not a field path`);
  const root = segments[0]!;
  if (!['input', 'expected', 'case', 'trial'].includes(root))
    throw new TemplateError(
      `{{${path}}}: a template names input.<field>, expected, case.id, case.tags, case.split or trial`,
    );
  let value: unknown = scope;
  const walked: string[] = [];
  for (const segment of segments) {
    const container = value;
    value =
      container !== null && typeof container === 'object' && Object.hasOwn(container, segment)
        ? (container as Record<string, unknown>)[segment]
        : undefined;
    walked.push(segment);
    if (value === undefined) {
      const has =
        container !== null && typeof container === 'object' && !Array.isArray(container)
          ? ` (it has: ${Object.keys(container).join(', ') || 'nothing'})`
          : '';
      const owner = walked.length > 1 ? walked.slice(0, -1).join('.') : 'the case';
      throw new TemplateError(
        `{{${path}}}: case "${scope.case.id}" has no ${walked.join('.')}${walked.length > 1 ? `${has.replace('it has', `${owner} has`)}` : ''}`,
      );
    }
  }
  return value as Json;
}
