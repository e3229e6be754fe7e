// The back ends a chaos run goes on against after its mutation (docs/counterfactuals.md, Chaos):
// omw mocks derived from the recording (mock-script.ts), so that nothing reaches a real back end.
// Every provider and tool server the recording used is a mock; what each answers from the
// mutation on is what the recording got from there on, in order: the mutated agent's calls after
// the mutated one, then its later iterations'.

import type { ImplConfig, OmwConfig } from '../config/config-types.ts';
import { mockScript, type MockScript, type MockTooling } from '../recording/mock-script.ts';
import type { RecordedIteration, Recording } from '../recording/recording.ts';
import type { Mutation } from './chaos-mutations.ts';

/** `config` with every back end replaced by a mock answering as the recording did after `mutation` (`mutated`: its iteration, changed). */
export function recordedBackends(
  config: OmwConfig,
  recording: Recording,
  mutation: Mutation,
  mutated: RecordedIteration,
): OmwConfig {
  const every = [...recording.agents.values()].flatMap((agent) => agent.iterations);
  const later = recording.agents.get(mutation.agent)!.iterations.filter((it) => it.iteration > mutation.iteration);
  return mocksAnswering(
    config,
    mockScript(every),
    mockScript([{ ...mutated, calls: mutated.calls.slice(mutation.index) }, ...later]),
  );
}

/** `config` with every back end replaced by a mock answering what `agents` got in the recording, in order, from the start. */
export function recordingBackends(config: OmwConfig, recording: Recording, agents: readonly string[]): OmwConfig {
  const script = mockScript(agents.flatMap((agent) => recording.agents.get(agent)?.iterations ?? []));
  return mocksAnswering(config, script, script);
}

/** The mocks of the back ends `whole` names (and the workspace has), answering as `after` says. */
function mocksAnswering(config: OmwConfig, whole: MockScript, after: MockScript): OmwConfig {
  const providers: Record<string, ImplConfig> = Object.create(null) as Record<string, ImplConfig>;
  // Only the workspace's back ends: one the recording failed to get stays missing.
  for (const [name, provider] of whole.providers)
    if (Object.hasOwn(config.providers, name))
      providers[name] = mock({ models: provider.models, turns: after.providers.get(name)?.turns ?? [] });
  const tooling: Record<string, ImplConfig> = Object.create(null) as Record<string, ImplConfig>;
  for (const [name, script] of whole.tooling)
    if (Object.hasOwn(config.tooling, name)) tooling[name] = mock(toolingParams(script, after, name));
  return { ...config, providers, tooling, endpoint: undefined };
}

const mock = (params: Record<string, unknown>): ImplConfig => ({ kind: 'mock', params });

function toolingParams(whole: MockTooling, after: MockScript, name: string): Record<string, unknown> {
  const { resource_list_updates: lists, resource_content_updates: contents, ...rest } = whole;
  return {
    ...rest,
    tool_calls: after.tooling.get(name)?.tool_calls ?? [],
    ...(lists.length > 0 ? { resource_list_updates: lists } : {}),
    ...(contents.length > 0 ? { resource_content_updates: contents } : {}),
  };
}
