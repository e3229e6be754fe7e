// omw-compat 1.3: a Model Context Protocol server, tagged by `transport`. `cwd`, `headers` and
// `request_timeout_ms` are Brainbench extensions.

import { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';

/** How long one request may take; 60000 (the MCP SDK's default) when absent. */
const requestTimeout = z.number().int().positive().optional();

const stdioSchema = closedTable({
  transport: z.literal('stdio'),
  command: z.string(),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /** Working directory of the server process; a relative one is relative to the config file that set it. */
  cwd: z.string().optional(),
  request_timeout_ms: requestTimeout,
});

const httpSchema = closedTable({
  transport: z.literal('http'),
  url: z.url(),
  auth_token: z.string().optional(),
  /** Extra request headers. */
  headers: z.record(z.string(), z.string()).default({}),
  request_timeout_ms: requestTimeout,
});

export const mcpToolingParamsSchema = z.discriminatedUnion('transport', [stdioSchema, httpSchema]);

export type McpToolingParams = z.output<typeof mcpToolingParamsSchema>;
