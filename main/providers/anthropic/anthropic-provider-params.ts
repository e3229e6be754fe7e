// A Brainbench extension: Anthropic's Messages API, with the openai provider's settings.

import type { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';
import { httpProviderParams } from '../openai/openai-provider-params.ts';

export const anthropicProviderParamsSchema = closedTable(httpProviderParams);

export type AnthropicProviderParams = z.output<typeof anthropicProviderParamsSchema>;
