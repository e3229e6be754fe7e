import type { Tool } from '../host-api/wit-types.generated.ts';

/** A tool's input schema as an object; a schema that is not JSON fails the call rather than guessing. */
export function toolInputSchema(tool: Tool): Record<string, unknown> {
  try {
    return JSON.parse(tool.input_schema) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`tool "${tool.name}" has an input schema that is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
