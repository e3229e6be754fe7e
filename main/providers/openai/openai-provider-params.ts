// omw-compat 1.3: an OpenAI-compatible chat provider. `timeout_ms`, `max_retries` and `prices`
// are Brainbench extensions.

import { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';
import { jsonValue } from '../../config/json-value.ts';
import { priceTableParams } from '../../config/params/price-table-params.ts';

/** Settings every HTTP chat provider shares. */
export const httpProviderParams = {
  /** Falls back to the provider's environment variable (OPENAI_API_KEY, ANTHROPIC_API_KEY). */
  api_key: z.string().optional(),
  base_url: z.string().optional(),
  /** The default model, used when a call names none. */
  model: z.string().optional(),
  /** Default request-body settings (temperature, max_tokens, ...), free-form; per-call params merge over them. */
  params: z.record(z.string(), jsonValue).optional(),
  /** Longest silence: no bytes from the server for this long fails the request; 600000 when absent. */
  timeout_ms: z.number().int().positive().optional(),
  /** Retries of a request that failed before anything streamed (connection errors, 429, 5xx); 2 when absent. */
  max_retries: z.number().int().nonnegative().optional(),
  ...priceTableParams,
};

export const openaiProviderParamsSchema = closedTable(httpProviderParams);

export type OpenaiProviderParams = z.output<typeof openaiProviderParamsSchema>;
