// omw-compat 1.3: an OpenAI-compatible chat provider.

import { z } from 'zod';

import { closedTable } from '../closed-table.ts';
import { jsonValue } from '../json-value.ts';

export const openaiProviderParamsSchema = closedTable({
  api_key: z.string().optional(),
  base_url: z.string().optional(),
  /** The default model. */
  model: z.string().optional(),
  /** Default request-body settings (temperature, max_tokens, ...), free-form; per-call params merge over them. */
  params: z.record(z.string(), jsonValue).optional(),
});

export type OpenaiProviderParams = z.output<typeof openaiProviderParamsSchema>;
