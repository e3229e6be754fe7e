import type { SourceLocation } from './config-types.ts';
import type { KeyPath } from './key-path.ts';
import type { Locate } from './key-positions.ts';

/** One layer of configuration: a parsed file, standard input or the environment overlay. */
export interface ConfigDocument {
  /** Shown in messages; `<stdin>` or `<environment>` when the layer is not a file. */
  file: string;
  /** The directory relative `script` paths written by this layer resolve against. */
  scriptBase: string;
  data: Record<string, unknown>;
  locate(path: KeyPath): SourceLocation | undefined;
}

export type ConfigTable = Record<string, unknown>;

export const isConfigTable = (value: unknown): value is ConfigTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a format reader produces: the parsed value and where its keys are. */
export interface ParsedText {
  data: unknown;
  locate: Locate;
}
