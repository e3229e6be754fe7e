import { z } from 'zod';

import { closedTable } from '../closed-table.ts';
import { jsonValue } from '../json-value.ts';

/** A tool as the tooling mock lists it and as an endpoint-mock request offers it; schemas stay JSON values. */
export const toolDefinitionSchema = closedTable({
  name: z.string(),
  description: z.string().optional(),
  input_schema: jsonValue,
  output_schema: jsonValue.optional(),
});
