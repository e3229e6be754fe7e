// One `kind` of a config section ([providers.<name>], [tooling.<name>], [endpoint]): the schema
// of its params and how it builds the back end. Each section has one table of them
// (provider-kinds.ts, tooling-kinds.ts, endpoint-kinds.ts), which the host's registry and the
// config's JSON Schema both read; adding a kind is its folder and one line in its table.

import type { z } from 'zod';
import type { ImplConfig, OmwConfig } from '../config/config-types.ts';
import { locatedError } from '../config/located-error.ts';
import type { KeyPath } from '../config/key-path.ts';
import { parseParams } from '../config/params/parse-params.ts';
import type { TraceRecorder } from '../trace/trace-recorder.ts';
import type { InjectionQueue } from './injection-queue.ts';

/** What the host lends every back end: the trace, and the queue of deliveries at call boundaries. */
export interface BackendEnvironment {
  trace: TraceRecorder;
  injections: InjectionQueue;
  /**
   * The environment a back end takes credentials from (a provider's key variable); the whole of
   * `process.env` when absent. A workspace that is not trusted gets less (main/trust/backend-gate.ts).
   */
  variables?: Record<string, string | undefined>;
}

/** The secret values a table holds or makes its back end use (omw-compat 1.3), from its raw keys. */
export type SecretsOf = (
  table: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
) => string[];

export interface BackendKind<Built, Env = BackendEnvironment> {
  /** The table's keys beside `kind`. */
  params: z.ZodType;
  /** `params` is what the schema made of the table; `at` is where the table is, for errors. */
  build(name: string, params: never, config: OmwConfig, env: Env, at: KeyPath): Built;
  secrets: SecretsOf;
}

/** A kind whose builder sees its params typed by its own schema. */
export function backendKind<S extends z.ZodType, Built, Env = BackendEnvironment>(
  params: S,
  build: (name: string, params: z.output<S>, config: OmwConfig, env: Env, at: KeyPath) => Built,
  secrets: SecretsOf = () => [],
): BackendKind<Built, Env> {
  return { params, build: build as BackendKind<Built, Env>['build'], secrets };
}

/** The string values of a table's map-valued key (`env`, `headers`), which are all secret. */
export const secretMap = (value: unknown): string[] =>
  value !== null && typeof value === 'object'
    ? Object.values(value).filter((item): item is string => typeof item === 'string')
    : [];

/** A table's secret string key, if it is set. */
export const secretKey = (value: unknown): string[] => (typeof value === 'string' ? [value] : []);

/**
 * The params of the back end an implementation table names, checked by its kind's schema; an
 * unknown kind or bad params are a ConfigError located at the offending key. What building the
 * back end checks, without building it (the workbench's config markers).
 */
export function checkedBackend<Built, Env>(
  kinds: Readonly<Record<string, BackendKind<Built, Env>>>,
  impl: ImplConfig,
  config: OmwConfig,
  at: KeyPath,
): { kind: BackendKind<Built, Env>; params: unknown } {
  const kind = Object.hasOwn(kinds, impl.kind) ? kinds[impl.kind] : undefined;
  if (!kind) {
    const known = Object.keys(kinds).sort().join(', ');
    throw locatedError(config, [...at, 'kind'], `unknown kind "${impl.kind}"; registered kinds: ${known}`);
  }
  return { kind, params: parseParams(kind.params, impl, config, at) };
}

/** Builds the back end an implementation table names, once `checkedBackend` accepts it. */
export function buildBackend<Built, Env>(
  kinds: Readonly<Record<string, BackendKind<Built, Env>>>,
  name: string,
  impl: ImplConfig,
  config: OmwConfig,
  env: Env,
  at: KeyPath,
): Built {
  const { kind, params } = checkedBackend(kinds, impl, config, at);
  return kind.build(name, params as never, config, env, at);
}
