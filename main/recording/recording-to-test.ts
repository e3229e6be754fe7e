import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { stringify } from 'smol-toml';
import type { Json } from '../trace/trace-event.ts';
import { mockScript, type MockTooling } from './mock-script.ts';
import { recordedAssertions } from './recorded-assertions.ts';
import type { RecordedIteration, Recording } from './recording.ts';
import { RecordingError } from './recording-reader.ts';

/**
 * Writes an omw test folder from a recording: `omw.test.base.toml` with the agents (their brains
 * copied beside it, as recorded), their runtimes and mocks in place of every provider and tool
 * server, answering as the recording did; `omw.test.toml` with the assertions, what each agent
 * was seen to do in its first recorded iteration (omw-test runs each brain once). Returns the
 * files written.
 */
export function writeRecordingTest(
  recording: Recording,
  dir: string,
  agents?: readonly string[],
  warn: (message: string) => void = () => {},
): string[] {
  const names = agents ?? [...recording.agents.keys()].sort();
  const { header } = recording;
  const unknown = names.filter((name) => !recording.agents.get(name)?.iterations[0]);
  if (unknown.length > 0) throw new RecordingError(`no recorded iteration of ${unknown.join(', ')}`);
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    written.push(join(dir, name));
  };
  const firsts = names.map((name) => recording.agents.get(name)!.iterations[0]!);
  const mocks = mockScript(firsts);
  for (const warning of mocks.warnings) warn(warning);
  const talking = talkingAgents(names, firsts);
  if (talking.length > 1) {
    warn(
      `${talking.slice(0, -1).join(', ')} and ${talking.at(-1)} send each other messages: what one does may depend on when the other's arrive, which this test does not fix`,
    );
  }

  const agentTables: Record<string, Json> = {};
  const runtimes: Record<string, Json> = {};
  for (const name of names) {
    const agent = header.config.agents[name]!;
    const brain = header.brains[name];
    const file = `${name}${extname(agent.script) || extname(brain?.path ?? '')}`;
    if (brain?.source !== undefined) write(file, brain.source);
    else {
      copyFileSync(agent.script, join(dir, file));
      written.push(join(dir, file));
    }
    agentTables[name] = { runtime: agent.runtime, script: file };
    const runtime = header.config.runtime[agent.runtime]!;
    runtimes[agent.runtime] = { kind: runtime.kind, ...(runtime.params as { [key: string]: Json }) };
  }
  const memory = Object.fromEntries(
    names.flatMap((name) => (header.config.memory[name] ? [[name, header.config.memory[name]!]] : [])),
  );
  const providers = Object.fromEntries([...mocks.providers].map(([name, mock]) => [name, { kind: 'mock', ...mock }]));
  const tooling = Object.fromEntries(
    [...mocks.tooling].map(([name, script]) => [name, { kind: 'mock', ...withoutEmptyUpdates(script) }]),
  );
  const base = {
    runtime: runtimes,
    agents: agentTables,
    ...(Object.keys(memory).length > 0 ? { memory } : {}),
    ...(Object.keys(providers).length > 0 ? { providers } : {}),
    ...(Object.keys(tooling).length > 0 ? { tooling } : {}),
    ...(mocks.endpoint.length > 0 ? { endpoint: { kind: 'mock', requests: mocks.endpoint } } : {}),
  };
  const from = `# Written by brainbench replay --to-test from ${basename(header.configFile)}'s recording of ${new Date(header.createdAt).toISOString()}.\n`;
  write(
    'omw.test.base.toml',
    `${from}# The agents, their runtimes, and mocks that answer as the recorded back ends did.\n\n${stringify(base)}\n`,
  );
  const assertions = Object.fromEntries(names.map((name, i) => [name, recordedAssertions(firsts[i]!)]));
  write(
    'omw.test.toml',
    `${from}# What each agent was seen to do: its calls and events in order, and its outcome.\n\n${stringify({ assertions })}\n`,
  );
  return written;
}

/** Update lists only where a subscription received updates, so the written mock reads as hand-written ones do. */
function withoutEmptyUpdates(script: MockTooling): Partial<MockTooling> {
  const { resource_list_updates: lists, resource_content_updates: contents, ...rest } = script;
  return {
    ...rest,
    ...(lists.length > 0 ? { resource_list_updates: lists } : {}),
    ...(contents.length > 0 ? { resource_content_updates: contents } : {}),
  };
}

/** The written agents that send messages to another written agent, or get them from one. */
function talkingAgents(names: readonly string[], firsts: readonly RecordedIteration[]): string[] {
  const talking = new Set<string>();
  firsts.forEach((iteration, i) => {
    for (const call of iteration.calls) {
      const to = String(call.args[0]);
      if (call.op === 'host.send-agent' && to !== names[i] && names.includes(to)) talking.add(names[i]!).add(to);
    }
  });
  return names.filter((name) => talking.has(name));
}
