import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { diskFault } from '../files/disk-fault.ts';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { stringify } from 'smol-toml';
import { nameProblem, quotedName } from '../config/config-names.ts';
import { realPathOf, WorkspaceBoundary } from '../files/folder-boundary.ts';
import { brainbenchLimitsShape } from '../runtimes/runtime-params.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { Json } from '../trace/trace-event.ts';
import { mockScript, type MockTooling } from './mock-script.ts';
import { recordedAssertions } from './recorded-assertions.ts';
import type { HeaderLine } from './recording-format.ts';
import type { RecordedIteration, Recording } from './recording.ts';
import { RecordingError } from './recording-reader.ts';

const BASE_FILE = 'omw.test.base.toml';
const TEST_FILE = 'omw.test.toml';
/** The runtime keys a written test keeps: Brainbench's engine limits, which confine a brain further. */
const KEPT_RUNTIME_KEYS = new Set(Object.keys(brainbenchLimitsShape));

/** What a caller writes into a test in place of the recording's: the brains to name, the assertions, the first comment line. */
export interface TestOverrides {
  /** Per agent, the brain the test names (relative to the test folder); it is not written. */
  scripts?: Record<string, string>;
  assertions?: Record<string, Json>;
  /** The test files' first line: where they come from. */
  from?: string;
}

/**
 * Writes an omw test folder from a recording: `omw.test.base.toml` with the agents (their brains
 * written beside it from the recorded text), their runtimes and mocks in place of every provider
 * and tool server, answering as the recording did; `omw.test.toml` with the assertions, what
 * each agent was seen to do in its first recorded iteration, or in a branch the first after its
 * fork point, from the memory it had there (omw-test runs each brain once).
 * Everything in the recording is data: every file it writes is refused unless it lands inside
 * `dir` (links followed) and is new; a brain the recording has no text of is named in the test
 * as missing, never copied from the path the recording gives; a runtime gets its kind and
 * limits, not an `interpreter` or WASI keys. Returns the files written.
 */
export function writeRecordingTest(
  recording: Recording,
  dir: string,
  agents?: readonly string[],
  warn: (message: string) => void = () => {},
  overrides: TestOverrides = {},
): string[] {
  const names = agents ?? [...recording.agents.keys()].sort();
  const { header } = recording;
  const unknown = names.filter((name) => !testedIteration(recording, name));
  if (unknown.length > 0) throw new RecordingError(`no recorded iteration of ${unknown.join(', ')}`);
  const notInConfig = names.filter((name) => !Object.hasOwn(header.config.agents, name));
  if (notInConfig.length > 0)
    throw new RecordingError(`the recording's config has no agent ${notInConfig.join(', ')}: its brain is unknown`);
  const tested = names.map((name) => testedIteration(recording, name)!);
  const mocks = mockScript(tested);
  for (const name of [...mocks.providers.keys(), ...mocks.tooling.keys()]) {
    const problem = nameProblem(name);
    if (problem) throw new RecordingError(`a recorded call names back end ${quotedName(name)}: ${problem}`);
  }
  const brains = names.map((name) => {
    const named = overrides.scripts?.[name];
    return named === undefined
      ? brainFile(header, name)
      : { ...brainFile(header, name), file: named, source: undefined };
  });
  const folder = testFolder(dir);
  const files = new TestFiles(folder, dir);
  const written = brains.filter((_brain, i) => overrides.scripts?.[names[i]!] === undefined);
  for (const name of [...written.map((brain) => brain.file), BASE_FILE, TEST_FILE]) files.check(name);

  for (const warning of mocks.warnings) warn(warning);
  const talking = talkingAgents(names, tested);
  if (talking.length > 1) {
    warn(
      `${talking.slice(0, -1).join(', ')} and ${talking.at(-1)} send each other messages: what one does may depend on when the other's arrive, which this test does not fix`,
    );
  }
  const missing: string[] = [];
  const agentTables = Object.create(null) as Record<string, Json>;
  const runtimes = Object.create(null) as Record<string, Json>;
  names.forEach((name, i) => {
    const { file, source, runtime } = brains[i]!;
    if (source !== undefined) files.write(file, source);
    else if (overrides.scripts?.[name] === undefined) {
      const path = header.brains[name]?.path;
      const was = path === undefined ? '' : ` (it was ${JSON.stringify(path)})`;
      missing.push(`# ${name}'s brain is not in the recording${was}: put it at ${file}.`);
      warn(`${name}'s brain is not in the recording: the test names ${file}, which is missing`);
    }
    agentTables[name] = { runtime, script: file };
    runtimes[runtime] = runtimeTable(header, runtime, warn);
  });
  const memory = Object.create(null) as Record<string, Json>;
  for (const name of names) {
    const seed = startingMemory(header, name);
    if (seed) memory[name] = typedMemory(seed);
  }
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
  const from =
    overrides.from ??
    `# Written by brainbench replay --to-test from the recording of ${JSON.stringify(basename(header.configFile))} made ${new Date(header.createdAt).toISOString()}.\n`;
  files.write(
    BASE_FILE,
    `${from}# The agents, their runtimes, and mocks that answer as the recorded back ends did.\n${missing.map((line) => `${line}\n`).join('')}\n${stringify(base)}\n`,
  );
  const assertions = Object.create(null) as Record<string, Json>;
  names.forEach((name, i) => (assertions[name] = overrides.assertions?.[name] ?? recordedAssertions(tested[i]!)));
  files.write(
    TEST_FILE,
    `${from}# What each agent was seen to do: its calls and events in order, and its outcome.\n\n${stringify({ assertions })}\n`,
  );
  return files.written;
}

