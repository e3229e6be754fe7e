// omw-compat 13.2: the scripted tool server used by omw-test. `after` gates stay raw here; the
// assertion module parses them (13.5).

import { z } from 'zod';

import { closedTable } from '../config/closed-table.ts';
import { jsonValue } from '../config/json-value.ts';
import { toolDefinitionSchema } from '../config/params/tool-definition-params.ts';

const afterGate = z.unknown().optional();

const resourceInfoSchema = closedTable({
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mime_type: z.string().optional(),
});

const scriptedToolCallSchema = closedTable({
  /** The tool the call must name. */
  name: z.string(),
  /** Becomes the single text content block. */
  result: z.string().default(''),
  structured_content: jsonValue.optional(),
  error: z.string().optional(),
  pending: z.boolean().default(false),
  after: afterGate,
});

const resourceListUpdateSchema = closedTable({
  /** Replaces the whole list. */
  resources: z.array(resourceInfoSchema),
  after: afterGate,
  error: z.string().optional(),
  pending: z.boolean().default(false),
});

const resourceContentUpdateSchema = closedTable({
  uri: z.string(),
  content: z.string(),
  after: afterGate,
  error: z.string().optional(),
  pending: z.boolean().default(false),
});

export const mockToolingParamsSchema = closedTable({
  tools: z.array(toolDefinitionSchema).default([]),
  tool_calls: z.array(scriptedToolCallSchema).default([]),
  initial_resource_list: z.array(resourceInfoSchema).default([]),
  /** URI -> content. */
  initial_resource_contents: z.record(z.string(), z.string()).default({}),
  resource_list_updates: z.array(resourceListUpdateSchema).default([]),
  resource_content_updates: z.array(resourceContentUpdateSchema).default([]),
  /** Pause before each scripted step on the non-injection path. */
  delay_ms: z.number().int().nonnegative().default(10),
});

export type MockToolingParams = z.output<typeof mockToolingParamsSchema>;
