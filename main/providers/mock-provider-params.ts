// omw-compat 13.1: the scripted chat provider used by omw-test.

import { z } from 'zod';

import { closedTable } from '../config/closed-table.ts';
import { jsonValue } from '../config/json-value.ts';
import { priceTableParams } from '../config/params/price-table-params.ts';

/** A JSON string is the arguments text already; any other value is written inline and stringified. */
const toolCallArguments = jsonValue.transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)));

const count = z.number().int().nonnegative();

const turnSchema = closedTable({
  content: z.string().optional(),
  reasoning: z.string().optional(),
  tool_call: closedTable({
    id: z.string(),
    name: z.string(),
    arguments: toolCallArguments,
  }).optional(),
  usage: closedTable({
    prompt_tokens: count.optional(),
    completion_tokens: count.optional(),
    total_tokens: count.optional(),
  }).optional(),
  /** Emit the turn's deltas, then fail the stream with this text. */
  error: z.string().optional(),
  /** Never yield; for cancellation tests. */
  pending: z.boolean().default(false),
});

export const mockProviderParamsSchema = closedTable({
  /** One per chat call; the last one repeats once they run out. */
  turns: z.array(turnSchema).default([]),
  /** Empty means the mock reports `mock-model`. */
  models: z.array(z.string()).default([]),
  /**
   * A Brainbench extension (docs/mocks.md): above 0, content and reasoning stream a word per
   * delta, this many milliseconds apart, so a stream can be watched arriving.
   */
  stream_delay_ms: z.number().int().nonnegative().max(60_000).default(0),
  ...priceTableParams,
});

export type MockProviderParams = z.output<typeof mockProviderParamsSchema>;
