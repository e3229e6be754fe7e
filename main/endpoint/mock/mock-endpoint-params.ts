// omw-compat 13.3: scripted client requests against the brains' endpoint subscriptions.

import { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';
import { jsonValue } from '../../config/json-value.ts';
import { toolDefinitionSchema } from '../../config/params/tool-definition-params.ts';

const deltaCount = z.number().int().nonnegative();

const messageSchema = closedTable({
  role: z.enum(['system', 'user', 'assistant', 'tool']).default('user'),
  content: z.string().optional(),
  reasoning: z.string().optional(),
});

/** End the session from the client side after N received deltas, normally (`close`) or with an error (`abort`). */
const sessionEndSchema = z.union([closedTable({ close: deltaCount }), closedTable({ abort: deltaCount })], {
  error: 'expected { close = N } or { abort = N }',
});

const requestSchema = closedTable({
  model: z.string(),
  /** A label for snapshots only; never asserted. */
  session_id: z.string(),
  messages: z.array(messageSchema).default([]),
  tools: z.array(toolDefinitionSchema).default([]),
  /** Forwarded as the message's params. */
  params: jsonValue.default(null),
  /** Informational only. */
  stream: z.boolean().default(false),
  /** A gate (13.5), parsed by the assertion module; absent means "start". */
  after: z.unknown().optional(),
  session_end: sessionEndSchema.optional(),
});

export const mockEndpointParamsSchema = closedTable({
  requests: z.array(requestSchema).default([]),
});

export type MockEndpointRequest = z.output<typeof requestSchema>;
export type MockEndpointParams = z.output<typeof mockEndpointParamsSchema>;
