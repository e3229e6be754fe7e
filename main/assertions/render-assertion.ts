// Assertions as the diff shows them: TOML inline tables, close to how they were written.

import type { Json } from '../trace/trace-event.ts';
import type { EventAssertion, Step } from './assertion-types.ts';

const BARE_TOML_KEY = /^[A-Za-z0-9_-]+$/;

export function renderStep(step: Step): string {
  const assertion = renderEventAssertion(step.assertion);
  return step.mode === 'once' ? assertion : `{ "$${step.mode}" = ${assertion} }`;
}

function renderEventAssertion(assertion: EventAssertion): string {
  return renderInlineTable(Object.entries(assertion).filter(([, value]) => value !== undefined));
}

export function renderInline(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return renderInlineTable(Object.entries(value));
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function renderInlineTable(entries: readonly [string, Json][]): string {
  if (entries.length === 0) return '{}';
  const fields = entries.map(([key, value]) => `${renderKey(key)} = ${renderInline(value)}`);
  return `{ ${fields.join(', ')} }`;
}

function renderKey(key: string): string {
  return BARE_TOML_KEY.test(key) ? key : JSON.stringify(key);
}
