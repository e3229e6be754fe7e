import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { parseParams } from '../../main/config/params/parse-params.ts';
import { mockProviderParamsSchema } from '../../main/providers/mock-provider-params.ts';
import { mockToolingParamsSchema } from '../../main/tooling/mock-tooling-params.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const NO_ENV = {};

function load(name: string, contents: string) {
  const dir = fixtureDir({ [name]: contents });
  return { file: join(dir, name), load: () => loadConfig(join(dir, name), { env: NO_ENV }) };
}

describe('validation errors', () => {
  it('points a bad turn deep inside a provider mock at its line', () => {
    const { file, load: loadIt } = load(
      'omw.toml',
      `[providers.main]
kind = "mock"
turns = [
  { content = "one" },
  { content = "two" },
  { tool_call = { id = "c1", name = "lookup", arguments = "{}" },
    reasoning = 42 },
]
`,
    );
    const config = loadIt();
    const main = config.providers['main'];
    assert.ok(main);
    const error = configErrorOf(() => parseParams(mockProviderParamsSchema, main, config, ['providers', 'main']));
    assert.equal(error.message, `${file}:7:5: providers.main.turns[2].reasoning: expected a string (found 42)`);
    assert.equal(error.keyPath, 'providers.main.turns[2].reasoning');
  });

  it('locates the same mistake in YAML', () => {
    const { file, load: loadIt } = load(
      'omw.yaml',
      `tooling:
  files:
    kind: mock
    tool_calls:
      - name: read
        result: ok
      - name: write
        pending: "yes"
`,
    );
    const config = loadIt();
    const files = config.tooling['files'];
    assert.ok(files);
    const error = configErrorOf(() => parseParams(mockToolingParamsSchema, files, config, ['tooling', 'files']));
    assert.equal(
      error.message,
      `${file}:8:9: tooling.files.tool_calls[1].pending: expected true or false (found "yes")`,
    );
  });

  it('reports a required key that is missing at its table', () => {
    const { file, load: loadIt } = load(
      'omw.json',
      '{\n  "providers": {\n    "main": {\n      "kind": "mock",\n      "turns": [\n        { "tool_call": { "id": "x", "arguments": {} } }\n      ]\n    }\n  }\n}\n',
    );
    const config = loadIt();
    const main = config.providers['main'];
    assert.ok(main);
    const error = configErrorOf(() => parseParams(mockProviderParamsSchema, main, config, ['providers', 'main']));
    assert.equal(error.message, `${file}:6:11: providers.main.turns[0].tool_call.name: expected a string (missing)`);
  });

  it('rejects a misspelt params key and lists the known ones', () => {
    const { file, load: loadIt } = load('omw.toml', '[providers.main]\nkind = "mock"\nmodels = []\nturn = []\n');
    const config = loadIt();
    const main = config.providers['main'];
    assert.ok(main);
    const error = configErrorOf(() => parseParams(mockProviderParamsSchema, main, config, ['providers', 'main']));
    assert.equal(
      error.message,
      `${file}:4:1: providers.main.turn: expected one of the keys turns, models, stream_delay_ms, prices (found "turn")`,
    );
  });

  it('places a bad stream_delay_ms (a Brainbench extension of the mock) at its value', () => {
    const { file, load: loadIt } = load('omw.toml', '[providers.main]\nkind = "mock"\nstream_delay_ms = -5\n');
    const config = loadIt();
    const main = config.providers['main'];
    assert.ok(main);
    const error = configErrorOf(() => parseParams(mockProviderParamsSchema, main, config, ['providers', 'main']));
    assert.equal(error.message, `${file}:3:1: providers.main.stream_delay_ms: expected a number >= 0 (found -5)`);
  });

  it('explains that the [[agents]] list is now a map', () => {
    const { file, load: loadIt } = load(
      'omw.toml',
      '[runtime.js]\nkind = "js"\n\n[[agents]]\nname = "alice"\nruntime = "js"\nscript = "a.js"\n',
    );
    const error = configErrorOf(loadIt);
    assert.equal(error.file, file);
    assert.deepEqual([error.line, error.column, error.keyPath], [4, 3, 'agents']);
    assert.match(error.problem, /`agents` is a map now, so write `\[agents\.<name>\]`/);
    assert.equal(error.found, 'found a list');
  });

  it('names the agent and the configured runtimes when a runtime is unknown', () => {
    const { file, load: loadIt } = load(
      'omw.toml',
      `[runtime.js]
kind = "js"
[runtime.rhai]
kind = "rhai"

[agents.alice]
runtime = "js"
script = "a.js"

[agents.bob]
script = "b.py"
runtime = "python"
`,
    );
    const error = configErrorOf(loadIt);
    assert.equal(
      error.message,
      `${file}:12:1: agents.bob.runtime: agent "bob" expected the name of a configured runtime (one of js, rhai) (found "python")`,
    );
  });

  it('says so when no runtime is configured at all', () => {
    const { load: loadIt } = load('omw.toml', '[agents.alice]\nruntime = "js"\nscript = "a.js"\n');
    assert.match(configErrorOf(loadIt).problem, /\(none is configured\)$/);
  });

  it('rejects a misspelt agent key', () => {
    const { file, load: loadIt } = load('omw.toml', '[agents.alice]\nruntime = "js"\nscirpt = "a.js"\n');
    const error = configErrorOf(loadIt);
    assert.equal(
      error.message,
      `${file}:3:1: agents.alice.scirpt: expected one of the keys runtime, script (found "scirpt")`,
    );
  });

  it('requires every kind to be a string', () => {
    const numeric = load('omw.toml', '[tooling.files]\nkind = 3\n');
    assert.equal(
      configErrorOf(numeric.load).message,
      `${numeric.file}:2:1: tooling.files.kind: expected a string (found 3)`,
    );

    const missing = load('omw.yaml', 'runtime:\n  js:\n    interpreter: x.wasm\n');
    assert.equal(
      configErrorOf(missing.load).message,
      `${missing.file}:2:3: runtime.js.kind: expected a kind naming the back end (missing)`,
    );
  });

  it('requires agents to be a table of tables', () => {
    const { file, load: loadIt } = load('omw.json', '{"agents": {"alice": "a.js"}}');
    assert.equal(configErrorOf(loadIt).message, `${file}:1:13: agents.alice: expected a table (found "a.js")`);
  });
});
