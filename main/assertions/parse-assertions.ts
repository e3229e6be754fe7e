// Reads the `[assertions]` table as the config loader hands it over (parsed TOML/YAML/JSON, not yet
// checked) and rejects anything omw would reject or could never match, naming where it sits.

import type { OmwEventKind } from '../host-api/wit-types.generated.ts';
import { AssertionParseError } from './assertion-parse-error.ts';
import type {
  AgentAssertion,
  CallAssertion,
  ClosedAssertion,
  EventAssertion,
  InboundAssertion,
  OpenedAssertion,
  OutcomeAssertion,
  Step,
} from './assertion-types.ts';
import { indexPath, keyPath } from './data-path.ts';
import { checkPattern } from './pattern.ts';
import { SENTINEL_MODES } from './sequence-cursor.ts';

type Table = Record<string, unknown>;

const EVENT_KINDS: Record<OmwEventKind, true> = {
  message: true,
  error: true,
  timer: true,
  reload: true,
  shutdown: true,
  'chat-delta': true,
  'chat-end': true,
  'tool-result': true,
  'resource-list-updated': true,
  'resource-updated': true,
  'endpoint-message': true,
  'endpoint-session-end': true,
};

/** The `[assertions]` table, keyed by agent name; absent means no agent is judged. */
export function parseAssertions(raw: unknown): Record<string, AgentAssertion> {
  if (raw === undefined) return {};
  const table = expectTable(raw, 'assertions');
  return Object.fromEntries(
    Object.entries(table).map(([agent, value]) => [agent, parseAgentAssertion(value, keyPath('assertions', agent))]),
  );
}

/**
 * One event assertion outside an `events` list, e.g. a mock's `after` gate. A `$while` / `$until`
 * wrapper is accepted and judged by the assertion it wraps (omw-compat 13.5).
 */
export function parseEventAssertion(raw: unknown, path: string): EventAssertion {
  return parseStep(raw, path).assertion;
}

function parseAgentAssertion(raw: unknown, path: string): AgentAssertion {
  const table = expectTable(raw, path);
  rejectUnknownKeys(table, ['outcome', 'events'], path, 'an agent assertion');
  const eventsPath = keyPath(path, 'events');
  const events = table.events === undefined ? [] : expectArray(table.events, eventsPath);
  const steps = events.map((entry, index) => parseStep(entry, indexPath(eventsPath, index)));
  if (table.outcome === undefined) return { events: steps };
  return { outcome: parseOutcome(table.outcome, keyPath(path, 'outcome')), events: steps };
}

function parseOutcome(raw: unknown, path: string): OutcomeAssertion {
  if (raw === 'completed' || raw === 'asserted') return raw;
  if (isTable(raw) && typeof raw.exited === 'string' && Object.keys(raw).length === 1) return { exited: raw.exited };
  throw new AssertionParseError(
    path,
    `expected "completed", "asserted" or { exited = "<message>" }, got ${describeValue(raw)}`,
  );
}

function parseStep(raw: unknown, path: string): Step {
  const table = expectTable(raw, path);
  for (const [sentinel, mode] of SENTINEL_MODES) {
    if (!Object.hasOwn(table, sentinel)) continue;
    if (Object.keys(table).length !== 1)
      throw new AssertionParseError(path, `a "${sentinel}" entry takes no other keys`);
    return { mode, assertion: parsePlainAssertion(table[sentinel], keyPath(path, sentinel)) };
  }
  return { mode: 'once', assertion: parsePlainAssertion(table, path) };
}

function parsePlainAssertion(raw: unknown, path: string): EventAssertion {
  const table = expectTable(raw, path);
  const nested = Object.keys(table).find((key) => SENTINEL_MODES.has(key));
  if (nested) throw new AssertionParseError(path, `"${nested}" must wrap a plain assertion, not another sentinel`);
  switch (table.kind) {
    case 'call': {
      rejectUnknownKeys(table, ['kind', 'op', 'detail'], path, 'a call assertion');
      const assertion: CallAssertion = { kind: 'call' };
      if (table.op !== undefined) assertion.op = parseRegex(table.op, keyPath(path, 'op'));
      if (table.detail !== undefined) assertion.detail = checkPattern(table.detail, keyPath(path, 'detail'));
      return assertion;
    }
    case 'inbound': {
      rejectUnknownKeys(table, ['kind', 'event', 'payload'], path, 'an inbound assertion');
      const assertion: InboundAssertion = { kind: 'inbound' };
      if (table.event !== undefined) assertion.event = parseEventKind(table.event, keyPath(path, 'event'));
      if (table.payload !== undefined) assertion.payload = checkPattern(table.payload, keyPath(path, 'payload'));
      return assertion;
    }
    case 'opened': {
      rejectUnknownKeys(table, ['kind', 'source'], path, 'an opened assertion');
      const assertion: OpenedAssertion = { kind: 'opened' };
      if (table.source !== undefined) assertion.source = parseRegex(table.source, keyPath(path, 'source'));
      return assertion;
    }
    case 'closed': {
      rejectUnknownKeys(table, ['kind', 'source', 'reason'], path, 'a closed assertion');
      const assertion: ClosedAssertion = { kind: 'closed' };
      if (table.source !== undefined) assertion.source = parseRegex(table.source, keyPath(path, 'source'));
      if (table.reason !== undefined) assertion.reason = parseRegex(table.reason, keyPath(path, 'reason'));
      return assertion;
    }
    case undefined:
      throw new AssertionParseError(path, 'missing "kind" (call, inbound, opened or closed)');
    default:
      throw new AssertionParseError(
        keyPath(path, 'kind'),
        `unknown kind ${describeValue(table.kind)}; expected call, inbound, opened or closed`,
      );
  }
}

// op, source and reason are only ever strings, so a non-string pattern could never match.
function parseRegex(raw: unknown, path: string): string {
  if (typeof raw !== 'string')
    throw new AssertionParseError(path, `expected a regex string, got ${describeValue(raw)}`);
  checkPattern(raw, path);
  return raw;
}

function parseEventKind(raw: unknown, path: string): OmwEventKind {
  if (typeof raw === 'string' && Object.hasOwn(EVENT_KINDS, raw)) return raw as OmwEventKind;
  throw new AssertionParseError(
    path,
    `unknown event kind ${describeValue(raw)}; expected one of ${Object.keys(EVENT_KINDS).join(', ')}`,
  );
}

function rejectUnknownKeys(table: Table, known: readonly string[], path: string, what: string): void {
  const unknown = Object.keys(table).find((key) => !known.includes(key));
  if (unknown === undefined) return;
  throw new AssertionParseError(keyPath(path, unknown), `unknown key; ${what} takes ${known.join(', ')}`);
}

function expectTable(raw: unknown, path: string): Table {
  if (isTable(raw)) return raw;
  throw new AssertionParseError(path, `expected a table, got ${describeValue(raw)}`);
}

function expectArray(raw: unknown, path: string): readonly unknown[] {
  if (Array.isArray(raw)) return raw;
  throw new AssertionParseError(path, `expected an array, got ${describeValue(raw)}`);
}

function isTable(raw: unknown): raw is Table {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !(raw instanceof Date);
}

function describeValue(raw: unknown): string {
  if (Array.isArray(raw)) return 'an array';
  if (raw === null || raw === undefined) return String(raw);
  if (typeof raw === 'string') return JSON.stringify(raw);
  if (typeof raw === 'object') return raw instanceof Date ? 'a date-time' : 'a table';
  return `${typeof raw} ${String(raw)}`;
}
