// The top-level shape omw accepts (omw-compat 1.2). Implementation params stay open here: they are
// validated per kind when a back end is built (params/*.ts).

import { z } from 'zod';

import { closedTable } from './closed-table.ts';
import { jsonValue } from './json-value.ts';
import { tunablesSchema } from './tunables-schema.ts';

const agentSchema = closedTable({
  runtime: z.string(),
  script: z.string().min(1, { error: 'expected the path of the brain' }),
});

const implSchema = z.looseObject({
  kind: z.string({ error: (issue) => (issue.input === undefined ? 'expected a kind naming the back end' : undefined) }),
});

const namedImpls = z.record(z.string(), implSchema).default({});

// A loose table: unknown top-level keys are ignored, which is how omw tolerates a test's `[assertions]`.
export const configSchema = z.looseObject({
  agents: z.record(z.string(), agentSchema).default({}),
  providers: namedImpls,
  tooling: namedImpls,
  runtime: namedImpls,
  endpoint: implSchema.nullish(),
  memory: z.record(z.string(), z.record(z.string(), jsonValue)).default({}),
  tunables: tunablesSchema.prefault({}),
  assertions: z.unknown().optional(),
});

export type ConfigShape = z.output<typeof configSchema>;
