// omw-compat 1.3: a Model Context Protocol server, tagged by `transport`. `cwd` and `headers`
// are Brainbench extensions.

import { z } from 'zod';

import { closedTable } from '../closed-table.ts';

const stdioSchema = closedTable({
  transport: z.literal('stdio'),
  command: z.string(),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /** Working directory of the server process. */
  cwd: z.string().optional(),
});

const httpSchema = closedTable({
  transport: z.literal('http'),
  url: z.url(),
  auth_token: z.string().optional(),
  /** Extra request headers. */
  headers: z.record(z.string(), z.string()).default({}),
});

export const mcpToolingParamsSchema = z.discriminatedUnion('transport', [stdioSchema, httpSchema]);

export type McpToolingParams = z.output<typeof mcpToolingParamsSchema>;
