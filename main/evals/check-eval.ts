// What an eval names of its config must be there (agents, providers), and its answer must be
// clear: found before any trial runs, each a ConfigError at the eval file's line.

import { checkedBackend } from '../backends/backend-kind.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { ENDPOINT_KINDS } from '../endpoint/endpoint-kinds.ts';
import { PROVIDER_KINDS } from '../providers/provider-kinds.ts';
import { agentInit } from '../supervisor/agent-init.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';
import type { KeyPath } from '../config/key-path.ts';
import { locatedError } from '../config/located-error.ts';
import type { EvalSpec } from './load-eval.ts';

export function checkEvalAgainstConfig(spec: EvalSpec, config: OmwConfig): void {
  const { origins } = spec;
  const agents = Object.keys(config.agents);
  if (agents.length === 0)
    throw locatedError(origins, ['config'], `${spec.configFile} has no agents: there is nothing to evaluate`);
  const agent = (name: string, at: KeyPath) => {
    if (!Object.hasOwn(config.agents, name))
      throw locatedError(origins, at, `no agent "${name}" in ${spec.configFile} (it has ${agents.join(', ')})`);
  };
  if (spec.end.agent !== undefined) agent(spec.end.agent, ['end', 'agent']);
  for (const name of Object.keys(spec.input.memory ?? {})) agent(name, ['input', 'memory', name]);
  if (spec.input.message) agent(spec.input.message.to, ['input', 'message', 'to']);
  if (spec.input.event) agent(spec.input.event.to, ['input', 'event', 'to']);
  for (const scorer of spec.scorers) {
    if (scorer.kind === 'assertions')
      agent(scorer.agent, scorer.at[0] === 'assertions' ? scorer.at : [...scorer.at, 'agent']);
    if ((scorer.kind === 'judge' || scorer.kind === 'pairwise') && !Object.hasOwn(config.providers, scorer.provider)) {
      const providers = Object.keys(config.providers);
      throw locatedError(
        origins,
        [...scorer.at, 'provider'],
        `no provider "${scorer.provider}" in ${spec.configFile} (it has ${providers.join(', ') || 'none'})`,
      );
    }
  }
  if (answeringAgent(spec, config) === undefined && !spec.input.endpoint)
    throw locatedError(
      origins,
      ['end'],
      `${spec.configFile} has ${agents.length} agents: name the one whose outcome is scored with [end] agent = "…"`,
    );
  if (spec.end.endpoint_reply && !spec.input.endpoint)
    throw locatedError(
      origins,
      ['end', 'endpoint_reply'],
      'an endpoint reply ends a trial whose input is an endpoint request: add [input.endpoint]',
    );
}

/** The agent whose outcome is scored: `[end] agent`, else the input's addressee, else the only agent. */
export function answeringAgent(spec: EvalSpec, config: OmwConfig): string | undefined {
  const agents = Object.keys(config.agents);
  return (
    spec.end.agent ?? spec.input.message?.to ?? spec.input.event?.to ?? (agents.length === 1 ? agents[0] : undefined)
  );
}

/**
 * The back ends and runtimes of a trial's config checked as building them would (a mock's turns
 * as filled from a case): a mistake is found before the first trial, not by each.
 */
export function checkTrialConfig(config: OmwConfig): void {
  for (const [name, impl] of Object.entries(config.providers))
    checkedBackend(PROVIDER_KINDS, impl, config, ['providers', name]);
  for (const [name, impl] of Object.entries(config.tooling))
    checkedBackend(TOOLING_KINDS, impl, config, ['tooling', name]);
  if (config.endpoint) checkedBackend(ENDPOINT_KINDS, config.endpoint, config, ['endpoint']);
  for (const agent of Object.keys(config.agents)) agentInit(config, agent);
}
