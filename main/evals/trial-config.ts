// The config one trial runs: the config under test with the case's input in it (memory seeds, the
// endpoint request, the config's mock turns filled from the case's fields), the eval's assertions
// and its time budget. Built per trial from what is prepared once per eval, so it costs little.

import { createHash } from 'node:crypto';

import type { ImplConfig, OmwConfig } from '../config/config-types.ts';
import type { KeyOrigins } from '../config/config-types.ts';
import type { KeyPath } from '../config/key-path.ts';
import { locatedError } from '../config/located-error.ts';
import type { EventEnvelope, OmwEvent } from '../host-api/wit-types.generated.ts';
import type { Json } from '../trace/trace-event.ts';
import type { EvalCase } from './dataset.ts';
import type { EvalSpec } from './load-eval.ts';
import { fillTemplates, hasTemplate, TemplateError, type TemplateScope } from './template.ts';

/** An event put into an agent's inbox before it runs. */
export interface TrialDelivery {
  agent: string;
  envelope: EventEnvelope;
}

export interface TrialSetup {
  config: OmwConfig;
  deliveries: TrialDelivery[];
  /** The endpoint request's model, when the input is one. */
  endpointModel?: string;
}

export const scopeOf = (c: EvalCase, trial: number): TemplateScope => ({
  input: c.input,
  ...(c.expected !== undefined ? { expected: c.expected } : {}),
  case: { id: c.id, tags: c.tags, ...(c.split !== undefined ? { split: c.split } : {}) },
  trial,
});

/** A UUID that is the same for the same case and trial, so that a trial's input is too. */
export function trialUuid(caseId: string, trial: number): string {
  const hex = createHash('sha256').update(`${caseId}\u0000${trial}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const SECTIONS = ['providers', 'tooling'] as const;

export class TrialConfigs {
  /** The mock back ends whose params hold templates. */
  private readonly templated: { section: (typeof SECTIONS)[number] | 'endpoint'; name: string; impl: ImplConfig }[] =
    [];

  constructor(
    private readonly config: OmwConfig,
    private readonly spec: EvalSpec,
  ) {
    for (const section of SECTIONS)
      for (const [name, impl] of Object.entries(config[section]))
        if (impl.kind === 'mock' && hasTemplate(impl.params)) this.templated.push({ section, name, impl });
    const endpoint = config.endpoint;
    if (endpoint?.kind === 'mock' && hasTemplate(endpoint.params))
      this.templated.push({ section: 'endpoint', name: '', impl: endpoint });
  }

  /** Fills every case's templates once, so that a missing field is found before anything runs. */
  check(cases: readonly EvalCase[]): void {
    for (const c of cases) this.of(c, 1);
  }

  of(c: EvalCase, trial: number): TrialSetup {
    const scope = scopeOf(c, trial);
    const { config, spec } = this;
    const input = filled(spec.input, scope, spec.origins, ['input']);
    const copy: OmwConfig = {
      ...config,
      providers: { ...config.providers },
      tooling: { ...config.tooling },
      memory: { ...config.memory },
      tunables: {
        ...config.tunables,
        ...(spec.end.max_seconds !== undefined ? { test_timeout_secs: spec.end.max_seconds } : {}),
      },
      ...(spec.end.assertions !== false && spec.assertions !== undefined
        ? { assertions: spec.assertions }
        : { assertions: undefined }),
    };
    for (const { section, name, impl } of this.templated) {
      const at: KeyPath = section === 'endpoint' ? ['endpoint'] : [section, name];
      const params = filled(impl.params, scope, config, at);
      const replaced: ImplConfig = { kind: impl.kind, params, ...locationOf(impl) };
      if (section === 'endpoint') copy.endpoint = replaced;
      else copy[section][name] = replaced;
    }
    for (const [agent, seeds] of Object.entries(input.memory ?? {})) {
      const text = Object.fromEntries(
        Object.entries(seeds).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
      );
      copy.memory[agent] = { ...copy.memory[agent], ...text };
    }
    const id = trialUuid(c.id, trial);
    const deliveries: TrialDelivery[] = [];
    if (input.message)
      deliveries.push({
        agent: input.message.to,
        envelope: { id, event: { kind: 'message', data: input.message.payload } },
      });
    if (input.event)
      deliveries.push({ agent: input.event.to, envelope: { id, event: eventOf(input.event.event, spec.origins) } });
    if (input.endpoint) {
      const { model, messages, params } = input.endpoint;
      const request = { model, session_id: `${c.id}#${trial}`, messages, ...(params !== undefined ? { params } : {}) };
      const current = copy.endpoint;
      const requests =
        current?.kind === 'mock' && Array.isArray(current.params['requests']) ? current.params['requests'] : [];
      copy.endpoint = {
        kind: 'mock',
        params: { ...(current?.kind === 'mock' ? current.params : {}), requests: [...requests, request] },
        ...(current ? locationOf(current) : {}),
      };
    }
    return { config: copy, deliveries, ...(input.endpoint ? { endpointModel: input.endpoint.model } : {}) };
  }
}

/** Keeps a back end's position lookup (a getter, read when an error needs it). */
const locationOf = (impl: ImplConfig): Pick<ImplConfig, 'location'> => ({
  get location() {
    return impl.location;
  },
});

function filled<T>(value: T, scope: TemplateScope, origins: KeyOrigins, at: KeyPath): T {
  try {
    return fillTemplates(value, scope);
  } catch (error) {
    if (error instanceof TemplateError) throw locatedError(origins, [...at, ...error.path], error.message);
    throw error;
  }
}

function eventOf(value: Json, origins: KeyOrigins): OmwEvent {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || typeof value['kind'] !== 'string')
    throw locatedError(origins, ['input', 'event', 'event'], 'expected an event: { kind = "message", data = "…" }');
  return value as unknown as OmwEvent;
}
