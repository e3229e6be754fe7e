// The JSON Schema (draft 2020-12) of an eval file, from the zod schema that validates it, for
// editors (taplo, the YAML language server) and `brainbench schema --eval`.

import { z } from 'zod';

import { evalSchema } from './eval-schema.ts';

export function evalJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(evalSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Brainbench eval file',
    description:
      'An eval (docs/evals.md): the config under test, a dataset, its input, its end, its scorers and trials.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