/**
 * The iteration a test reproduces: the first recorded, or in a branch the first its agent ran
 * after the fork point, which is what the branch changed (its edits apply from there).
 */
function testedIteration(recording: Recording, name: string): RecordedIteration | undefined {
  const iterations = recording.agents.get(name)?.iterations ?? [];
  const branch = recording.header.branch;
  if (branch?.agent !== name) return iterations[0];
  return iterations.find((iteration) => iteration.iteration === branch.afterIteration + 1);
}

/** The memory the agent's tested iteration starts from: a branch's at its fork point, else the config's seed. */
function startingMemory(header: HeaderLine, name: string): Record<string, string> | undefined {
  if (header.branch?.agent === name && header.branch.memory) return header.branch.memory;
  return Object.hasOwn(header.config.memory, name) ? header.config.memory[name] : undefined;
}

/**
 * Memory entries as the config writes them (omw stores a string as it is and any other value as
 * its compact JSON): an entry that is the compact JSON of a number, a boolean, or a list or table
 * of them with its keys in order is written as that value (`ticks = 0`, not `"0"`); anything else
 * stays a string, so the memory seeded is the recorded one, character for character.
 */
function typedMemory(entries: Record<string, string>): Json {
  const table = Object.create(null) as Record<string, Json>;
  for (const [key, text] of Object.entries(entries)) table[key] = typedValue(text);
  return table;
}

function typedValue(text: string): Json {
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return text;
  }
  return typeof value !== 'string' && writesAsIs(value) && JSON.stringify(value) === text ? value : text;
}

/** TOML holds the value, and a table's keys are in the order any reader would put them back. */
function writesAsIs(value: Json): boolean {
  if (value === null || typeof value === 'string') return value !== null;
  if (typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(writesAsIs);
  const keys = Object.keys(value);
  return keys.every((key, i) => i === 0 || keys[i - 1]! < key) && Object.values(value).every(writesAsIs);
}

/** Where an agent's brain goes in the test: `<agent><extension of its runtime kind>`, and its recorded text. */
function brainFile(header: HeaderLine, name: string): { file: string; source: string | undefined; runtime: string } {
  const { runtime, script } = header.config.agents[name]!;
  const kind = header.config.runtime[runtime]!.kind;
  const descriptor = runtimeDescriptor(kind);
  if (!descriptor)
    throw new RecordingError(
      `agent ${quotedName(name)} runs on runtime kind ${quotedName(kind)}, which this Brainbench does not know`,
    );
  const recorded = header.brains[name];
  const path = recorded?.path ?? script;
  const extension = descriptor.brain.extensions.find((ext) => extname(path) === ext) ?? descriptor.brain.extensions[0]!;
  return { file: `${name}${extension}`, source: recorded?.source, runtime };
}

/** A runtime as the test declares it: its kind and limits; what else the recording gave it is left out, with a note. */
function runtimeTable(header: HeaderLine, name: string, warn: (message: string) => void): Json {
  const { kind, params } = header.config.runtime[name]!;
  const kept = Object.entries(params).filter(([key]) => KEPT_RUNTIME_KEYS.has(key));
  const dropped = Object.keys(params).filter((key) => !KEPT_RUNTIME_KEYS.has(key));
  if (dropped.length > 0)
    warn(
      `runtime ${name}: ${dropped.map(quotedName).join(', ')} from the recording are left out of the test (add them if you trust them)`,
    );
  return { kind, ...Object.fromEntries(kept) } as Json;
}

/** The chosen folder, created when missing: a test folder's files are written inside it only. */
function testFolder(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new RecordingError(`cannot create ${dir}: ${(error as Error).message}`);
  }
  return realPathOf(resolve(dir)) ?? resolve(dir);
}

/** The test's files, each checked to land inside its folder (links followed) as a new file. */
class TestFiles {
  readonly written: string[] = [];
  /** The real paths of `written`. */
  private readonly files: string[] = [];
  private readonly boundary: WorkspaceBoundary;

  /** `folder`: the real path; `shown`: the folder as the caller named it, for the files' names. */
  constructor(
    private readonly folder: string,
    private readonly shown: string,
  ) {
    this.boundary = new WorkspaceBoundary(folder, 'the test folder');
  }

  /** The real file `name` writes, refused when it lies outside the folder or exists already. */
  check(name: string): string {
    let target: { file: string; exists: boolean };
    try {
      target = this.boundary.fileToWrite(name, 'create');
    } catch (error) {
      throw new RecordingError((error as Error).message);
    }
    if (target.exists || existsSync(target.file))
      throw new RecordingError(
        `cannot create "${name}" in ${this.folder}: it exists, and a test is written only as new files`,
      );
    return target.file;
  }

  write(name: string, text: string): void {
    const file = this.check(name);
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, { flag: 'wx' });
    } catch (error) {
      const fault = diskFault(error);
      if (fault === undefined) throw new RecordingError(`cannot write ${file}: ${(error as Error).message}`);
      // Half a test would fail for the wrong reason: what this test wrote goes (removing frees space).
      for (const written of [...this.files, file]) rmSync(written, { force: true });
      throw new RecordingError(
        `cannot write ${file}: ${fault}; the test was not written (its files so far were removed)`,
      );
    }
    this.files.push(file);
    this.written.push(join(this.shown, name));
  }
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
